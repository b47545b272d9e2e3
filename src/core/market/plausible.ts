// Plausibility of a fetched market file against the copy stored from the same upstream: rules a
// well-formed answer must also pass before it replaces good data. A host rolled back to an old
// snapshot, or a scraper that found nothing, answers with valid files that would wipe out what the
// reader had. Such an answer is kept aside (the stored copy stays, marked stale), never stored.

import { nepalTime, type NaiveZone, parseTimestamp } from './clock.ts';
import { ENDPOINT_OF, type FileKind } from './endpoints.ts';
import type { MarketStatus } from './types/index.ts';

/** A list this long is "many rows": below it, losing rows is ordinary. */
export const MANY_ROWS = 5;

/** The timestamp each kind carries (per row for lists), and the zone its naive form is in. */
const TIME_FIELD: Partial<Record<FileKind, [string, NaiveZone]>> = {
  status: ['lastChecked', 'utc'],
  stocks: ['lastUpdated', 'nepal'],
  indices: ['generatedTime', 'nepal'],
  notices: ['lastUpdated', 'utc'],
  disclosures: ['publishedAt', 'nepal'],
  messages: ['publishedAt', 'nepal'],
  ltpMonth: ['updatedAt', 'nepal'],
  summaryHistory: ['businessDate', 'nepal'],
  indexMonth: ['updatedAt', 'nepal'],
  ltpDay: ['updatedAt', 'nepal'],
  indexManifest: ['latestDate', 'nepal'],
  floorManifest: ['latestDate', 'nepal'],
};

export interface Facts {
  /** rows of a list, or of all the lists an object holds; undefined when it holds none */
  rows?: number;
  /** the newest timestamp it carries (ms), and that timestamp as published */
  newest?: number;
  newestText?: string;
}

/** What a file's model value (as the adapters read it) says about its size and age. */
export function factsOf(kind: FileKind, value: unknown): Facts {
  const facts: Facts = {};
  const lists = Array.isArray(value)
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .filter(([k, v]) => k !== 'extra' && Array.isArray(v))
          .map(([, v]) => v as unknown[])
      : [];
  if (lists.length) facts.rows = lists.reduce((n, l) => n + l.length, 0);
  const field = TIME_FIELD[kind];
  if (field) {
    const [name, zone] = field;
    for (const record of Array.isArray(value) ? value : [value]) {
      const text = (record as Record<string, unknown> | null)?.[name];
      const t = typeof text === 'string' ? parseTimestamp(text, zone)?.epochMs : undefined;
      if (t !== undefined && (facts.newest === undefined || t > facts.newest)) {
        facts.newest = t;
        facts.newestText = text as string;
      }
    }
  }
  return facts;
}

/** Whether `status` was checked on a later Nepal day than `since` (ms): a new trading day may change any list. */
export function newerDay(status: MarketStatus | null | undefined, since: number): boolean {
  const t = status && parseTimestamp(status.lastChecked, 'utc')?.epochMs;
  return t !== undefined && t !== null && nepalTime(t).date > nepalTime(since).date;
}

/**
 * Why `next` may not replace `stored` (facts of the same file of `kind`, from the same upstream),
 * or undefined when it may. `newerStatus`: a status newer than the stored copy says the day changed.
 * A required list may not lose most of its rows; any list may not go from many rows to none (real
 * optional lists do shrink within a day: supply and demand went from 744 rows to 3).
 */
export function implausible(kind: FileKind, next: Facts, stored: Facts, newerStatus: boolean): string | undefined {
  if (next.newest !== undefined && stored.newest !== undefined && next.newest < stored.newest) {
    return `older than the stored copy (${next.newestText} < ${stored.newestText})`;
  }
  if (!newerStatus && stored.rows !== undefined && stored.rows >= MANY_ROWS) {
    const rows = next.rows ?? 0;
    if (rows === 0) return `empty, the stored copy has ${stored.rows} rows`;
    if (rows < stored.rows / 2 && ENDPOINT_OF[kind].required) return `${rows} rows, the stored copy has ${stored.rows}`;
  }
  return undefined;
}
