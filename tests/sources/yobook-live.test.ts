// `KHOJ_SOURCES=public` against a loopback YoBook API that answers as today's live one does
// (tests/helpers/yobook-live.ts, built from ../shared/data/books/current): the build keeps
// every record and every file URL (TU research only through /api/research), fills pdfUrl
// where a PDF is, lists a field added upstream in its drift report, and meets the host's
// 429s (another client spending the quota) without going over the limit itself.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPdf, type BookFile } from '../../src/core/books/files.ts';
import type { CatalogFile } from '../../src/core/books/types.ts';
import { CURRENT, currentRecords, expectFaithful, hasCurrent, publishedFiles } from '../books/current-data.ts';
import { tmp } from '../books/helpers.ts';
import { dataBuild } from '../../harness/run.ts';
import { startYoBookLive, type YoBookLive } from '../helpers/yobook-live.ts';

const readJson = <T>(dir: string, file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
const PUBLIC_BOOKS = 'https://yobook-api.vercel.app';

describe.skipIf(!hasCurrent)('the public profile against a live-shaped YoBook API', { timeout: 300_000 }, () => {
  let live: YoBookLive | undefined;
  afterEach(() => live?.close());
  const build = (out: string, env: Record<string, string> = {}) =>
    dataBuild(['--only', 'books', '--out', out, '--books-pdfs', 'none', '--no-cache'], {
      KHOJ_SOURCES: 'public',
      KHOJ_MIRRORS: `${PUBLIC_BOOKS}=${live!.url}`,
      ...env,
    });

  it('keeps every record and every file, pdfUrl where a PDF is, and reports a new upstream field', async () => {
    live = await startYoBookLive(CURRENT);
    const changed = live.books[5]!.id as string;
    live.addField(changed, 'accessibilityFeatures', ['alt text', 'MathML']);
    const out = tmp();
    const r = await build(out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`books: api ${PUBLIC_BOOKS.replace(/\./g, '\\.')}`));
    expect(r.stderr).toMatch(/\/api\/research 4 records/);
    expect(r.stderr).toMatch(
      new RegExp(`drift: upstream fields Khoj does not know \\(kept as published\\):\\n\\s+1  accessibilityFeatures — e\\.g\\. .*: entry \\d+ "${changed}"`),
    );

    const catalog = readJson<CatalogFile>(out, 'api/books/catalog.json');
    expect(catalog.sample).toBe(false);
    const byId = new Map(catalog.books.map((b) => [b.id, b]));
    const research = readJson<{ data: Array<Record<string, unknown> & { files: BookFile[] }> }>(out, 'api/research/catalog.json').data;
    const researchById = new Map(research.map((i) => [i.id as string, i]));
    const records = currentRecords();
    for (const { file, rec } of records) {
      const id = rec.id as string;
      if (rec.source === 'tu') {
        expect(byId.has(id), id).toBe(false);
        const item = researchById.get(id)!;
        expect(item, id).toBeDefined();
        for (const [k, v] of Object.entries(rec)) expect(item[k], `${id}.${k}`).toEqual(v);
        const kinds = new Map(item.files.map((f) => [f.url, f.kind]));
        for (const want of publishedFiles(file, rec)) expect(kinds.get(want.url), `${id} ${want.url}`).toBe(want.kind);
        continue;
      }
      const book = byId.get(id)!;
      expect(book, id).toBeDefined();
      expectFaithful(book, id === changed ? { ...rec, accessibilityFeatures: ['alt text', 'MathML'] } : rec);
      const kinds = new Map(book.files!.map((f) => [f.url, f.kind]));
      for (const want of publishedFiles(file, rec)) expect(kinds.get(want.url), `${id} ${want.url}`).toBe(want.kind);
      const pdf = publishedFiles(file, rec).find((w) => w.kind === 'pdf');
      expect(book.pdfUrl, id).toBe(pdf ? firstPdf(book.files!) : null);
    }
    expect(catalog.books).toHaveLength(records.filter(({ rec }) => rec.source !== 'tu').length);

    // The grade-wise audio: every link, under the upstream's answer shape.
    const audio = readJson<{ success: boolean; data: { grades: unknown[] } }>(out, 'api/gradewise-audio/index.json');
    expect(audio.data.grades).toEqual(live.grades);
    // Full pages were read: compact items would have lost the files.
    expect(live.log.filter((l) => l.path === '/api/books').every((l) => /full=true/.test(l.query))).toBe(true);
  });

  it('meets 429s (another client spent the quota), waits them out and never goes over the limit itself', async () => {
    const limit = 8;
    const windowMs = 1000;
    live = await startYoBookLive(CURRENT, { limit, windowMs, neighbour: limit });
    const out = tmp();
    const r = await build(out, { KHOJ_YOBOOK_RATE: `${limit}/${windowMs / 1000}` });
    expect(r.code, r.stderr).toBe(0);
    const refused = live.log.filter((l) => l.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const m = /YoBook requests: (\d+), paced under its limit; (\d+) answered 429 \(waited ([\d.]+) s\)/.exec(r.stderr);
    expect(m, r.stderr).not.toBeNull();
    expect(Number(m![2])).toBe(refused.length);
    expect(Number(m![1])).toBe(live.log.length);
    // Waited out: the last answer is a success, and no more 429s than the bounded back-off allows.
    expect(refused.length).toBeLessThanOrEqual(4);
    expect(live.log.at(-1)!.status).toBe(200);
    // Never over the limit: at most `limit` of our requests in any span of one window (the refused ones too).
    const times = live.log.map((l) => l.at);
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + windowMs).length));
    expect(busiest).toBeLessThanOrEqual(limit);
    // And the result is the whole catalog.
    expect(readJson<CatalogFile>(out, 'api/books/catalog.json').books).toHaveLength(live.books.length);
  });
});
