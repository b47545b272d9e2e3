// Fast-check properties for every reader of the data build (raw dump, /api/v1 tree
// mirror, market layouts A and B, book sources) and for the books query module. Each case damages
// one input file at random (mutate.ts) and runs the real build in this process over a previous
// output. The property: no crash and no hang; either the build succeeds and its output is valid,
// or it throws a DataError whose every problem names a file and says what is wrong, and the
// previous output is byte for byte as it was. The number of cases is in each test's name and is
// printed with how many built and how many were refused.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBooks } from '../../data-build/books/build.ts';
import { buildDictionary } from '../../data-build/dictionary/build.ts';
import { loadTree } from '../../data-build/dictionary/read-tree.ts';
import { setLimits } from '../../data-build/limits.ts';
import { buildMarket } from '../../data-build/market/build.ts';
import { checkTree } from '../../src/core/dictionary/check-tree.ts';
import { BooksApi } from '../../src/core/books/query.ts';
import type { CatalogFile, ErrorBody } from '../../src/core/books/types.ts';
import { DataError, formatProblem } from '../../src/core/problems.ts';
import { hasLoneSurrogate } from '../../src/core/text.ts';
import { ROOT } from '../../harness/run.ts';
import { listFiles, snapshot } from '../helpers/tree.ts';
import { applyMutation, type Mutation, mutation, PROPERTY_LIMITS } from './mutate.ts';

