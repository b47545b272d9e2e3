// One source, many files: a paged YoBook-shaped API whose every page is within every per-file
// limit (25 pages of 38 MB took the build to 2.24 GB and an uncaught "RangeError: Invalid string
// length") stops at the whole source's limit (data-build/limits.ts: its bytes, --max-source-mb,
// and its JSON values, --max-source-values), counted while it is read, not after: a clean error
// naming the URL, the limit and the flag, the previous output left byte for byte, and the
// build's peak memory (its child process's) under 500 MB.

import { mkdirSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWithPeak } from '../../harness/bombs.ts';
import { listen, type Served } from '../../harness/http.ts';
import { snapshot } from '../helpers/tree.ts';
import { booksBuild, tmp } from '../books/helpers.ts';

const TARGET_MB = 500;
const PAGES = 25;
const PER_PAGE = 200;

type Shape = 'strings' | 'values';

/** One page of the API, written record by record (the test process never holds a page whole). */
function writePage(res: ServerResponse, shape: Shape, page: number): number {
  let sent = 0;
  const put = (s: string) => {
    sent += s.length;
    res.write(s);
  };
  res.writeHead(200, { 'Content-Type': 'application/json' });
  put('{"success":true,"data":[');
  // 'strings': 190,000 characters of description a record, 38 MB a page (under the 200,000-character
  // string limit and the 64 MB file limit); 'values': 20,000 keywords a record, 4 million values a
  // page (under the 5 million values and 500,000 entries of one file).
  const description = 'lorem ipsum '.repeat(190_000 / 12);
  const keywords = `[${Array.from({ length: 20_000 }, (_, i) => `"k${i % 10}"`).join(',')}]`;
  for (let i = 0; i < PER_PAGE; i++) {
    const id = `p${page}-${i}`;
    put(
      `${i ? ',' : ''}{"id":"${id}","title":"Book ${id}","source":"cehrd-learning",${shape === 'strings' ? `"description":"${description}"` : `"keywords":${keywords}`}}`,
    );
  }
  put(`],"meta":{"endpoint":"books","total":${PAGES * PER_PAGE},"page":${page},"limit":${PER_PAGE},"pages":${PAGES},"detail":"full"}}`);
  res.end();
  return sent;
}

let server: Served;
const asked: number[] = [];
let pageBytes = 0;

beforeAll(async () => {
  server = await listen((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const shape = u.pathname.split('/')[1] as Shape;
    if (u.pathname === `/${shape}/api/books`) {
      const page = Number(u.searchParams.get('page'));
      asked.push(page);
      pageBytes = writePage(res, shape, page);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"success":false,"error":"Not found"}');
  });
});
afterAll(() => server?.close());

/** A sample catalog in `out`, then the build of `source` into it: refused, the output as it was. */
async function refusedOver(source: string, extra: string[] = []) {
  const out = tmp('khoj-source-limit-out-');
  expect((await booksBuild(['--out', out])).code).toBe(0);
  const kept = snapshot(out);
  asked.length = 0;
  const r = await buildWithPeak(
    ['--only', 'books', '--books', source, '--out', out, '--books-pdfs', 'none', '--no-cache', '--private-upstream', server.url, ...extra],
    { KHOJ_RETRY_BASE_MS: '10' },
  );
  expect(r.code, r.stderr).toBe(1);
  expect(r.stderr).toContain(`data-build: bad books input, nothing was replaced in ${out}`);
  expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
  const after = snapshot(out);
  expect([...after.keys()]).toEqual([...kept.keys()]);
  for (const [f, bytes] of kept) expect(after.get(f)!.equals(bytes), f).toBe(true);
  return r;
}

describe("a whole source's limit, counted while it is read", { timeout: 300_000 }, () => {
  it('25 pages of 38 MB: stopped at the bytes of one source, naming the page, the limit and the flag; peak under 500 MB', async () => {
    const r = await refusedOver(`${server.url}/strings`);
    expect(pageBytes).toBeGreaterThan(37_000_000);
    expect(r.stderr).toMatch(
      new RegExp(
        `${server.url}/strings/api/books\\?limit=200&page=\\d+&full=true: more than 128 MB read from one source \\(the books source\\), over its limit \\(raise it with --max-source-mb\\)`,
      ),
    );
    // Stopped while reading: the pages of 128 MB and the few in flight, never all 25.
    expect(Math.max(...asked)).toBeLessThan(10);
    expect(r.peakMb, r.stderr).toBeLessThan(TARGET_MB);
  });

  it('pages of 4 million small values each: stopped at the values of one source, naming the flag; peak under 500 MB', async () => {
    const r = await refusedOver(`${server.url}/values`);
    expect(r.stderr).toMatch(
      new RegExp(
        `${server.url}/values/api/books\\?limit=200&page=\\d+&full=true: more than 16,000,000 JSON values read from one source \\(the books source\\), over its limit \\(raise it with --max-source-values\\)`,
      ),
    );
    expect(Math.max(...asked)).toBeLessThan(10);
    expect(r.peakMb, r.stderr).toBeLessThan(TARGET_MB);
  });

  it('a folder of files: the same limits, raised by their flags', async () => {
    const src = tmp('khoj-source-limit-src-');
    mkdirSync(src, { recursive: true });
    const records = (n: number, from: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: `b${from + i}`, title: `Book ${from + i}`, description: 'x'.repeat(5000) })));
    writeFileSync(join(src, 'cehrd_learning.json'), records(150, 0));
    writeFileSync(join(src, 'cdc_nepal.json'), records(150, 1000));
    const r = await refusedOver(src, ['--max-source-mb', '1']);
    expect(r.stderr).toContain(
      `${join(src, 'cdc_nepal.json')}: more than 1 MB read from one source (the books source), over its limit (raise it with --max-source-mb)`,
    );
    const v = await refusedOver(src, ['--max-source-values', '1000']);
    expect(v.stderr).toMatch(
      /cdc_nepal\.json: more than 1,000 JSON values read from one source \(the books source\), over its limit \(raise it with --max-source-values\)/,
    );
    const ok = await booksBuild(['--books', src, '--out', tmp(), '--max-source-mb', '2', '--max-source-values', '5000']);
    expect(ok.code, ok.stderr).toBe(0);
  });
});
