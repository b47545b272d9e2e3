// The service worker's file check (src/core/dictionary/check-file.ts): its validators, generated from
// the contract's JSON Schemas (data-build/validators.ts), are what the schemas make today and agree
// with ajv's 2020-12 engine (a differential property run); it accepts every file of real builds, and
// refuses damaged files and files of another build with a message naming the file and field.

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFile, fileKindOf } from '../../src/core/dictionary/check-file.ts';
import { isDateTime } from '../../src/core/dictionary/date-time.ts';
import { shapeProblem } from '../../src/core/dictionary/file-shape.ts';
import { staleValidators } from '../../data-build/validators.ts';
import { SCHEMA_OF } from '../../src/core/dictionary/schemas.ts';
import type { LettersFile, Manifest } from '../../src/core/dictionary/types.ts';
import { makeDump } from '../../harness/dumps.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { hasSharedData } from '../../harness/shared-data.ts';
import { listFiles } from '../helpers/tree.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false }));
const dateTimeFormat = ajv.compile({ type: 'string', format: 'date-time' });

const RUNS = 3000;

describe('checkFile', () => {
  const out = mkdtempSync(join(tmpdir(), 'khoj-check-'));
  const v1 = join(out, 'api/v1');
  const files = new Map<string, string>();
  let index: { version: string; manifest: Manifest; letters: LettersFile };
  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', out, '--chunk-size', '100', '--generated-at', '2026-01-01T00:00:00Z'])).code).toBe(0);
    for (const f of listFiles(v1)) if (f.endsWith('.json')) files.set(f, readFileSync(join(v1, f), 'utf8'));
    index = { version: '2026-01-01T00:00:00Z', manifest: JSON.parse(files.get('manifest.json')!), letters: JSON.parse(files.get('letters.json')!) };
  });

  it('keeps the validators the schemas generate today (npm run validators writes them)', () => {
    expect(staleValidators()).toEqual([]);
  });

  it('accepts every file of a build against that build', () => {
    expect(files.size).toBeGreaterThan(50);
    for (const [rel, text] of files) expect(checkFile(rel, text, index), rel).toMatchObject({ ok: true });
  });

  it('refuses truncated files, HTML pages and wrong shapes, naming the file and the field', () => {
    const chunk = files.get('chunks/0003.json')!;
    expect(checkFile('chunks/0003.json', chunk.slice(0, chunk.length >> 1), index)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^chunks\/0003\.json: not JSON .*cut short/),
    });
    expect(checkFile('chunks/0003.json', '<!doctype html><h1>Bad gateway</h1>', index)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('an HTML page'),
    });
    const c = JSON.parse(chunk);
    c.entries[2].word = 7;
    expect(checkFile('chunks/0003.json', JSON.stringify(c), index)).toEqual({ ok: false, problem: 'chunks/0003.json: /entries/2/word: expected a string' });
    expect(checkFile('chunks/0004.json', chunk, index)).toMatchObject({ ok: false, problem: expect.stringContaining('chunk is 3') });
    const short = JSON.parse(chunk);
    short.entries.pop();
    short.count--;
    short.lastWord = short.entries.at(-1).word;
    expect(checkFile('chunks/0003.json', JSON.stringify(short), index)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('differ from manifest.json'),
      otherBuild: true,
    });
  });

  it('tells a file of another build apart', () => {
    const b = { ...index, version: '2026-02-01T00:00:00Z' };
    for (const rel of ['metadata.json', 'manifest.json', 'letters.json', `words-by-letter/${'क'}.json`]) {
      expect(checkFile(rel, files.get(rel)!, b), rel).toMatchObject({
        ok: false,
        otherBuild: true,
        problem: expect.stringContaining('of build 2026-01-01T00:00:00Z'),
      });
    }
    const fewer = { ...index.manifest, chunks: index.manifest.chunks.slice(0, 2), chunkCount: 2 };
    expect(checkFile('chunks/0003.json', files.get('chunks/0003.json')!, { manifest: fewer })).toMatchObject({ ok: false, otherBuild: true });
  });

  it('agrees with ajv-formats on date-time', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
    const dt = fc
      .tuple(
        digits(4),
        digits(2),
        digits(2),
        fc.constantFrom('T', 't', ' ', 'x'),
        digits(2),
        digits(2),
        digits(2),
        fc.constantFrom('', '.5', '.123'),
        fc.constantFrom('Z', 'z', '', '+05:45', '-00:30', '+2400', '-23:59', '+05'),
      )
      .map(([y, mo, d, s, h, mi, sec, frac, tz]) => `${y}-${mo}-${d}${s}${h}:${mi}:${sec}${frac}${tz}`);
    const near = fc.constantFrom(
      '2026-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '2026-12-31T23:59:60Z',
      '2026-12-31T23:59:60+01:00',
      '2026-12-31T22:59:60-01:00',
      '2026-04-31T00:00:00Z',
    );
    let runs = 0;
    fc.assert(
      fc.property(fc.oneof(dt, near, fc.string()), (s) => {
        runs++;
        expect(isDateTime(s), s).toBe(dateTimeFormat(s));
      }),
      { numRuns: RUNS },
    );
    console.log(`date-time: ${runs} cases agree with ajv-formats`);
  });

  // A damaged file: a valid one with random edits at random depths (a field dropped, a value
  // replaced by any JSON value, a string emptied or given another form, an array emptied).
  it('agrees with ajv on every file kind under random damage', () => {
    const kinds = ['metadata.json', 'manifest.json', 'letters.json', 'sample.json', `words-by-letter/${'क'}.json`, 'chunks/0003.json'];
    const anyJson = fc.jsonValue({ maxDepth: 2 });
    const edit = fc.record({
      at: fc.nat(),
      action: fc.integer({ min: 0, max: 6 }),
      value: anyJson,
      text: fc.oneof(
        fc.string(),
        fc.constantFrom('', 'chunks/12.json', 'chunks/0001.json', 'words-by-letter/क.json', '2026-13-01T00:00:00Z', '2026-01-01T00:00:00+05:45'),
      ),
      n: fc.integer({ min: -3, max: 12000 }),
    });
    const validators = new Map(Object.entries(SCHEMA_OF).map(([k, s]) => [k, ajv.compile(s)]));
    let runs = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.array(edit, { minLength: 1, maxLength: 4 }), (rel, edits) => {
        runs++;
        const v = JSON.parse(files.get(rel)!);
        for (const e of edits) damage(v, e);
        const kind = fileKindOf(rel)!;
        const ours = shapeProblem(kind, v) === undefined;
        const theirs = validators.get(kind)!(v) as boolean;
        if (!theirs) refused++;
        expect(ours, `${rel}: ${JSON.stringify(validators.get(kind)!.errors?.[0])} / ${shapeProblem(kind, v)}`).toBe(theirs);
      }),
      { numRuns: RUNS },
    );
    console.log(`shape: ${runs} damaged files, ${refused} refused by ajv, the checker agreeing on every one`);
    expect(refused).toBeGreaterThan(runs / 4);
    expect(refused).toBeLessThan(runs);
  });
});

