// The textbook catalog build: read every per-source file (folder, file or URL; the embedded
// sample by default) → check → normalise → merge and de-duplicate → catalog order → covers
// → static files (api/books with a file per id, a file for every other parameterless path of
// paths.ts LIST_FILES, covers, docs) → self-check → every subtree swapped in together, then
// api/index.json. A failure leaves the previous output untouched.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { COLUMNS_FILE, fromColumns, toColumns } from '../../src/core/books/columns.ts';
import { GRADEWISE_AUDIO_FILE, readGradewiseAudio } from '../../src/core/books/gradewise-audio.ts';
import { compareBooks, mergeRecords } from '../../src/core/books/merge.ts';
import { ODDITY_TEXT, type Oddity } from '../../src/core/books/normalise.ts';
import { bookFile, FILES, fileStem, LIST_FILES, SUBTREES } from '../../src/core/books/paths.ts';
import { BooksApi } from '../../src/core/books/query.ts';
import { RESEARCH_DIR, RESEARCH_FILE, type ResearchItem, researchItem, researchItems, researchList, THESES_DIR } from '../../src/core/books/research.ts';
import { shardCatalog } from '../../src/core/books/shard-writer.ts';
import { catalogFileSchema, standalone } from '../../src/core/books/schemas.ts';
import { sourcesInfo } from '../../src/core/books/stats.ts';
import type { Book, CatalogFile } from '../../src/core/books/types.ts';
import { DataError, ProblemList } from '../../src/core/problems.ts';
import { writeFileAtomic, writeSubtrees, type FileContent } from '../output.ts';
import { projectRoot } from '../root.ts';
import { schemaProblems } from '../schema.ts';
import { findPdftoppm, makeCovers, pdfModeFrom, type PdfMode } from './covers.ts';
import { docsFiles } from './docs.ts';
import { CREDIT } from './openapi.ts';
import { readSources } from './read-sources.ts';
import { assert } from '../../src/core/assert.ts';
import { KhojError } from '../../src/core/errors.ts';

export interface BooksOptions {
  /** folder, file or URL of per-source files; undefined for the embedded sample catalog */
  source?: string;
  /** how PDFs are used for covers (default: $KHOJ_BOOKS_PDFS, else auto) */
  pdfs?: PdfMode;
  /** pdftoppm to use, or null for none (default: found on PATH; $KHOJ_PDFTOPPM overrides) */
  pdftoppm?: string | null;
  /** ISO date-time for generatedAt (default: $SOURCE_DATE_EPOCH, else the newest scrapedAt) */
  generatedAt?: string;
}

const HERE = join(projectRoot(), 'data-build/books');
const SAMPLE_DIR = join(HERE, 'sample');
const UPSTREAM_DIR = join(HERE, 'upstream');
const LICENSE_NAME = 'LICENSE.upstream.txt';
const NOTICE_NAME = 'NOTICE.upstream.txt';

