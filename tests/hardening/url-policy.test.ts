// One URL policy for every file the build writes (src/core/url-policy.ts): a table of hostile
// spellings (schemes in any case, control characters and white space around or inside them,
// backslashes, entity-like and percent encodings, paths into the app's own saved-file route)
// put in every URL field of a record (readUrl, pdfUrl, files, chapterDownloadUrls,
// question_papers, audioUrl…), of the grade-wise audio helper and of the research helper,
// built, and read back through each route of the real Node server. Every hostile value carries
// the marker K36X: no file the build writes, and no answer of any route, may hold it.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishUrl } from '../../src/core/url-policy.ts';
import { serve, type Served } from '../../harness/http.ts';
import { listFiles } from '../helpers/tree.ts';
import { booksBuild, tmp } from '../books/helpers.ts';

/** Each must be dropped: [spelling, why]. */
const HOSTILE: Array<[string, string]> = [
  ['javascript:alert("K36X")', 'scheme'],
  ['JaVaScRiPt:alert("K36X")', 'scheme'],
  [' \t\n javascript:alert("K36X")', 'scheme'],
  ['\u00a0\u3000javascript:alert("K36X")', 'scheme'],
  ['\u0000javascript:alert("K36X")', 'control'],
  ['\u001fjavascript:alert("K36X")', 'control'],
  ['java\tscript:alert("K36X")', 'control'],
  ['java\nscript:alert("K36X")', 'control'],
  ['javascript\u0000:alert("K36X")', 'control'],
  ['https://example.org/\u202eK36X.pdf', 'control'],
  ['https://exa\u0085mple.org/K36X.pdf', 'control'],
  ['data:text/html,<script>alert("K36X")</script>', 'scheme'],
  ['DATA:text/html;base64,K36X', 'scheme'],
  ['file:///etc/passwd#K36X', 'scheme'],
  ['vbscript:msgbox("K36X")', 'scheme'],
  ['blob:https://example.org/K36X', 'scheme'],
  ['/\\evil.example/K36X', 'backslash'],
  ['\\\\evil.example\\K36X', 'backslash'],
  ['\\/evil.example/K36X', 'backslash'],
  ['https:\\\\evil.example\\K36X', 'backslash'],
  ['/\t/evil.example/K36X', 'control'],
  ['&#106;avascript:alert("K36X")', 'disguised'],
  ['&#x6A;avascript&#x3A;alert("K36X")', 'disguised'],
  ['javascript&colon;alert("K36X")', 'disguised'],
  ['%6Aavascript:alert("K36X")', 'disguised'],
  ['java%09script:alert("K36X")', 'disguised'],
  ['%2F%2Fevil.example/K36X', 'disguised'],
  ['/%5Cevil.example/K36X', 'disguised'],
  ['&sol;&sol;evil.example/K36X', 'disguised'],
  ['https:evil.example/K36X', 'unparsable'],
  ['https:///evil.example/K36X', 'unparsable'],
  ['///evil.example/K36X', 'unparsable'],
  ['http://[::1/K36X', 'unparsable'],
  // Into the app's own saved-file route, however spelt: relative, absolute to any origin, encoded.
  ['api/books/saved-file?url=https%3A%2F%2Fevil.example%2FK36X', 'saved-file'],
  ['/api/books/saved-file?url=K36X', 'saved-file'],
  ['./api/books/saved-file?url=K36X', 'saved-file'],
  ['../api/books/saved-file?url=K36X', 'saved-file'],
  ['/khoj/api/books/saved-file?url=K36X', 'saved-file'],
  ['https://khoj.example/api/books/saved-file?url=K36X', 'saved-file'],
  ['HTTPS://KHOJ.EXAMPLE/API/BOOKS/SAVED-FILE?url=K36X', 'saved-file'],
  ['//khoj.example/api/books/saved-file?url=K36X', 'saved-file'],
  ['/api/books/saved%2Dfile?url=K36X', 'saved-file'],
  ['/api/books/%73aved-file?url=K36X', 'saved-file'],
  ['/api%2Fbooks%2Fsaved-file?url=K36X', 'saved-file'],
  ['/api/books/saved%252Dfile?url=K36X', 'saved-file'],
  ['/api/books/x/../saved-file?url=K36X', 'saved-file'],
  ['/api/books/%2e%2e/books/saved-file?url=K36X', 'saved-file'],
  ['/api//books//saved-file?url=K36X', 'saved-file'],
  ['/api/books/saved-file/?url=K36X', 'saved-file'],
  ['api/books/saved&#45;file?url=K36X', 'saved-file'],
  ['/api/books/saved-file#K36X', 'saved-file'],
];