describe.runIf(hasSharedData)('checkFile on the full-size dictionary (123,363 real headwords)', () => {
  it('accepts every file of the build, and refuses each chunk cut short', async () => {
    const dump = makeDump('check-file', ['--faults']);
    const out = mkdtempSync(join(tmpdir(), 'khoj-check-full-'));
    const r = await dictionaryBuild(['--dictionary', dump.file, '--out', out, '--generated-at', '2026-11-22T00:00:00Z']);
    expect(r.code, r.stderr).toBe(0);
    const v1 = join(out, 'api/v1');
    const text = (f: string) => readFileSync(join(v1, f), 'utf8');
    const index = {
      version: '2026-11-22T00:00:00Z',
      manifest: JSON.parse(text('manifest.json')) as Manifest,
      letters: JSON.parse(text('letters.json')) as LettersFile,
    };
    let n = 0;
    let largest = { file: '', chars: 0, ms: 0 };
    for (const f of listFiles(v1).filter((x) => x.endsWith('.json'))) {
      const t = text(f);
      const start = performance.now();
      expect(checkFile(f, t, index), f).toMatchObject({ ok: true });
      const ms = performance.now() - start;
      if (t.length > largest.chars) largest = { file: f, chars: t.length, ms };
      if (f.startsWith('chunks/')) expect(checkFile(f, t.slice(0, -1), index).ok, f).toBe(false);
      n++;
    }
    // A figure, not a test: the worker checks each stored row once per run.
    console.log(
      `full size: ${n} files accepted; the largest, ${largest.file} (${(largest.chars / 1e6).toFixed(2)} M characters), checked in ${largest.ms.toFixed(1)} ms`,
    );
    expect(n).toBeGreaterThan(290);
  }, 120_000);
});

type Edit = { at: number; action: number; value: unknown; text: string; n: number };

/** Applies one edit somewhere in `root` (picked by `at` among its containers' slots). */
function damage(root: unknown, e: Edit): void {
  const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
  const walk = (x: unknown, depth: number) => {
    if (depth > 5 || typeof x !== 'object' || x === null) return;
    const entries = Array.isArray(x) ? x.slice(0, 4).map((v, i) => [i, v] as const) : Object.entries(x);
    for (const [k, v] of entries) {
      slots.push([x as Record<string, unknown>, k]);
      walk(v, depth + 1);
    }
  };
  walk(root, 0);
  if (!slots.length) return;
  const [holder, key] = slots[e.at % slots.length]!;
  const h = holder as Record<string | number, unknown>;
  switch (e.action) {
    case 0:
      if (Array.isArray(holder)) holder.splice(Number(key), 1);
      else delete h[key];
      break;
    case 1:
      h[key] = e.value;
      break;
    case 2:
      h[key] = e.text;
      break;
    case 3:
      h[key] = e.n;
      break;
    case 4:
      h[key] = e.n + 0.5;
      break;
    case 5:
      h[key] = Array.isArray(h[key]) ? [] : typeof h[key] === 'string' ? '' : null;
      break;
    default:
      if (!Array.isArray(holder)) h[`extra${e.n}`] = e.value;
  }
}