/** Builds the catalog into outDir (api/books…, covers/); returns the printed summary. */
export async function buildBooks(opts: BooksOptions, outDir: string): Promise<string> {
  const started = performance.now();
  const input = await readSources(opts.source, SAMPLE_DIR);
  const merged = mergeRecords(input.records);
  const records = [...merged.records].sort((a, b) => compareBooks(a.book, b.book));

  // The sample's links are on example.org (never fetched) or its own files beside it (files/: read for the covers).
  const pdfs = opts.pdfs ?? (input.kind === 'sample' && process.env.KHOJ_BOOKS_PDFS === undefined ? 'local' : pdfModeFrom());
  const pdftoppm = opts.pdftoppm !== undefined ? opts.pdftoppm : pdfs === 'none' ? null : findPdftoppm();
  const covers = await makeCovers(records, { pdfs, pdftoppm });
  const books: Book[] = records.map((r) => withCover(r.book, covers.urls.get(r.book.id)!));
  const research = researchItems(input.helpers.research);

  const sample = input.kind === 'sample';
  const catalog: CatalogFile = {
    format: 'khoj-books-catalog',
    version: 1,
    generatedAt: generatedAt(opts, books),
    sample,
    credit: CREDIT,
    license: sample
      ? 'Sample records written by the Khoj team (CC0), in the YoBook API format (MIT: see LICENSE.upstream.txt and NOTICE.upstream.txt).'
      : "Catalog format and normalisation: YoBook API (MIT, see LICENSE.upstream.txt and NOTICE.upstream.txt). Book text, PDFs, covers and third-party metadata remain their publishers' and providers'.",
    books,
    aliases: sortedAliases(merged.aliases),
    sources: sourcesInfo(books),
  };
  const api = new BooksApi(catalog);
  const trees = staticTrees(
    catalog,
    api,
    covers.files,
    upstreamTexts(input.kind === 'sample' ? undefined : input.kind === 'file' ? dirname(input.label) : input.label),
    sample,
  );
  for (const [dir, files] of helperTrees(input.helpers.gradewiseAudio, research)) trees.set(dir, files);
  selfCheck(catalog, api);
  const written = await writeSubtrees(outDir, trees);
  // GET /api (api/index.json) sits beside the dictionary's api/v1: one file, not a subtree.
  const index = JSON.stringify(api.answer('/api')!.body);
  writeFileAtomic(outDir, FILES.apiIndex, index);

  return summary({
    input,
    merged,
    books,
    covers,
    pdfs,
    pdftoppm,
    out: outDir,
    files: written.files + 1,
    bytes: written.bytes + Buffer.byteLength(index),
    generatedAt: catalog.generatedAt,
    research,
    ms: Math.round(performance.now() - started),
  });
}

/** The book with its local cover; the published cover stays in `upstream` only when it differs. */
function withCover(book: Book, coverUrl: string): Book {
  const out: Book = { ...book, coverUrl };
  if (out.upstream && 'coverUrl' in out.upstream && out.upstream.coverUrl === coverUrl) {
    const { coverUrl: _same, ...rest } = out.upstream;
    if (Object.keys(rest).length) out.upstream = rest;
    else delete out.upstream;
  }
  return out;
}

/**
 * The catalog helpers as static files, each the body its route answers (written even when the
 * source has none, so every host answers the routes alike):
 *   api/gradewise-audio/index.json  GET /api/gradewise-audio (unfiltered: the whole helper)
 *   api/research/catalog.json       every research item, full, in order (what the servers filter)
 *   api/research/index.json         GET /api/research (page 1, compact)
 *   api/research/<stem(id)>.json    GET /api/research/<id>
 *   api/theses/index.json           GET /api/theses;  api/theses/<stem(id)>.json  GET /api/theses/<id>
 */
function helperTrees(audio: ReturnType<typeof readGradewiseAudio>, research: ResearchItem[]): Map<string, Array<[string, FileContent]>> {
  const rel = (file: string, dir: string) => file.slice(dir.length + 1);
  const json = (r: { status: number; body: unknown }) => {
    assert(r.status === 200, `a helper route answered ${r.status}: ${JSON.stringify(r.body)}`);
    return JSON.stringify(r.body);
  };
  const audioData = audio ?? readGradewiseAudio({ grades: [] })!;
  const all = {
    success: true,
    data: research,
    meta: { endpoint: 'research', total: research.length, page: 1, limit: research.length, pages: 1, detail: 'full' },
  };
  const researchFiles: Array<[string, FileContent]> = [
    [rel(RESEARCH_FILE, RESEARCH_DIR), JSON.stringify(all)],
    ['index.json', json(researchList(research, new URLSearchParams(), 'research'))],
  ];
  const thesesFiles: Array<[string, FileContent]> = [['index.json', json(researchList(research, new URLSearchParams(), 'theses'))]];
  for (const item of research) {
    researchFiles.push([`${fileStem(item.id)}.json`, json(researchItem(research, item.id, 'research'))]);
    if (item.category === 'Thesis') thesesFiles.push([`${fileStem(item.id)}.json`, json(researchItem(research, item.id, 'theses'))]);
  }
  return new Map([
    ['api/gradewise-audio', [[rel(GRADEWISE_AUDIO_FILE, 'api/gradewise-audio'), JSON.stringify({ success: true, data: audioData })]]],
    [RESEARCH_DIR, researchFiles],
    [THESES_DIR, thesesFiles],
  ]);
}

