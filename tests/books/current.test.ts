// Today's YoBook records (../shared/data/books/current) built as a local folder: no usable
// record is refused for an odd value, every upstream field is republished as published (a
// normalised contract field keeps its published value in `upstream`), every file is in
// `files`, pdfUrl is filled where a PDF exists, the oddities are counted, unknown fields are
// in the drift report, and the catalog helpers are written as the routes answer them.

import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstPdf } from '../../src/core/books/files.ts';
import type { GradewiseAudio } from '../../src/core/books/gradewise-audio.ts';
import { KNOWN_UPSTREAM_FIELDS } from '../../src/core/books/normalise.ts';
import { CURRENT, currentRecords, expectFaithful, hasCurrent, publishedFiles, type Rec } from './current-data.ts';
import { serve } from '../../harness/http.ts';
import { booksBuild, readCatalog, tmp } from './helpers.ts';

const readJson = <T>(dir: string, file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
describe.skipIf(!hasCurrent)("today's YoBook records, built from a folder", { timeout: 120_000 }, () => {
  let out: string;
  let stderr: string;
  const records = hasCurrent ? currentRecords() : [];

  beforeAll(async () => {
    out = tmp();
    const r = await booksBuild(['--books', CURRENT, '--out', out], { KHOJ_BOOKS_PDFS: 'none' });
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
  }, 120_000);

  it('keeps every record, each field as published, every file with its kind, pdfUrl where a PDF is', () => {
    const byId = new Map(readCatalog(out).books.map((b) => [b.id, b]));
    const books = records.filter(({ rec }) => rec.source !== 'tu');
    expect(byId.size).toBe(books.length);
    for (const { file, rec } of books) {
      const book = byId.get(rec.id as string)!;
      expect(book, `${file} ${String(rec.id)}`).toBeDefined();
      expectFaithful(book, rec);
      const files = new Map(book.files!.map((f) => [f.url, f.kind]));
      for (const want of publishedFiles(file, rec)) expect(files.get(want.url), `${String(rec.id)} ${want.url}`).toBe(want.kind);
      expect(book.pdfUrl, String(rec.id)).toBe((rec.pdfUrl as string | undefined) ?? firstPdf(book.files!) ?? null);
    }
    // The contract's values where the upstream wrote its own forms.
    const guide = byId.get('cdc-library-teachers-guide-r3824')!;
    expect(guide).toMatchObject({ grade: 1, pageCount: 74 });
    expect(guide.upstream).toMatchObject({ grade: '1', pageCount: '74' });
    expect(byId.get('ncert-class-12-physics-english-physics-part-1-0ab17edb06')).toMatchObject({ grade: 12, upstream: { grade: 'Grade 12' } });
  });

  it('counts each oddity in the summary', () => {
    for (const [n, text] of [
      [6, /pageCount given as text/], // "74" here; "120 pages" in normalise.test.ts
      [7, /`level` instead of a grade/],
      [4, /readUrl null/],
      [1, /coverUrl empty/],
      [6, /coverUrl a site-relative path/],
      [6, /downloadUrl given as a list/],
      [4, /fileSize given with units/],
      [10, /field holding an object or a list of objects/],
    ] as const)
      expect(stderr).toMatch(new RegExp(`\\n\\s+${n}  ${text.source}`));
    expect(stderr).toMatch(/\n\s+\d+ {2}year in the Bikram Sambat calendar/);
    expect(stderr).toMatch(/\n\s+\d+ {2}grade given as text/);
    expect(stderr).toMatch(/\n\s+\d+ {2}URL with non-ASCII characters/);
    expect(stderr).toMatch(/drift: none/);
  });

  it('writes the grade-wise audio and the TU research as their routes answer them', () => {
    const audio = readJson<{ success: boolean; data: { grades: Array<{ grade: number }>; stats: { audioLinks: number } } }>(
      out,
      'api/gradewise-audio/index.json',
    );
    const published = JSON.parse(readFileSync(join(CURRENT, 'gradewise_audio_links.json'), 'utf8')) as Array<{ grade: number; subjects: unknown[] }>;
    expect(audio.success).toBe(true);
    expect(audio.data.grades).toEqual(published);
    const links = published.flatMap((g) => (g.subjects as Array<{ chapters: unknown[] }>).flatMap((s) => s.chapters)).length;
    expect(audio.data.stats).toMatchObject({ grades: published.length, audioLinks: links });

    const tu = records.filter(({ rec }) => rec.source === 'tu').map(({ rec }) => rec);
    expect(tu.length).toBeGreaterThan(0);
    const all = readJson<{ data: Rec[]; meta: { total: number } }>(out, 'api/research/catalog.json');
    expect(all.meta.total).toBe(tu.length);
    for (const rec of tu) {
      const item = all.data.find((i) => i.id === rec.id)!;
      for (const [k, v] of Object.entries(rec)) expect(item[k], `${String(rec.id)}.${k}`).toEqual(v);
      expect((item.files as Array<{ url: string; kind: string }>).map((f) => [f.url, f.kind])).toContainEqual([rec.downloadUrl, 'pdf']);
    }
    const list = readJson<{ data: Rec[]; meta: Record<string, unknown> }>(out, 'api/research/index.json');
    expect(list.meta).toEqual({ endpoint: 'research', total: tu.length, page: 1, limit: 50, pages: 1, detail: 'compact' });
    expect(list.data[0]!.detailUrl).toMatch(/^\/api\/research\/tu-report-/);
    expect(list.data[0]).not.toHaveProperty('files');
    expect(readJson<{ meta: { endpoint: string; total: number } }>(out, 'api/theses/index.json').meta).toMatchObject({ endpoint: 'theses', total: 0 });
  });
});

describe.skipIf(!hasCurrent)('the helper routes from the Node server', { timeout: 120_000 }, () => {
  it('answers /api/gradewise-audio with its filters, /api/research and /api/theses as the upstream does', async () => {
    const out = tmp();
    const r = await booksBuild(['--books', CURRENT, '--out', out], { KHOJ_BOOKS_PDFS: 'none' });
    expect(r.code, r.stderr).toBe(0);
    const s = await serve(out);
    type Body = { success: boolean; error?: string; data: Array<Rec & { files: Rec[] }>; meta: Rec };
    const get = async <T = Body>(path: string) => {
      const res = await fetch(s.url + path);
      return { status: res.status, cors: res.headers.get('access-control-allow-origin'), body: (await res.json()) as T };
    };
    try {
      const all = await get('/api/gradewise-audio');
      expect(all.status).toBe(200);
      expect(all.cors).toBe('*');
      expect(all.body).toEqual(readJson(out, 'api/gradewise-audio/index.json'));
      const english = (await get<{ data: GradewiseAudio }>('/api/gradewise-audio?grade=4&subject=english')).body.data;
      expect(english.grades.map((g) => g.grade)).toEqual([4]);
      expect(english.grades[0]!.subjects.map((x) => x.subject)).toEqual(['English']);
      expect(english.stats.audioLinks).toBe(english.grades[0]!.subjects[0]!.chapters.length);
      expect(Object.keys(english.grades[0]!.subjects[0]!.chapters[0]!).sort()).toEqual(['chapter', 'chapterName', 'unit', 'url']);
      expect((await get<{ data: GradewiseAudio }>('/api/gradewise-audio?grade=13')).body.data).toMatchObject({ grades: [], stats: { audioLinks: 0 } });

      const list = await get('/api/research');
      expect(list.body).toEqual(readJson(out, 'api/research/index.json'));
      const id = list.body.data[0]!.id as string;
      const one = await get<{ data: { files: Rec[] } }>(`/api/research/${id}`);
      expect(one.body).toEqual(readJson(out, `api/research/${id}.json`));
      expect(one.body.data.files[0]).toMatchObject({ kind: 'pdf' });
      expect((await get('/api/research?full=true&limit=1')).body).toMatchObject({ data: [{ files: [{ kind: 'pdf' }] }], meta: { limit: 1, detail: 'full' } });
      expect((await get('/api/research?q=women&category=report')).body.meta.total as number).toBeGreaterThan(0);
      expect(await get('/api/research/nope')).toEqual({ status: 404, cors: '*', body: { success: false, error: 'Research item not found' } });
      expect((await get(`/api/theses/${id}`)).body).toEqual({ success: false, error: 'Thesis not found' });
      expect((await get('/api/theses')).body.meta).toMatchObject({ endpoint: 'theses', total: 0 });
      expect(await get('/api/research?page=abc')).toMatchObject({ status: 400, body: { success: false, error: "Query parameter 'page' must be an integer" } });
      expect((await get('/api/research?limit=201')).body.error).toBe("Query parameter 'limit' must be <= 200");
      // Their static files are files.
      expect((await get('/api/research/index.json')).body).toEqual(list.body);
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(!hasCurrent)('odd input', { timeout: 120_000 }, () => {
  it('lists a field added to one record in the drift report, and keeps it', async () => {
    const dir = tmp('khoj-drift-');
    cpSync(CURRENT, dir, { recursive: true });
    const file = join(dir, 'openstax_textbooks.json');
    const list = JSON.parse(readFileSync(file, 'utf8')) as Rec[];
    expect(KNOWN_UPSTREAM_FIELDS.has('licenseInfo')).toBe(false);
    list[3]!.licenseInfo = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' };
    writeFileSync(file, JSON.stringify(list));
    const out = tmp();
    const r = await booksBuild(['--books', dir, '--out', out], { KHOJ_BOOKS_PDFS: 'none' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `drift: upstream fields Khoj does not know \\(kept as published\\):\\n\\s+1  licenseInfo — e\\.g\\. \\S*openstax_textbooks\\.json: entry 3 "${String(list[3]!.id)}"`,
      ),
    );
    expect(readCatalog(out).books.find((b) => b.id === list[3]!.id)!.licenseInfo).toEqual(list[3]!.licenseInfo);
  });

  it('keeps records with values of unexpected types; refuses only those without a usable id or title, naming them', async () => {
    const dir = tmp('khoj-odd-');
    const ok = [
      { id: 'o-1', title: 'Odd one', grade: true, keywords: 'nepal, textbook', author: { name: 'X' }, pageCount: -3, source: 'x' },
      { id: 'o-2', title: 'No source', grade: 2.5, publishedYear: { y: 1 }, chapters: ['a', 3] },
    ];
    writeFileSync(join(dir, 'odd.json'), JSON.stringify(ok));
    const out = tmp();
    const r = await booksBuild(['--books', dir, '--out', out], { KHOJ_BOOKS_PDFS: 'none' });
    expect(r.code, r.stderr).toBe(0);
    const books = readCatalog(out).books;
    expect(books.map((b) => b.id).sort()).toEqual(['o-1', 'o-2']);
    const one = books.find((b) => b.id === 'o-1')!;
    expect(one).toMatchObject({
      grade: null,
      keywords: [],
      author: null,
      upstream: { grade: true, keywords: 'nepal, textbook', author: { name: 'X' }, pageCount: -3 },
    });
    expect(books.find((b) => b.id === 'o-2')).toMatchObject({ source: 'unknown', chapters: ['a'], upstream: { grade: 2.5, publishedYear: { y: 1 } } });
    expect(r.stderr).toMatch(/field of an unexpected type/);

    writeFileSync(join(dir, 'odd.json'), JSON.stringify([...ok, { title: 'no id' }, { id: 'o-4', title: '  ' }, { id: 5, title: 'x' }]));
    const bad = await booksBuild(['--books', dir, '--out', out], { KHOJ_BOOKS_PDFS: 'none' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('odd.json: entry 2: missing required field "id"');
    expect(bad.stderr).toContain('odd.json: entry 3 "o-4": title: is blank');
    expect(bad.stderr).toContain('odd.json: entry 4: id: expected a string, found number');
    expect(bad.stderr).not.toMatch(/"o-1"|"o-2"/);
  });
});
