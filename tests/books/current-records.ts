// Records of ../shared/data/books/current (the upstream's shapes of today) as a published
// catalog carries them: every upstream field under its upstream name and value, plus the
// contract's fields (null where the record has none) and a local cover. Built at test time,
// never committed. Skipped: the helper files and source `tu`, which upstream's /api/books skips.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourcesInfo } from '../../src/core/books/stats.ts';
import { BOOK_FIELDS, type Book, type CatalogFile } from '../../src/core/books/types.ts';
import { realData } from '../helpers/shared-data.ts';
import { BOOK_DATA } from './helpers.ts';

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