function sortedAliases(aliases: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(aliases).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function generatedAt(opts: BooksOptions, books: Book[]): string {
  const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (opts.generatedAt !== undefined) {
    const d = new Date(opts.generatedAt);
    if (Number.isNaN(d.getTime())) throw new DataError([{ file: 'generatedAt', message: `"${opts.generatedAt}" is not an ISO 8601 date-time` }]);
    return iso(d);
  }
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    if (!/^\d+$/.test(epoch)) throw new DataError([{ file: 'SOURCE_DATE_EPOCH', message: `"${epoch}" is not a whole number of seconds` }]);
    return iso(new Date(Number(epoch) * 1000));
  }
  // The newest scrape: the same input always gives the same output.
  let newest: number | undefined;
  for (const b of books) {
    const t = b.scrapedAt ? Date.parse(b.scrapedAt) : NaN;
    if (!Number.isNaN(t) && (newest === undefined || t > newest)) newest = t;
  }
  return iso(newest === undefined ? new Date() : new Date(newest));
}

/** The upstream LICENSE and NOTICE: beside the source files (or one folder up) when they are there, else our copies. */
function upstreamTexts(sourceDir: string | undefined): { license: Buffer; notice: Buffer } {
  const candidates: string[] = [];
  if (sourceDir !== undefined && !/^https?:/i.test(sourceDir)) candidates.push(sourceDir, dirname(sourceDir));
  candidates.push(UPSTREAM_DIR);
  for (const dir of candidates) {
    const license = join(dir, LICENSE_NAME);
    const notice = join(dir, NOTICE_NAME);
    if (existsSync(license) && existsSync(notice)) return { license: readFileSync(license), notice: readFileSync(notice) };
  }
  throw new KhojError('bug', `${UPSTREAM_DIR} lacks the upstream LICENSE and NOTICE`);
}

function staticTrees(
  catalog: CatalogFile,
  api: BooksApi,
  covers: Map<string, Uint8Array>,
  texts: { license: Buffer; notice: Buffer },
  sample: boolean,
): Map<string, Iterable<[string, FileContent]>> {
  const rel = (file: string, subtree: string) => file.slice(subtree.length + 1);
  const body = (r: { status: number; body: unknown }) => {
    assert(r.status === 200, `the query module answered ${r.status}: ${JSON.stringify(r.body)}`);
    return JSON.stringify(r.body);
  };

  const books = new Map<string, FileContent>();
  books.set(rel(FILES.firstPage, SUBTREES.books), body(api.list(new URLSearchParams())));
  const catalogText = JSON.stringify(catalog);
  books.set(rel(FILES.catalog, SUBTREES.books), catalogText);
  books.set(rel(FILES.license, SUBTREES.books), texts.license);
  books.set(rel(FILES.notice, SUBTREES.books), texts.notice);
  const owner = new Map<string, string>();
  for (const id of api.answerableIds()) {
    const file = rel(bookFile(id), SUBTREES.books);
    const clash = owner.get(file);
    if (clash !== undefined) throw new DataError([{ file: FILES.catalog, message: `ids "${clash}" and "${id}" map to the same file ${file}` }]);
    owner.set(file, id);
    books.set(file, body(api.book(id)));
  }

  const trees = new Map<string, Iterable<[string, FileContent]>>([[SUBTREES.books, books]]);
  // The catalog in shards (src/core/books/shards.ts): what a first visit loads instead of catalog.json.
  // With catalog.json by columns (src/core/books/columns.ts): what the worker's save fetches.
  trees.set(
    SUBTREES.shards,
    [...shardCatalog(catalog, api), [COLUMNS_FILE, columnsOf(catalogText)] as const].map(([file, text]): [string, FileContent] => [
      rel(file, SUBTREES.shards),
      text,
    ]),
  );
  // Every other parameterless path (paths.ts LIST_FILES) is one file, the query module's
  // answer, in a subtree of its own (api/sources/index.json…), so a plain static host answers it.
  for (const [path, file] of Object.entries(LIST_FILES)) {
    const subtree = file.slice(0, file.lastIndexOf('/'));
    if (subtree === SUBTREES.books || subtree === 'api') continue;
    trees.set(subtree, [[rel(file, subtree), body(api.answer(path)!)]]);
  }
  trees.set(SUBTREES.covers, covers);
  trees.set(SUBTREES.docs, docsFiles(sample));
  // The sample's own PDFs, EPUB and audio, served by the app itself (its records name them as
  // files/…); another source's build leaves the folder empty.
  trees.set(SUBTREES.files, sample ? sampleFiles() : []);
  return trees;
}