/** Each is kept, as the second spelling. */
const SAFE: Array<[string, string]> = [
  ['https://example.org/K36OK-1.pdf', 'https://example.org/K36OK-1.pdf'],
  ['  HTTPS://example.org/K36OK-2.pdf ', 'https://example.org/K36OK-2.pdf'],
  ['//example.org/K36OK-3.pdf', 'https://example.org/K36OK-3.pdf'],
  ['/covers/K36OK-4.jpg', '/covers/K36OK-4.jpg'],
  ['https://example.org/api/books/K36OK-5.json', 'https://example.org/api/books/K36OK-5.json'],
  ['https://example.org/read?next=/api/books/saved-file&K36OK-6', 'https://example.org/read?next=/api/books/saved-file&K36OK-6'],
  ['https://pustakalaya.org/कक्षा/K36OK-7.pdf', 'https://pustakalaya.org/कक्षा/K36OK-7.pdf'],
  ['https://example.org/a%20b/K36OK-8.pdf?x=1&amp;y=2', 'https://example.org/a%20b/K36OK-8.pdf?x=1&amp;y=2'],
];

describe('the URL policy (src/core/url-policy.ts)', () => {
  it('drops every hostile spelling, saying why', () => {
    for (const [raw, why] of HOSTILE) expect(publishUrl(raw), JSON.stringify(raw)).toEqual({ url: null, dropped: why });
  });

  it('keeps http(s) and plain relative paths; //host gains https:, the scheme is lower-cased', () => {
    for (const [raw, out] of SAFE) expect(publishUrl(raw), JSON.stringify(raw)).toEqual({ url: out });
    for (const blank of ['', '   ', null, undefined, 42, {}]) expect(publishUrl(blank)).toEqual({ url: null });
  });
});

/** Every string of a parsed JSON value with the key it sits under (a list's items under the list's key). */
function keyed(v: unknown, key = '', out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof v === 'string') out.push([key, v]);
  else if (Array.isArray(v)) for (const x of v) keyed(x, key, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) keyed(x, k, out);
  return out;
}

