// The download cache heals itself: each entry carries the SHA-256 of its body
// (data-build/fetch/cache.ts). A body changed on disk, by the same number of bytes or cut
// short, is dropped and fetched again without validators (the upstream would answer 304 to
// them forever); with --offline the build fails naming the entry, without a stack trace.

import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultyServer, serveFaulty } from '../helpers/faulty-server.ts';
import { dataBuild, ROOT } from '../../harness/run.ts';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-cache-${name}-`));
const SAMPLE_DUMP = join(ROOT, 'data-build/dictionary/sample/dictionary.json');

let server: FaultyServer;
let url: string;
const site = tmp('site');
const dump = readFileSync(SAMPLE_DUMP);
// A sense of the sample, and a stand-in of the same length in bytes.
const entries = JSON.parse(dump.toString('utf8')) as Array<{ word: string; definitions: Array<{ senses: string[] }> }>;
const sense = entries[3]!.definitions[0]!.senses[0]!;
const forged = 'X'.repeat(Buffer.byteLength(sense));

beforeAll(async () => {
  writeFileSync(join(site, 'dump.json'), dump);
  server = await serveFaulty(site);
  url = `${server.url}/dump.json`;
});
afterAll(() => server.close());

/** The one body file of a cache holding one URL. */
function cachedBody(cache: string): string {
  const sub = readdirSync(cache).find((d) => /^[0-9a-f]{2}$/.test(d))!;
  const body = readdirSync(join(cache, sub)).find((f) => f.endsWith('.body'))!;
  return join(cache, sub, body);
}

const build = (out: string, cache: string, extra: string[] = []) =>
  dataBuild([
    '--only',
    'dictionary',
    '--dictionary',
    url,
    '--dictionary-format',
    'dump',
    '--out',
    out,
    '--cache',
    cache,
    '--private-upstream',
    server.url,
    ...extra,
  ]);

/** Every chunk's text, joined: what the published dictionary holds. */
const published = (out: string): string =>
  readdirSync(join(out, 'api/v1/chunks'))
    .map((f) => readFileSync(join(out, 'api/v1/chunks', f), 'utf8'))
    .join('\n');

describe('the download cache checks its bodies', () => {
  it('a body replaced by other bytes of the same length is fetched again, not published', async () => {
    const cache = tmp('swap');
    expect((await build(tmp('out'), cache)).code).toBe(0);
    const body = cachedBody(cache);
    const bytes = readFileSync(body);
    const at = bytes.indexOf(Buffer.from(JSON.stringify(sense).slice(1, -1)));
    expect(at).toBeGreaterThan(0);
    bytes.write(forged, at);
    writeFileSync(body, bytes);
    const out = tmp('out');
    const r = await build(out, cache);
    expect(r.code, r.stderr).toBe(0);
    expect(published(out)).not.toContain(forged);
    expect(published(out)).toContain(JSON.stringify(sense).slice(1, -1));
    // healed: the cache holds the upstream's bytes again
    expect(readFileSync(body).equals(dump)).toBe(true);
  });

  it('a body cut short, while the upstream answers 304 to the validators, is fetched again in full', async () => {
    const cache = tmp('cut');
    expect((await build(tmp('out'), cache)).code).toBe(0);
    const body = cachedBody(cache);
    writeFileSync(body, readFileSync(body).subarray(0, 1000));
    const before = server.log.length;
    const r = await build(tmp('out'), cache);
    expect(r.code, r.stderr).toBe(0);
    expect(server.log.length - before).toBe(1);
    expect(readFileSync(body).equals(dump)).toBe(true);
    // and the next run revalidates as usual (304, nothing downloaded)
    const again = await build(tmp('out'), cache);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/0 downloaded \(0\.0 kB\), 1 from the cache/);
  });

  it('--offline with a damaged entry fails naming it, with no stack trace', async () => {
    const cache = tmp('offline');
    expect((await build(tmp('out'), cache)).code).toBe(0);
    const body = cachedBody(cache);
    const bytes = readFileSync(body);
    bytes[100] = bytes[100] === 0x61 ? 0x62 : 0x61;
    writeFileSync(body, bytes);
    const out = tmp('out');
    const r = await build(out, cache, ['--offline']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${url}: the cached copy is damaged (its SHA-256 differs from the one stored with it); --offline forbids fetching it again`);
    expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
    expect(existsSync(join(out, 'api/v1'))).toBe(false);
    // cut short: the same
    writeFileSync(body, bytes.subarray(0, 500));
    const cut = await build(out, cache, ['--offline']);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain(`${url}: the cached copy is damaged`);
    expect(cut.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
  });
});
