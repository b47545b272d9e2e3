// `KHOJ_SOURCES=public`: the public profile's three upstreams served on loopback from
// ../shared/data at the same paths (harness/upstreams.ts, reached through mirrors),
// built into the real dictionary, catalog and market; the second run from the download
// cache (revalidated: 0 bytes downloaded); --offline; 429 and 503 with Retry-After; the
// build stamp that keeps a real build from being overwritten by a sourceless run.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataBuild } from '../../harness/run.ts';
import { HEADWORDS, hasSharedData, SHARED_DATA } from '../../harness/shared-data.ts';
import { snapshot } from '../helpers/tree.ts';
import { startUpstreams, type Upstreams } from '../../harness/upstreams.ts';

const tmp = (p = 'khoj-public-') => mkdtempSync(join(tmpdir(), p));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

// Each case runs whole three-service builds: on a loaded 2-core machine one can take a minute.
describe.skipIf(!hasSharedData)('the public profile against local copies of its upstreams', { timeout: 300_000 }, () => {
  let up: Upstreams;
  const cache = tmp('khoj-public-cache-');
  const first = tmp();
  let env: Record<string, string>;
  // PDFs of the real catalog are on the internet, which the tests cannot reach.
  const build = (out: string, args: string[] = [], extra: Record<string, string> = {}) =>
    dataBuild(['--out', out, '--cache', cache, '--books-pdfs', 'none', ...args], { ...env, ...extra });

  beforeAll(async () => {
    up = await startUpstreams();
    env = { KHOJ_SOURCES: 'public', KHOJ_MIRRORS: up.mirrors, KHOJ_RETRY_BASE_MS: '10' };
  }, 300_000);
  afterAll(() => up?.close());

  it('builds the real dictionary, catalog and market, and says what it fetched', async () => {
    const r = await build(first);
    expect(r.code, r.stderr).toBe(0);
    // The dictionary: the mirrored tree of real headwords.
    const meta = readJson<{ totalEntries?: number; entries?: number }>(join(first, 'api/v1/metadata.json'));
    expect(JSON.stringify(meta)).toContain(String(up.entries));
    const headwords = new Set(readFileSync(HEADWORDS, 'utf8').split('\n'));
    const letter = readJson<{ words: Array<{ word: string }> }>(join(first, 'api/v1/words-by-letter/क.json'));
    const words = letter.words.map((w) => w.word);
    expect(words.length).toBeGreaterThan(10);
    expect(words.every((w) => headwords.has(w))).toBe(true);
    // The catalog: every record of the YoBook API, not the sample.
    const upstream = readJson<{ books: Array<{ id: string }> }>(join(up.booksSite, 'api/books/catalog.json'));
    const catalog = readJson<{ sample: boolean; books: Array<{ id: string }> }>(join(first, 'api/books/catalog.json'));
    expect(catalog.sample).toBe(false);
    expect(catalog.books.map((b) => b.id)).toEqual(upstream.books.map((b) => b.id));
    expect(r.stderr).toMatch(/books: api https:\/\/yobook-api\.vercel\.app/);
    expect(r.stderr).toMatch(/read: YoBook API, \/api\/books \d+ records in \d+ pages; \/api\/textbooks \d+ records, \/api\/teacher-guides \d+ records/);
    expect(up.log.some((l) => l.host === 'yobook' && l.path === '/api/books')).toBe(true);
    // The market: the real layout-A status.
    const status = readJson(join(SHARED_DATA, 'market/layout-a/data/market/status.json'));
    expect(readJson(join(first, 'data/market/status.json'))).toMatchObject(status as object);
    // One summary line per service (not a terminal), and the stamp.
    for (const s of ['dictionary', 'books', 'market'])
      expect(r.stderr).toMatch(new RegExp(`${s}: fetched \\d+ URLs: [1-9]\\d* downloaded \\([\\d.]+ [kM]B\\), 0 from the cache(, \\d+ not there)?\n`));
    const stamp = readJson<{ services: Record<string, { profile: string; source: string }> }>(`${first}.sources.json`);
    expect(stamp.services.books).toMatchObject({ profile: 'public', source: 'https://yobook-api.vercel.app' });
  });

  it('builds the second run from the cache: every file revalidated, 0 bytes downloaded, the same output', async () => {
    const second = tmp();
    const before = up.log.length;
    const r = await build(second);
    expect(r.code, r.stderr).toBe(0);
    // Files found missing (optional market files, months) are asked again, and still cost no bytes.
    for (const s of ['dictionary', 'books', 'market']) {
      const m = new RegExp(`${s}: fetched (\\d+) URLs: 0 downloaded \\(0\\.0 kB\\), (\\d+) from the cache(?:, (\\d+) not there)?\n`).exec(r.stderr);
      expect(m, `${s}: ${r.stderr}`).not.toBeNull();
      expect(Number(m![2]) + Number(m![3] ?? 0)).toBe(Number(m![1]));
    }
    const statuses = up.log.slice(before).filter((l) => l.status === 200 || l.status === 304);
    expect(statuses.filter((l) => l.status === 200)).toEqual([]);
    expect(statuses.length).toBeGreaterThan(20);
    const a = snapshot(first);
    const b = snapshot(second);
    for (const f of ['api/v1/metadata.json', 'api/books/catalog.json', 'data/market/status.json']) expect(b.get(f)?.equals(a.get(f)!), f).toBe(true);
  });

  it('--offline builds from the cache alone, and fails naming what the cache lacks', async () => {
    const before = up.log.length;
    const out = tmp();
    const r = await build(out, ['--offline']);
    expect(r.code, r.stderr).toBe(0);
    expect(up.log.length).toBe(before);
    const cold = await build(tmp(), ['--offline', '--only', 'market', '--cache', tmp('khoj-empty-cache-')]);
    expect(cold.code).toBe(1);
    expect(cold.stderr).toMatch(
      /https:\/\/shubhamnpk\.github\.io\/yonepse\/data\/market\/status\.json \(mirror http:\/\/127\.0\.0\.1:\d+\/yonepse\/data\/market\/status\.json\): not in the download cache, and --offline forbids fetching it/,
    );
  });

  it('retries 429 and 503, honouring Retry-After; gives up after --retries, naming the URL', async () => {
    up.fail('/yonepse/data/market/status.json', 429, 1, '1');
    up.fail('yobook:/api/books', 503, 2, '0');
    const r = await build(tmp(), ['--only', 'books,market', '--cache', tmp('khoj-fresh-cache-')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/books: fetched \d+ URLs: .*, 2 retries/);
    expect(r.stderr).toMatch(/market: fetched \d+ URLs: .*, 1 retries/);
    const asked = up.log
      .filter((l) => l.path === '/yonepse/data/market/status.json')
      .slice(-2)
      .map((l) => l.status);
    expect(asked).toEqual([429, 200]);

    up.fail('/yonepse/data/market/status.json', 503, 3);
    const out = tmp();
    const gave = await build(out, ['--only', 'market', '--retries', '2', '--no-cache']);
    expect(gave.code).toBe(1);
    expect(gave.stderr).toMatch(/yonepse\/data\/market\/status\.json .*HTTP 503 Service Unavailable, still after 3 attempts/);
  });

  it('a download that stalls is cut at --timeout and retried; past --retries the build fails naming it', async () => {
    up.stall('/yonepse/data/market/status.json', 1);
    const r = await build(tmp(), ['--only', 'market', '--no-cache', '--timeout', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/market: fetched \d+ URLs: .*, 1 retries/);
    up.stall('/yonepse/data/market/status.json', 1);
    const gave = await build(tmp(), ['--only', 'market', '--no-cache', '--timeout', '1', '--retries', '0']);
    expect(gave.code).toBe(1);
    expect(gave.stderr).toMatch(/yonepse\/data\/market\/status\.json .*no complete answer within 1 s \(raise it with --timeout\)/);
  });

  it('a download over --max-bytes stops and fails, naming the URL and the limit', async () => {
    const r = await build(tmp(), ['--only', 'books', '--max-bytes', '2kB', '--no-cache']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/yobook-api\.vercel\.app\/api\/books\?limit=200&page=1&full=true .*more than the limit of 2000 bytes/);
  });

  it('a run with no sources chosen (as npm start runs it) keeps the real build; --sources sample replaces it', async () => {
    const before = snapshot(first);
    const kept = await dataBuild(['--out', first], { KHOJ_SOURCES: '' });
    expect(kept.code, kept.stderr).toBe(0);
    for (const s of ['dictionary', 'books', 'market']) expect(kept.stderr).toMatch(new RegExp(`${s}: kept the build in \\S+ from public \\(`));
    const after = snapshot(first);
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect(after.get('api/books/catalog.json')!.equals(before.get('api/books/catalog.json')!)).toBe(true);

    const replaced = await dataBuild(['--out', first, '--only', 'books', '--sources', 'sample'], { KHOJ_SOURCES: '' });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(readJson<{ sample: boolean }>(join(first, 'api/books/catalog.json')).sample).toBe(true);
    expect(readJson<{ services: Record<string, { source: unknown }> }>(`${first}.sources.json`).services.books!.source).toBeNull();
  });
});