/** The sample's own files (made by sample/make-files.ts, committed), by name. */
function sampleFiles(): Array<[string, FileContent]> {
  const dir = join(SAMPLE_DIR, 'files');
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => [name, readFileSync(join(dir, name))]);
}

/** catalog.json's text by columns; the worker stores what they give back as catalog.json, so it must be the same bytes. */
function columnsOf(catalogText: string): string {
  const text = JSON.stringify(toColumns(JSON.parse(catalogText) as CatalogFile));
  assert(JSON.stringify(fromColumns(JSON.parse(text))) === catalogText, `${COLUMNS_FILE} does not give back ${FILES.catalog}`);
  return text;
}

/** Our own output must pass its schemas before it replaces anything. */
function selfCheck(catalog: CatalogFile, api: BooksApi): void {
  const problems = new ProblemList(20);
  for (const p of schemaProblems(catalogFileSchema, catalog, FILES.catalog)) problems.add(p);
  for (const [name, r] of [
    ['BookList', api.list(new URLSearchParams())],
    ['SourcesResponse', api.sourcesResponse()],
    ['StatsResponse', api.statsResponse()],
  ] as const) {
    for (const p of schemaProblems(standalone(name), r.body, name)) problems.add(p);
  }
  assert(!problems.count, `the built catalog fails its own check:\n${new DataError(problems.items, problems.more).message}`);
}

interface SummaryInput {
  input: Awaited<ReturnType<typeof readSources>>;
  merged: ReturnType<typeof mergeRecords>;
  books: Book[];
  covers: Awaited<ReturnType<typeof makeCovers>>;
  pdfs: PdfMode;
  pdftoppm: string | null;
  out: string;
  files: number;
  bytes: number;
  generatedAt: string;
  research: ResearchItem[];
  ms: number;
}