/** Cases per reader: each is a whole build, so tens, not thousands (the query gets more). */
/** KHOJ_PROPERTY_SCALE=5 runs five times as many (a longer hunt than `npm test` affords). */
const SCALE = Math.max(1, Number(process.env.KHOJ_PROPERTY_SCALE) || 1);
const RUNS = Object.fromEntries(
  Object.entries({ dump: 80, tree: 80, marketA: 40, marketB: 40, books: 50, query: 1000 }).map(([k, n]) => [k, n * SCALE]),
) as Record<'dump' | 'tree' | 'marketA' | 'marketB' | 'books' | 'query', number>;
const HANG_MS = 60_000;
const GENERATED_AT = '2026-01-01T00:00:00Z';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-prop-${name}-`));
const tally = new Map<string, { built: number; refused: number }>();

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) strings(x, out.concat(k));
  return out;
}

/** One build over `out`: 'built', or 'refused' with a proper DataError and `out` untouched. */
async function attempt(reader: string, what: string, out: string, run: () => Promise<unknown>): Promise<'built' | 'refused'> {
  const before = snapshot(out);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`${reader}: no answer within ${HANG_MS} ms (${what})`)), HANG_MS)));
  const count = tally.get(reader) ?? { built: 0, refused: 0 };
  tally.set(reader, count);
  try {
    await Promise.race([run(), hang]);
    count.built++;
    return 'built';
  } catch (e) {
    if (!(e instanceof DataError)) throw new Error(`${reader} crashed on input ${what}: ${(e as Error).stack}`, { cause: e });
    expect(e.problems.length, what).toBeGreaterThan(0);
    for (const p of e.problems) {
      expect(p.file, `${what}: ${formatProblem(p)}`).toMatch(/\S/);
      expect(p.message, `${what}: ${formatProblem(p)}`).toMatch(/\S/);
    }
    const after = snapshot(out);
    expect([...after.keys()], what).toEqual([...before.keys()]);
    for (const [f, bytes] of before) expect(after.get(f)!.equals(bytes), `${what}: ${f} changed`).toBe(true);
    count.refused++;
    return 'refused';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Damage that leaves a file present but unreadable must be refused, never read as if the file
 * were absent: cut short, a folder in its place, a link out of the source folder.
 */
function mustRefuse(m: Mutation, folderReader: boolean): boolean {
  return (m.kind === 'truncate' && m.at < 0.99) || m.kind === 'folder' || (folderReader && m.kind === 'link-out');
}

/** A copy of `base` with one of its JSON files damaged; returns the folder and what was done. */
function damaged(base: string, pick: number, m: Mutation): { dir: string; what: string } {
  const dir = tmp('case');
  cpSync(base, dir, { recursive: true });
  // pack.json is not read from a mirrored tree: each build makes the pack and its index anew from the chunks.
  const files = listFiles(dir).filter((f) => f.endsWith('.json') && f !== 'pack.json');
  const file = files[pick % files.length]!;
  return { dir, what: `${file}: ${applyMutation(join(dir, ...file.split('/')), m)}` };
}

/** A built /api/v1 tree must pass the contract and the cross-file check, with no lone surrogate in a word. */
async function expectValidTree(tree: string, what: string): Promise<void> {
  const { files, problems } = await loadTree({ kind: 'dir', href: tree });
  checkTree(files, (p) => problems.push(p));
  expect(problems.map(formatProblem), what).toEqual([]);
  for (const f of listFiles(tree).filter((x) => x.startsWith('words-by-letter/'))) {
    expect(strings(JSON.parse(readFileSync(join(tree, f), 'utf8'))).filter(hasLoneSurrogate), `${what}: ${f}`).toEqual([]);
  }
}

beforeAll(() => setLimits(PROPERTY_LIMITS));
afterAll(() => {
  setLimits();
  for (const [reader, n] of tally)
    console.log(
      `property cases, ${reader}: ${n.built + n.refused} run, ${n.built} built a valid output, ${n.refused} refused with a named problem, previous output untouched`,
    );
});

describe('dictionary readers', () => {
  const inputs = tmp('dict-in');
  const dump = join(inputs, 'dump.json');
  const out = tmp('dict-out');
  let tree: string;
  beforeAll(async () => {
    const sample = JSON.parse(readFileSync(join(ROOT, 'data-build/dictionary/sample/dictionary.json'), 'utf8')) as unknown[];
    writeFileSync(dump, JSON.stringify(sample.slice(0, 40)));
    await buildDictionary({ source: dump, format: 'dump', generatedAt: GENERATED_AT, chunkSize: 7 }, out);
    tree = join(tmp('dict-tree'), 'v1');
    cpSync(join(out, 'api/v1'), tree, { recursive: true });
    // A tree to mirror is the contract's files: the meaning index and the headword list are Khoj's
    // own, made anew from the entries (a mirror's copies are never read).
    rmSync(join(tree, 'meanings'), { recursive: true });
    rmSync(join(tree, 'headwords.json'));
  });

  it(`raw dump: ${RUNS.dump} damaged dumps, each built or refused cleanly`, async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const { dir, what } = damaged(inputs, 0, m);
        const file = join(dir, 'dump.json');
        const r = await attempt('raw dump', what, out, () => buildDictionary({ source: file, format: 'dump', generatedAt: GENERATED_AT, chunkSize: 7 }, out));
        if (mustRefuse(m, false)) expect(r, what).toBe('refused');
        if (r === 'built') await expectValidTree(join(out, 'api/v1'), what);
      }),
      { numRuns: RUNS.dump, endOnFailure: true },
    );
  });

  it(`tree mirror: ${RUNS.tree} trees with one file damaged, each built or refused cleanly`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), mutation, async (pick, m) => {
        const { dir, what } = damaged(tree, pick, m);
        const r = await attempt('tree mirror', what, out, () => buildDictionary({ source: dir, format: 'tree' }, out));
        if (mustRefuse(m, true)) expect(r, what).toBe('refused');
        if (r === 'built') await expectValidTree(join(out, 'api/v1'), what);
      }),
      { numRuns: RUNS.tree, endOnFailure: true },
    );
  });
});

describe('market readers', () => {
  const out = tmp('market-out');
  const slim: Record<'a' | 'b', string> = { a: tmp('market-a'), b: tmp('market-b') };
  // A few files of each layout, the stock list cut short: every case is a whole build.
  const PICK = {
    a: [
      'market/status.json',
      'exchange_data.json',
      'market/indices.json',
      'market/summary.json',
      'notify/notices.json',
      'notify/disclosures.json',
      'other/brokers.json',
      'market/top_stocks.json',
      'dividend/meta.json',
    ],
    b: [
      'market_status.json',
      'nepse_data.json',
      'indices.json',
      'market_summary.json',
      'notices.json',
      'disclosures.json',
      'brokers.json',
      'top_stocks.json',
      'proposed_dividend/meta.json',
    ],
  };
  beforeAll(async () => {
    await buildMarket({}, out);
    for (const layout of ['a', 'b'] as const) {
      for (const p of PICK[layout]) {
        const dest = join(slim[layout], 'data', ...p.split('/'));
        mkdirSync(join(dest, '..'), { recursive: true });
        let text = readFileSync(join(out, 'data', ...p.split('/')), 'utf8');
        if (p.endsWith('_data.json')) text = JSON.stringify((JSON.parse(text) as unknown[]).slice(0, 30));
        writeFileSync(dest, text);
      }
    }
  });

  for (const layout of ['a', 'b'] as const) {
    const runs = layout === 'a' ? RUNS.marketA : RUNS.marketB;
    it(`layout ${layout.toUpperCase()}: ${runs} snapshots with one file damaged, each built or refused cleanly`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(), mutation, async (pick, m) => {
          const { dir, what } = damaged(slim[layout], pick, m);
          const r = await attempt(`market layout ${layout.toUpperCase()}`, what, out, () => buildMarket({ source: dir }, out));
          if (mustRefuse(m, true)) expect(r, what).toBe('refused');
          if (r === 'built') {
            // buildMarket checks its own output against the schemas; here: it is all there and parses.
            for (const f of listFiles(join(out, 'data'))) expect(() => JSON.parse(readFileSync(join(out, 'data', f), 'utf8')), f).not.toThrow();
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
    });
  }
});

describe('book sources and the books query', () => {
  const out = tmp('books-out');
  let catalog: CatalogFile;
  beforeAll(async () => {
    await buildBooks({ pdfs: 'none' }, out);
    catalog = JSON.parse(readFileSync(join(out, 'api/books/catalog.json'), 'utf8')) as CatalogFile;
  });

  it(`book sources: ${RUNS.books} source folders with one file damaged, each built or refused cleanly`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), mutation, async (pick, m) => {
        const { dir, what } = damaged(join(ROOT, 'data-build/books/sample'), pick, m);
        const r = await attempt('book sources', what, out, () => buildBooks({ source: dir, pdfs: 'none' }, out));
        if (mustRefuse(m, true)) expect(r, what).toBe('refused');
        if (r !== 'built') return;
        const built = JSON.parse(readFileSync(join(out, 'api/books/catalog.json'), 'utf8')) as CatalogFile;
        expect(strings(built).filter(hasLoneSurrogate), what).toEqual([]);
        // Every value a screen can offer as a filter is one the query accepts.
        const api = new BooksApi(built);
        for (const b of built.books) {
          for (const key of ['subject', 'source', 'category', 'language'] as const) {
            const v = b[key];
            if (typeof v === 'string') expect(api.list(new URLSearchParams({ [key]: v, limit: '1' })).status, `${what}: ${key} ${v}`).toBe(200);
          }
          expect(api.handle('GET', `/api/books/${encodeURIComponent(b.id)}`, new URLSearchParams())!.status, `${what}: ${b.id}`).toBe(200);
        }
      }),
      { numRuns: RUNS.books, endOnFailure: true },
    );
    // 50 builds of the sample catalog, about 2 s each alone: past the default 120 s while the suite's other files run beside it.
  }, 360_000);

  it(`books query: ${RUNS.query} hostile requests, each a 200, a 400 naming the parameter, a 404 or a 405, never a throw`, () => {
    const api = new BooksApi(catalog);
    const key = fc.oneof(fc.constantFrom('q', 'grade', 'subject', 'source', 'language', 'category', 'page', 'limit'), fc.string({ maxLength: 8 }));
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('\uD800', 'x'.repeat(101), 'x'.repeat(201), '-1', '1e9', '0x10', 'NaN', '', '%', 'कक्षा ५'),
      fc.integer().map(String),
    );
    // Paths as a server hands them over: parsed from a URL, so percent-encoded.
    const path = fc.oneof(
      fc.constantFrom('/api/books', '/api/books/', '/api/sources', '/api/stats', '/api/books/%E0%A4', '/api/books/a/b'),
      fc.string({ unit: 'binary', maxLength: 20 }).map((s) => new URL(`/api/books/${s}`, 'http://khoj.test').pathname),
    );
    fc.assert(
      fc.property(path, fc.array(fc.tuple(key, value), { maxLength: 6 }), fc.constantFrom('GET', 'HEAD', 'POST'), (p, params, method) => {
        const res = api.handle(method, p, new URLSearchParams(params));
        expect(res).toBeDefined();
        expect([200, 400, 404, 405]).toContain(res!.status);
        const body = JSON.parse(JSON.stringify(res!.body)) as { success: boolean } & Partial<ErrorBody>;
        expect(body.success).toBe(res!.status === 200);
        if (res!.status >= 400) expect(body.error).toMatch(/\S/);
        // A query parameter at fault is named (a malformed id in the path is a 400 of its own).
        if (res!.status === 400 && params.length && !/^\/api\/books\/./.test(p)) expect(body.error).toContain(body.parameter);
      }),
      { numRuns: RUNS.query },
    );
  });
});
