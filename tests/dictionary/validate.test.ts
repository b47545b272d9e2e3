// `npm run validate` on trees that are not ours: every problem with its file and path.

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LettersFile, Metadata } from '../../src/core/dictionary/types.ts';
import { serve } from '../../harness/http.ts';
import { dictionaryBuild, validate } from '../../harness/run.ts';

describe('validate', () => {
  const out = mkdtempSync(join(tmpdir(), 'khoj-val-'));
  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', out, '--chunk-size', '100'])).code).toBe(0);
  });

  const broken = (edit: (dir: string) => void) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'khoj-val-')), 'v1');
    cpSync(join(out, 'api/v1'), dir, { recursive: true });
    edit(dir);
    return dir;
  };
  const editJson = <T>(dir: string, rel: string, f: (x: T) => void) => {
    const p = join(dir, rel);
    const x = JSON.parse(readFileSync(p, 'utf8')) as T;
    f(x);
    writeFileSync(p, JSON.stringify(x));
  };

  it('accepts a good tree over HTTP', async () => {
    const s = await serve(out);
    try {
      // A tree on loopback is read only when named (every fetch goes to public hosts only otherwise).
      const refused = await validate([`${s.url}/api/v1`]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/127\.0\.0\.1 is a loopback address; only public hosts are fetched/);
      const r = await validate(['--private-upstream', s.url, `${s.url}/api/v1`]);
      expect(r.stderr).toMatch(/valid — \d+ files read/);
      expect(r.code).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('reports a word whose index disagrees with its place', async () => {
    const dir = broken((d) => {
      editJson<{ words: Array<{ index: number }> }>(d, 'words-by-letter/क.json', (w) => {
        w.words[1]!.index = 7;
      });
      editJson<Metadata>(d, 'metadata.json', (m) => {
        m.stats.entries += 1;
      });
    });
    const r = await validate([dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/words-by-letter\/क\.json: entry 1 "[^"]+": index: is 7, expected \d+/);
    expect(r.stdout).toMatch(/metadata\.json: stats\.entries: says \d+, the chunks hold \d+/);
  });

  it('reports schema violations and inconsistencies with file and path', async () => {
    const dir = broken((d) => {
      editJson<Metadata>(d, 'metadata.json', (m) => {
        delete (m as Partial<Metadata>).generatedAt;
      });
      editJson<LettersFile>(d, 'letters.json', (l) => {
        l.letters[2]!.count = 'many' as unknown as number;
      });
      editJson<{ entries: Array<{ word: string; definitions: unknown }> }>(d, 'chunks/0000.json', (c) => {
        c.entries[4]!.definitions = 'none';
      });
    });
    const r = await validate([dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('metadata.json: missing required field "generatedAt"');
    expect(r.stdout).toMatch(/letters\.json: entry 2 "."?: count: expected integer, found string/);
    expect(r.stdout).toMatch(/chunks\/0000\.json: entry 4 "[^"]+": definitions: expected array, found string/);
  });

  it('reports a missing tree plainly', async () => {
    const r = await validate([join(out, 'nope')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no such file or folder');
  });
});
