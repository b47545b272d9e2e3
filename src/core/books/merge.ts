// Merge and de-duplication: records in source priority order (sources.ts sourcePriority:
// cehrd-learning first, then any other source), each record either kept
// or folded into an earlier one that has the same id, points at the same document, or
// has the same title and grade. The kept record wins every field it has; it takes the
// fields it lacks, the keywords it lacks and the other's links (in `alternates`).

import { foldText, titleKey } from './fold.ts';
import { documentKey, type NormalisedRecord } from './normalise.ts';
import { sourcePriority } from './sources.ts';
import type { Alternate, Book } from './types.ts';

export interface Duplicate {
  kept: string;
  keptSource: string;
  dropped: string;
  droppedSource: string;
  reason: Alternate['reason'];
  /** the shared URL identity, or title|grade */
  key: string;
}

export interface MergeResult {
  records: NormalisedRecord[];
  duplicates: Duplicate[];
  /** merged id → kept id (same-id duplicates excluded) */
  aliases: Record<string, string>;
}

/**
 * Keys of one record: what makes another record "the same book". A sourceUrl that several
 * records of one source share is that source's landing page (the real CDC records all have
 * https://moecdc.gov.np), not a document: it is no key.
 */
function keysOf(b: Book, landing: ReadonlySet<string>): Array<[string, Alternate['reason']]> {
  const keys: Array<[string, Alternate['reason']]> = [[`id:${b.id}`, 'same-id']];
  for (const u of [b.pdfUrl, b.readUrl, b.sourceUrl]) {
    const k = documentKey(u);
    if (k && !(u === b.sourceUrl && landing.has(`${b.source} ${k}`))) keys.push([`doc:${k}`, 'same-document']);
  }
  const grade = b.grade ?? '-';
  // The title only: a local title is often a translation, and the same title in the other
  // script is the other-medium edition (My Mathematics ≠ मेरो गणित on the real files).
  const k = titleKey(b.title);
  if (k) keys.push([`title:${k}|${grade}`, 'same-title-grade']);
  return keys;
}

const priorityOrder = (a: NormalisedRecord, b: NormalisedRecord): number => {
  const pa = sourcePriority(a.book.source);
  const pb = sourcePriority(b.book.source);
  if (pa !== pb) return pa - pb;
  if (a.book.source !== b.book.source) return a.book.source < b.book.source ? -1 : 1;
  return 0; // stable: file order within a source
};

/** Merges records of all sources (in any order); the result is in priority order, not yet sorted for the catalog. */
export function mergeRecords(input: readonly NormalisedRecord[]): MergeResult {
  const ordered = [...input].sort(priorityOrder);
  const seen = new Set<string>();
  const landing = new Set<string>();
  for (const { book } of ordered) {
    const k = documentKey(book.sourceUrl);
    if (!k) continue;
    const key = `${book.source} ${k}`;
    if (seen.has(key)) landing.add(key);
    seen.add(key);
  }
  const kept: NormalisedRecord[] = [];
  const owner = new Map<string, number>();
  const duplicates: Duplicate[] = [];
  const aliases: Record<string, string> = {};

  for (const rec of ordered) {
    const keys = keysOf(rec.book, landing);
    let hit: { at: number; reason: Alternate['reason']; key: string } | undefined;
    for (const [key, reason] of keys) {
      const at = owner.get(key);
      if (at !== undefined) {
        hit = { at, reason, key: key.slice(key.indexOf(':') + 1) };
        break;
      }
    }
    if (!hit) {
      const at = kept.push({ ...rec, book: { ...rec.book } }) - 1;
      for (const [key] of keys) if (!owner.has(key)) owner.set(key, at);
      continue;
    }
    const keeper = kept[hit.at]!;
    foldInto(keeper, rec, hit.reason);
    for (const [key] of keys) if (!owner.has(key)) owner.set(key, hit.at);
    duplicates.push({
      kept: keeper.book.id,
      keptSource: keeper.book.source,
      dropped: rec.book.id,
      droppedSource: rec.book.source,
      reason: hit.reason,
      key: hit.key,
    });
    if (hit.reason !== 'same-id') aliases[rec.book.id] = keeper.book.id;
  }
  return { records: kept, duplicates, aliases };
}

const FILLABLE = ['author', 'grade', 'subject', 'language', 'country', 'curriculum', 'sourceUrl', 'readUrl', 'pdfUrl', 'category'] as const;
const FILLABLE_EXTRAS = ['titleLocal', 'description', 'publishedYear', 'chapters', 'pageCount', 'sourceCoverUrl'] as const;

function foldInto(keeper: NormalisedRecord, dup: NormalisedRecord, reason: Alternate['reason']): void {
  const k = keeper.book;
  const d = dup.book;
  for (const f of FILLABLE) if (k[f] === null && d[f] !== null) (k as Record<string, unknown>)[f] = d[f];
  for (const f of FILLABLE_EXTRAS) if (k[f] === undefined && d[f] !== undefined) (k as Record<string, unknown>)[f] = d[f];
  const seen = new Set(k.keywords.map(foldText));
  const extra = d.keywords.filter((w) => !seen.has(foldText(w)));
  if (extra.length) k.keywords = [...k.keywords, ...extra];
  if (!keeper.upstreamCover && dup.upstreamCover) keeper.upstreamCover = dup.upstreamCover;
  if (reason === 'same-id') return;
  const alt: Alternate = { id: d.id, source: d.source, reason };
  if (d.sourceUrl) alt.sourceUrl = d.sourceUrl;
  if (d.readUrl) alt.readUrl = d.readUrl;
  if (d.pdfUrl) alt.pdfUrl = d.pdfUrl;
  k.alternates = [...(k.alternates ?? []), alt];
}

// ---------------------------------------------------------------- catalog order

const cmpStr = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const cmpNullable = <T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number): number => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b));

/**
 * Catalog order: source priority (primary first), grade (none last), subject (none last), title,
 * id. Sources of one priority (those sources.ts does not rank) mix, as upstream lists them.
 */
export function compareBooks(a: Book, b: Book): number {
  return (
    sourcePriority(a.source) - sourcePriority(b.source) ||
    cmpNullable(a.grade, b.grade, (x, y) => x - y) ||
    cmpNullable(a.subject && foldText(a.subject), b.subject && foldText(b.subject), cmpStr) ||
    cmpStr(foldText(a.title), foldText(b.title)) ||
    cmpStr(a.id, b.id)
  );
}