describe('every route of a catalog built from hostile URLs', { timeout: 180_000 }, () => {
  const src = tmp('khoj-url-policy-src-');
  const out = tmp('khoj-url-policy-out-');
  let server: Served;
  let stderr = '';
  const urls = [...HOSTILE.map(([h]) => h), ...SAFE.map(([s]) => s)];
  const safeOut = SAFE.map(([, s]) => s);

  beforeAll(async () => {
    mkdirSync(src, { recursive: true });
    const records = urls.map((h, i) => ({
      id: `k36-${i}`,
      title: `Book ${i}`,
      source: 'cehrd-learning',
      grade: 5,
      subject: 'Science',
      readUrl: h,
      pdfUrl: h,
      sourceUrl: h,
      coverUrl: h,
      downloadUrl: [h, `https://example.org/K36OK-list-${i}.pdf`],
      audioUrl: h,
      zipUrl: h,
      chapterDownloadUrls: [h, { title: 'Chapter 1', downloadUrl: h, url: h, pdfUrl: h }],
      chapterPdfUrls: [{ title: 'Chapter 2', pdfUrl: h }],
      question_papers: [{ title: 'Paper', year: '2080', url: h, readUrl: h, downloadUrl: h, pdfUrl: h, sourceUrl: h, coverUrl: h }],
      // A field of its own that reads as a link: the app shows such values as links.
      ...(/^\s*(https?:)?[\\/]{2}/i.test(h) ? { homepage: h } : {}),
    }));
    // A record whose only readUrl points into the app, alone: the one the saved-file attack used.
    records.push({
      id: 'k36-read',
      title: 'Read me',
      source: 'cehrd-learning',
      readUrl: 'api/books/saved-file?url=https%3A%2F%2Fevil.example%2Fa.mp3K36X',
    } as never);
    writeFileSync(join(src, 'cehrd_learning.json'), JSON.stringify(records));
    writeFileSync(
      join(src, 'gradewise_audio_links.json'),
      JSON.stringify({
        grades: [
          {
            grade: 4,
            subjects: [
              { subject: 'English', chapters: urls.map((h, i) => ({ chapter: i + 1, chapterName: `Chapter ${i + 1}`, unit: `Unit ${i + 1}`, url: h })) },
            ],
          },
        ],
      }),
    );
    writeFileSync(
      join(src, 'tu_reports.json'),
      JSON.stringify(
        urls.map((h, i) => ({
          id: `tu-k36-${i}`,
          title: `Thesis ${i}`,
          source: 'tu',
          category: i % 2 ? 'Thesis' : 'Report',
          readUrl: h,
          downloadUrl: h,
          coverUrl: h,
          sourceUrl: h,
        })),
      ),
    );
    const r = await booksBuild(['--books', src, '--out', out, '--books-pdfs', 'none']);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>Khoj</title>');
    server = await serve(out);
  });
  afterAll(() => server?.close());

  it('no file the build wrote holds a hostile URL; the safe ones are there', () => {
    const all = listFiles(out)
      .filter((f) => /\.(json|txt|yaml|html|svg)$/.test(f))
      .map((f) => [f, readFileSync(join(out, f), 'utf8')] as const);
    for (const [f, text] of all) expect(text.includes('K36X'), `${f} holds a hostile URL`).toBe(false);
    const catalog = all.find(([f]) => f === 'api/books/catalog.json')![1];
    for (const s of safeOut) expect(catalog, s).toContain(JSON.stringify(s).slice(1, -1));
  });

  it('reports the URLs it dropped, like every other dropped URL', () => {
    // Counted like any other oddity: how many, what, and where one was (file, entry or path).
    expect(stderr).toMatch(
      /\s\d{3,} {2}unsafe URL \(.*\), dropped — e\.g\. \S+\/(cehrd_learning\.json: entry \d+ "k36-\d+"|gradewise_audio_links\.json: grades\[0\])/,
    );
    expect(stderr).toMatch(/\s\d{3,} {2}URL into the app's own \/api\/books\/saved-file .*, dropped — e\.g\. \S+\.json: /);
  });

  it('every route answers only URLs the policy keeps: books, one book, grade-wise audio, research, theses', async () => {
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      return { path, text: await res.text() };
    };
    const ids = JSON.parse(readFileSync(join(out, 'api/books/catalog.json'), 'utf8')).books.map((b: { id: string }) => b.id) as string[];
    const research = urls.map((_, i) => `tu-k36-${i}`);
    const answers = await Promise.all([
      get('/api/books?limit=200'),
      get('/api/books?limit=200&full=true'),
      get('/api/books?q=book&limit=200&full=true'),
      get('/api/textbooks?limit=200&full=true'),
      get('/api/sources'),
      ...ids.map((id) => get(`/api/books/${encodeURIComponent(id)}`)),
      get('/api/gradewise-audio'),
      get('/api/gradewise-audio?grade=4&subject=english'),
      get('/api/research?limit=200'),
      get('/api/research?limit=200&full=true'),
      get('/api/theses?limit=200&full=true'),
      ...research.map((id) => get(`/api/research/${id}`)),
    ]);
    expect(ids.length).toBe(urls.length + 1);
    const seen = new Set<string>();
    for (const { path, text } of answers) {
      expect(text.includes('K36X'), `${path} answers a hostile URL`).toBe(false);
      for (const [key, value] of keyed(JSON.parse(text))) {
        const urlField = /(url|urls|href|link|src)$/i.test(key);
        if (!urlField && !/^(https?:)?\/\//i.test(value)) continue;
        // A URL field holds the policy's own spelling (the URLs the app itself made too: detailUrl,
        // our covers); another field's text that reads as a link is kept as written when safe.
        if (urlField) expect(publishUrl(value).url, `${path}: ${key} ${JSON.stringify(value)}`).toBe(value);
        else expect(publishUrl(value).url, `${path}: ${key} ${JSON.stringify(value)}`).not.toBeNull();
        seen.add(publishUrl(value).url!);
      }
    }
    for (const s of safeOut) expect(seen.has(s), s).toBe(true);
  });
});
