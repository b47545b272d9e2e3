// Today's YoBook records (../shared/data/books/current, see its README.md), and the files
// each publishes, found by hand from the README's fields (not by src/core/books/files.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FileKind } from '../../src/core/books/files.ts';
import { BOOK_FIELDS, type Book } from '../../src/core/books/types.ts';
import { BOOK_DATA, realData } from '../../harness/shared-data.ts';

export const CURRENT = join(BOOK_DATA, 'current');
export const hasCurrent = realData("today's YoBook records", [join(CURRENT, 'README.md')]);

export type Rec = Record<string, unknown>;

/** Every record of the per-source files of `current/` (the helper gradewise_audio_links.json is no list of records). */
export function currentRecords(): Array<{ file: string; rec: Rec }> {
  const out: Array<{ file: string; rec: Rec }> = [];
  for (const file of readdirSync(CURRENT)
    .filter((f) => f.endsWith('.json') && f !== 'gradewise_audio_links.json')
    .sort())
    for (const rec of JSON.parse(readFileSync(join(CURRENT, file), 'utf8')) as Rec[]) out.push({ file, rec });
  return out;
}

/**
 * Every file URL a record publishes, with the kind the README describes, found without
 * files.ts: the README's fields, walked by hand.
 */
export function publishedFiles(file: string, rec: Rec): Array<{ url: string; kind: FileKind }> {
  const out: Array<{ url: string; kind: FileKind }> = [];
  const ext = (u: string): FileKind =>
    /\.pdf(\?|$)/i.test(u) || /ext=pdf/.test(u) || /\/bitstreams\/[\w-]+\/content$/.test(u)
      ? 'pdf'
      : /\.epub$/i.test(u)
        ? 'epub'
        : /\.mp3$/i.test(u)
          ? 'audio'
          : /\.zip$/i.test(u)
            ? 'archive'
            : 'other';
  for (const u of ([] as unknown[]).concat(rec.downloadUrl ?? [])) out.push({ url: u as string, kind: ext(u as string) });
  if (typeof rec.audioUrl === 'string') out.push({ url: rec.audioUrl, kind: 'audio' });
  if (typeof rec.zipUrl === 'string') out.push({ url: rec.zipUrl, kind: 'archive' });
  if (typeof rec.readUrl === 'string') {
    // A Moodle view page, OpenStax' and Standard Ebooks' reading pages are web pages; the other readUrls are the file itself.
    const page = /view\.php|openstax\.org\/books\/|\/text\/single-page$/.test(rec.readUrl);
    out.push({ url: rec.readUrl, kind: page ? 'web-page' : ext(rec.readUrl) });
  }
  for (const c of (rec.chapterDownloadUrls as Rec[] | undefined) ?? []) out.push({ url: c.downloadUrl as string, kind: 'pdf' });
  for (const p of (rec.question_papers as Rec[] | undefined) ?? []) out.push({ url: (p.url ?? p.readUrl) as string, kind: 'pdf' });
  expect(out.length, `${file} ${String(rec.id)} publishes no file`).toBeGreaterThan(0);
  return out;
}

const NORMALISED = new Set<string>([...BOOK_FIELDS, 'titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'scrapedAt']);

/** Every upstream field of `rec` is on `book` under its name and value, or (for a field we normalise) in book.upstream. */
export function expectFaithful(book: Book, rec: Rec): void {
  for (const [k, v] of Object.entries(rec)) {
    const where = `${String(rec.id)}.${k}`;
    if (NORMALISED.has(k) && JSON.stringify(book[k]) !== JSON.stringify(v)) expect(book.upstream?.[k], where).toEqual(v);
    else expect(book[k], where).toEqual(v);
  }
}
