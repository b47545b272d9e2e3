// Every reader of the data build works within limits (one file's size, gunzipped
// size, all gunzipped input, string length, list length, nesting) and never follows a symbolic
// link out of its source folder. Each case runs `npm run data` as a user does: exit 1, one line
// naming the file, the record and the field, the flag that raises the limit, the previous output
// byte for byte as it was. Lower limits given by flag keep the inputs small.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataBuild, ROOT, validate } from '../../harness/run.ts';
import { digests } from '../helpers/tree.ts';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-limits-${name}-`));
const SAMPLE_DUMP = join(ROOT, 'data-build/dictionary/sample/dictionary.json');
const BOOKS_SAMPLE = join(ROOT, 'data-build/books/sample');

/** A build of one service that must fail with exit 1, leaving `out` exactly as it was. */
async function fails(service: string, args: string[], out: string): Promise<string> {
  const before = digests(out);
  const r = await dataBuild(['--only', service, ...args, '--out', out], { KHOJ_BOOKS_PDFS: 'local' });
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toContain(`data-build: bad ${service} input, nothing was replaced in ${out}`);
  expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
  expect(digests(out)).toEqual(before);
  return r.stderr;
}

describe('dictionary dump and tree mirror within limits', () => {
  const out = tmp('dict-out');
  const dir = tmp('dict-in');
  let tree: string;
  beforeAll(async () => {
    const r = await dataBuild(['--only', 'dictionary', '--out', out, '--chunk-size', '100']);
    expect(r.code, r.stderr).toBe(0);
    tree = tmp('tree');
    cpSync(join(out, 'api/v1'), tree, { recursive: true });
  });

  it("a gzip bomb stops at the file limit, quickly, naming the file and the flag (the issue's 204 KB .gz case, scaled)", async () => {
    const file = join(dir, 'bomb.json.gz');
    writeFileSync(file, gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 }));
    const err = await fails('dictionary', ['--dictionary', file, '--max-file-mb', '8'], out);
    expect(err).toContain(`${file}: gzip data inflates to more than 8 MB, the limit for one file (raise it with --max-file-mb)`);
  });

  it('all gunzipped input of a run has its own limit', async () => {
    const file = join(dir, 'two-mb.json.gz');
    writeFileSync(file, gzipSync(`[${' '.repeat(2 * 1024 * 1024)}]`));
    const err = await fails('dictionary', ['--dictionary', file, '--max-inflated-mb', '1'], out);
    expect(err).toContain(`${file}: gzip data inflates past the limit of 1 MB for all the input of one run (raise it with --max-inflated-mb)`);
  });

  it('a file over the size limit is refused before it is read', async () => {
    const file = join(dir, 'big.json');
    writeFileSync(file, `[${' '.repeat(3 * 1024 * 1024)}]`);
    expect(await fails('dictionary', ['--dictionary', file, '--max-file-mb', '2'], out)).toContain(
      `${file}: 3 MB, over the limit of 2 MB for one file (raise it with --max-file-mb)`,
    );
  });

  it('a device is no input file', async () => {
    expect(await fails('dictionary', ['--dictionary', '/dev/zero', '--dictionary-format', 'dump'], out)).toContain(
      '/dev/zero: is not a regular file (a device, pipe or socket)',
    );
  });

  it('a sense over the string limit names the entry and the field (default limit)', async () => {
    const file = join(dir, 'long-sense.json');
    writeFileSync(
      file,
      JSON.stringify([
        { word: 'क', definitions: [{ senses: ['x'] }] },
        { word: 'ख', definitions: [{ grammar: 'ना.', senses: ['ok', 'y'.repeat(1_000_000)] }] },
      ]),
    );
    expect(await fails('dictionary', ['--dictionary', file], out)).toContain(
      `${file}: entry 1 "ख": definitions[0].senses[1]: a string of 1,000,000 characters, over the limit of 200,000 (raise it with --max-string)`,
    );
    const r = await dataBuild(['--only', 'dictionary', '--dictionary', file, '--max-string', '1000000', '--out', tmp('raised')]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('nesting past the depth limit, and too many entries, are named', async () => {
    const deep = join(dir, 'deep.json');
    const nested = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    writeFileSync(deep, `[{"word":"क","definitions":[{"senses":["x"],"etymology":${nested}}]}]`);
    expect(await fails('dictionary', ['--dictionary', deep], out)).toMatch(
      new RegExp(
        `${deep}: entry 0 "क": definitions\\[0\\]\\.etymology(\\[0\\])+…\\(\\d+ more\\)…(\\[0\\])+: nested deeper than the limit of 32 levels \\(raise it with --max-depth\\)`,
      ),
    );
    expect(await fails('dictionary', ['--dictionary', SAMPLE_DUMP, '--max-entries', '100'], out)).toMatch(
      /dictionary\.json: a list of \d{3} items, over the limit of 100 \(raise it with --max-entries\)/,
    );
  });

  it('a tree mirror: a chunk over a limit is named by its path in the tree', async () => {
    const bad = tmp('tree-bad');
    cpSync(tree, bad, { recursive: true });
    const chunk = JSON.parse(readFileSync(join(bad, 'chunks/0001.json'), 'utf8')) as {
      entries: Array<{ word: string; definitions: Array<{ senses: string[] }> }>;
    };
    chunk.entries[5]!.definitions[0]!.senses[0] = 'z'.repeat(300_000);
    writeFileSync(join(bad, 'chunks/0001.json'), JSON.stringify(chunk));
    expect(await fails('dictionary', ['--dictionary', bad], out)).toContain(
      `chunks/0001.json: entry 5 "${chunk.entries[5]!.word}": definitions[0].senses[0]: a string of 300,000 characters, over the limit of 200,000 (raise it with --max-string)`,
    );
    const v = await validate([bad]);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain('chunks/0001.json: entry 5');
    expect((await validate(['--max-string', '400000', bad])).code).toBe(0);
    expect((await validate(['--max-string', 'lots', bad])).code).toBe(2);
  });

  it('a tree mirror never follows a link out of its folder; a link inside it is fine', async () => {
    const outside = tmp('outside');
    const linked = tmp('tree-link');
    cpSync(tree, linked, { recursive: true });
    cpSync(join(tree, 'chunks/0002.json'), join(outside, 'secret.json'));
    rmSync(join(linked, 'chunks/0002.json'));
    symlinkSync(join(outside, 'secret.json'), join(linked, 'chunks/0002.json'));
    expect(await fails('dictionary', ['--dictionary', linked], out)).toContain(
      `chunks/0002.json: a symbolic link out of the source folder ${linked} (to ${join(outside, 'secret.json')}): not followed`,
    );
    rmSync(join(linked, 'chunks/0002.json'));
    cpSync(join(tree, 'chunks/0002.json'), join(linked, 'chunks/copy.json'));
    symlinkSync('copy.json', join(linked, 'chunks/0002.json'));
    const r = await dataBuild(['--only', 'dictionary', '--dictionary', linked, '--out', tmp('inside')]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('bad limit flags are a usage error', async () => {
    for (const args of [
      ['--max-depth', '0'],
      ['--max-string', '3.5'],
      ['--max-file-mb', 'big'],
    ]) {
      const r = await dataBuild(['--only', 'dictionary', ...args, '--out', tmp('usage')]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/must be a positive whole number/);
    }
  });
});

describe('market folders (layout A and B) within limits', () => {
  const out = tmp('market-out');
  let src: string;
  beforeAll(async () => {
    const r = await dataBuild(['--only', 'market', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    src = tmp('market-src');
    cpSync(out, src, { recursive: true });
  });

  const copy = () => {
    const d = tmp('market-copy');
    cpSync(src, d, { recursive: true });
    return d;
  };

  it('layout A: a notice over the string limit fails the build (optional or not), naming record and field', async () => {
    const d = copy();
    const path = join(d, 'data/notify/notices.json');
    const notices = JSON.parse(readFileSync(path, 'utf8')) as { general: Array<Record<string, unknown>> };
    notices.general[1]!.noticeBody = 'n'.repeat(250_000);
    writeFileSync(path, JSON.stringify(notices));
    expect(await fails('market', ['--market', d], out)).toMatch(
      new RegExp(`${path}: general\\[1\\]\\.noticeBody: a string of 250,000 characters, over the limit of 200,000 \\(raise it with --max-string\\)`),
    );
  });

  it('layout B: a stock list over the entries limit names the file', async () => {
    const d = copy();
    rmSync(join(d, 'data/market'), { recursive: true });
    const path = join(d, 'data/exchange_data.json');
    const r = await fails('market', ['--market', d, '--market-layout', 'b', '--max-entries', '50'], out);
    expect(r).toMatch(new RegExp(`${path}: a list of \\d+ items, over the limit of 50 \\(raise it with --max-entries\\)`));
  });

  it('a market file that links out of the folder is not followed', async () => {
    const d = copy();
    const outside = tmp('market-outside');
    cpSync(join(d, 'data/notices.json'), join(outside, 'n.json'));
    rmSync(join(d, 'data/notify/notices.json'));
    symlinkSync(join(outside, 'n.json'), join(d, 'data/notify/notices.json'));
    expect(await fails('market', ['--market', d], out)).toContain(
      `${join(d, 'data/notify/notices.json')}: a symbolic link out of the source folder ${join(d, 'data')} (to ${join(outside, 'n.json')}): not followed`,
    );
  });
});

describe('book sources within limits', () => {
  const out = tmp('books-out');
  beforeAll(async () => {
    const r = await dataBuild(['--only', 'books', '--out', out], { KHOJ_BOOKS_PDFS: 'local' });
    expect(r.code, r.stderr).toBe(0);
  });

  it('a title over the string limit names the file, the record and the field', async () => {
    const d = tmp('books-src');
    cpSync(BOOKS_SAMPLE, d, { recursive: true });
    const path = join(d, 'cdc_nepal.json');
    const records = JSON.parse(readFileSync(path, 'utf8')) as Array<Record<string, unknown>>;
    records[2]!.title = 't'.repeat(210_000);
    writeFileSync(path, JSON.stringify(records));
    expect(await fails('books', ['--books', d], out)).toContain(
      `${path}: entry 2 "${records[2]!.id}": title: a string of 210,000 characters, over the limit of 200,000 (raise it with --max-string)`,
    );
  });

  it('a folder where a source file should be fails (it used to be taken as absent: that source quietly left out)', async () => {
    const d = tmp('books-folder');
    cpSync(BOOKS_SAMPLE, d, { recursive: true });
    rmSync(join(d, 'pustakalaya.json'));
    mkdirSync(join(d, 'pustakalaya.json'));
    expect(await fails('books', ['--books', d], out)).toContain(`${join(d, 'pustakalaya.json')}: is a folder, expected a file`);
  });

  it('a source file that links out of the folder is not followed', async () => {
    const d = tmp('books-link');
    cpSync(BOOKS_SAMPLE, d, { recursive: true });
    const outside = tmp('books-outside');
    cpSync(join(d, 'cdc_nepal.json'), join(outside, 'private.json'));
    rmSync(join(d, 'cdc_nepal.json'));
    symlinkSync(join(outside, 'private.json'), join(d, 'cdc_nepal.json'));
    mkdirSync(join(d, 'unused'));
    expect(await fails('books', ['--books', d], out)).toContain(
      `${join(d, 'cdc_nepal.json')}: a symbolic link out of the source folder ${d} (to ${join(outside, 'private.json')}): not followed`,
    );
  });
});