function summary(s: SummaryInput): string {
  const count = (list: Array<{ source: string }>) => {
    const m = new Map<string, number>();
    for (const x of list) m.set(x.source, (m.get(x.source) ?? 0) + 1);
    return m;
  };
  const fmt = (m: Map<string, number>) => [...m].map(([k, v]) => `${k} ${v}`).join(', ');
  const reasons = new Map<string, number>();
  for (const d of s.merged.duplicates) reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
  const reasonText: Record<string, string> = { 'same-document': 'same document', 'same-title-grade': 'same title and grade', 'same-id': 'same id' };
  const lines = [
    `books: ${s.input.kind === 'sample' ? 'embedded SAMPLE catalog' : s.input.kind} ${s.input.label} → ${s.out}/{api/index.json,${[...new Set(Object.values(LIST_FILES).map((f) => f.slice(0, f.lastIndexOf('/'))))].filter((d) => d !== 'api').join(',')},covers,docs,files}`,
    s.input.api
      ? `  read: YoBook API, /api/books ${s.input.api.total} records in ${s.input.files.filter((f) => /\/api\/books\?/.test(f.href)).length} pages; ${Object.entries(
          s.input.api.extra,
        )
          .map(([p, n]) => `/${p} ${n === 'absent' ? 'not there' : `${n} records`}`)
          .join(', ')}`
      : `  read: ${s.input.files.map((f) => `${f.href.replace(/^.*[\\/]/, '')} ${f.records}`).join(', ')}${s.input.missing.length ? `; not found: ${s.input.missing.join(', ')}` : ''}`,
    `  per source in: ${fmt(count(s.input.records.map((r) => r.book)))}`,
    `  ${s.input.records.length} records → ${s.books.length} books; ${s.merged.duplicates.length} duplicates removed${s.merged.duplicates.length ? ` (${[...reasons].map(([r, n]) => `${n} ${reasonText[r]}`).join(', ')})` : ''}`,
    `  per source out: ${fmt(count(s.books))}`,
    `  covers: ${s.covers.counts.reused} upstream, ${s.covers.counts.rendered} from PDF first pages, ${s.covers.counts.generated} generated (PDFs: ${s.pdfs}; pdftoppm: ${s.pdftoppm ?? 'not available'})${s.covers.renderCacheHits ? `; ${s.covers.renderCacheHits} renders taken from the cover cache` : ''}`,
  ];
  for (const w of s.covers.notShrunk) lines.push(`  warning: ${w}`);
  if (s.covers.failureCount) {
    lines.push(`  ${s.covers.failureCount} PDFs or covers could not be used (generated covers instead), e.g.:`);
    for (const f of s.covers.failures) lines.push(`    ${f}`);
  }
  const h = s.input.helpers;
  const audio = h.gradewiseAudio?.stats;
  lines.push(
    `  catalog helpers: gradewise audio ${audio ? `${audio.grades} grades, ${audio.audioLinks} audio links` : 'none'}; research ${s.research.length} items (${s.research.filter((r) => r.category === 'Thesis').length} theses)${h.read.length ? ` — from ${h.read.map((f) => f.replace(/^.*[\\/](?=[^\\/]+$)/, '')).join(', ')}` : ''}`,
  );
  const paced = s.input.api?.paced;
  if (paced)
    lines.push(`  YoBook requests: ${paced.requests}, paced under its limit; ${paced.tooMany} answered 429 (waited ${(paced.waitedMs / 1000).toFixed(1)} s)`);
  const pdfs = s.books.filter((b) => b.pdfUrl).length;
  const files = s.books.reduce((n, b) => n + (b.files?.length ?? 0), 0);
  lines.push(`  files: ${files} in ${s.books.length} books; ${pdfs} books with a PDF (pdfUrl)`);
  // The drift report: fields no one told us about, the day they ship.
  if (s.input.drift.fields.size) {
    lines.push('  drift: upstream fields Khoj does not know (kept as published):');
    for (const [field, d] of [...s.input.drift.fields].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1)))
      lines.push(`    ${String(d.count).padStart(6)}  ${field} — e.g. ${d.example}`);
  } else lines.push('  drift: none (every upstream field is known)');
  if (s.input.oddities.counts.size) {
    lines.push('  recoverable oddities (counted, not fatal):');
    for (const [kind, n] of [...s.input.oddities.counts].sort((a, b) => b[1] - a[1])) {
      const ex = s.input.oddities.examples.get(kind) ?? [];
      lines.push(`    ${String(n).padStart(6)}  ${ODDITY_TEXT[kind as Oddity]}${ex.length ? ` — e.g. ${ex[0]}` : ''}`);
    }
  }
  lines.push(`  ${s.files} files, ${(s.bytes / 1e6).toFixed(1)} MB, generatedAt ${s.generatedAt}, ${s.ms} ms`);
  return lines.join('\n');
}
