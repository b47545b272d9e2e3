// Records of ../shared/data/books/current (the upstream's shapes of today) as a published
// catalog carries them: every upstream field under its upstream name and value, plus the
// contract's fields (null where the record has none) and a local cover. Built at test time,
// never committed. Skipped: the helper files and source `tu`, which upstream's /api/books skips.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourcesInfo } from '../../src/core/books/stats.ts';
import { BOOK_FIELDS, type Book, type CatalogFile } from '../../src/core/books/types.ts';
import { BOOK_DATA, realData } from '../shared-data.ts';
import { rng } from './synthetic.ts';

export const CURRENT_DIR = join(BOOK_DATA, 'current');
export const hasCurrentData = realData('the current upstream book records', [join(CURRENT_DIR, 'cehrd_learning.json'), join(CURRENT_DIR, 'README.md')]);

/** Upstream's source order (its README, "Order"); others after. */
const PRIORITY = ['cehrd-learning', 'cehrd-stories', 'cehrd-nfe', 'cehrd-audio', 'pustakalaya', 'ncert-official', 'openstax', 'standard-ebooks', 'cdc-library'];
const rank = (source: string) => {
  const i = PRIORITY.findIndex((p) => source === p || (p === 'pustakalaya' && source.startsWith('pustakalaya-')));
  return i === -1 ? PRIORITY.length : i;
};

/** The raw upstream records of the current sample files, by file. */
export function currentRaw(): Map<string, Array<Record<string, unknown>>> {
  const out = new Map<string, Array<Record<string, unknown>>>();
  for (const f of readdirSync(CURRENT_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(CURRENT_DIR, f), 'utf8')) as unknown;
    if (Array.isArray(data)) out.set(f, data as Array<Record<string, unknown>>);
  }
  return out;
}

/** One published record: the contract's fields first (as the build fills them), then every upstream field. */
export function asPublished(raw: Record<string, unknown>, i = 0): Book {
  const book: Record<string, unknown> = {};
  for (const f of BOOK_FIELDS) book[f] = f === 'keywords' ? [] : null;
  Object.assign(book, raw);
  if (!Array.isArray(book.keywords)) book.keywords = [];
  if (typeof book.coverUrl !== 'string' || !book.coverUrl.startsWith('/covers/')) {
    if (typeof raw.coverUrl === 'string' && raw.coverUrl) book.sourceCoverUrl = raw.coverUrl;
    book.coverUrl = `/covers/current-${i}.svg`;
  }
  return book as Book;
}

export function currentBooks(): Book[] {
  const books: Book[] = [];
  for (const [f, list] of currentRaw()) {
    if (f === 'tu_reports.json' || f.startsWith('gradewise_')) continue;
    for (const raw of list) if (raw.source !== 'tu') books.push(asPublished(raw, books.length));
  }
  return books
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(x.b.source) - rank(y.b.source) || x.i - y.i)
    .map((x) => x.b);
}

export function currentCatalog(): CatalogFile {
  const books = currentBooks();
  return {
    format: 'khoj-books-catalog',
    version: 1,
    generatedAt: '2026-05-01T00:00:00Z',
    sample: false,
    credit: 'Powered by YoBook API',
    license: 'test records copied from the upstream',
    books,
    aliases: {},
    sources: sourcesInfo(books),
  };
}

/**
 * Estimated records per upstream file in the 11 MB all_books.json of ~11,700 records: the
 * upstream file sizes in current/README.md divided by the mean size of its sample records;
 * Pustakalaya (not in current/) fills the rest, with its records' shape from ../sources.
 */
const UPSTREAM_SHARE: Record<string, number> = {
  'standard_ebooks.json': 1480,
  'openstax_textbooks.json': 60,
  'ncert_textbooks.json': 195,
  'questionbanknepal_question_papers.json': 26,
  'shisir_question_papers_grouped.json': 30,
  'cehrd_audio.json': 61,
  'cehrd_stories.json': 7,
  'cehrd_nfe.json': 46,
  'cdc_teacher-guides.json': 35,
  'cehrd_learning.json': 52,
};
const TODAY = 11_700;
const WORDS =
  'one two three new revised part volume basics practice reader guide stories history science nepal himalaya नयाँ भाग अभ्यास कथा इतिहास विज्ञान नेपाल'.split(' ');

/**
 * A copy's strings made its own, so the copies compress as distinct real records do (a plain
 * repeat would brotli to almost nothing): a URL's last segment gets a random name of the same
 * length, a long text its words shuffled; short values (language, category…) stay.
 */
function vary(value: unknown, r: () => number): unknown {
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value)) {
      return value.replace(/[^/]+$/, (seg) => seg.replace(/[A-Za-z0-9]/g, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(r() * 36)]!));
    }
    if (value.length > 40 && value.includes(' '))
      return value
        .split(' ')
        .sort(() => r() - 0.5)
        .join(' ');
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => vary(v, r));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, vary(v, r)]));
  return value;
}

/**
 * A catalog of n records in today's shapes (for the benchmark; generated, never committed):
 * the real records of current/ (and Pustakalaya's from ../sources) repeated in upstream's
 * proportions, each copy with its own id, a varied title and varied URLs and texts, every
 * field under its upstream name and shape.
 */
export function scaledCurrentCatalog(n: number, seed = 1): CatalogFile {
  const r = rng(seed);
  const templates = new Map<string, Array<Record<string, unknown>>>(currentRaw());
  templates.set('pustakalaya.json', JSON.parse(readFileSync(join(BOOK_DATA, 'sources/pustakalaya.json'), 'utf8')) as Array<Record<string, unknown>>);
  const shares: Array<[string, number]> = [...Object.entries(UPSTREAM_SHARE).map(([f, k]): [string, number] => [f, Math.round((k * n) / TODAY)])];
  shares.push(['pustakalaya.json', n - shares.reduce((a, [, k]) => a + k, 0)]);
  const books: Book[] = [];
  for (const [file, count] of shares) {
    const list = templates.get(file)!;
    for (let k = 0; k < count; k++) {
      const template = list[k % list.length]!;
      const copy = Math.floor(k / list.length);
      const raw = copy === 0 ? structuredClone(template) : (vary(template, r) as Record<string, unknown>);
      if (copy > 0) {
        raw.id = `${String(template.id)}-x${copy}`;
        raw.title = `${String(template.title)} ${WORDS[Math.floor(r() * WORDS.length)]} ${copy}`;
      }
      books.push(asPublished(raw, books.length));
    }
  }
  books.sort((x, y) => rank(x.source) - rank(y.source));
  return { ...currentCatalog(), books, sources: sourcesInfo(books) };
}
