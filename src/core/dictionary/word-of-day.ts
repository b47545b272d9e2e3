// The word of the day: the same for everyone on a given Nepal date. The date is Nepal's
// (Asia/Kathmandu, UTC+5:45, whatever the phone's own time zone), named in Bikram Sambat
// (core/bs-date.ts), hashed to a position in the headword list (core/dictionary/headwords.ts);
// an entry without definitions passes the turn to the next word.

import { toBs } from '../bs-date.ts';
import type { Entry } from './types.ts';

// Nepal's clock has been UTC+5:45 since 1986 (UTC+5:30 before), with no daylight saving: a sum,
// not Intl's time zones, whose first use loads the zone data (265 ms of the dictionary home's main
// thread in a first visit's trace at 4× CPU, bench/RESULTS.md).
const SINCE = Date.UTC(1985, 11, 31, 18, 30);

/** The AD date (YYYY-MM-DD) it is in Nepal at `now`. */
export const nepalDate = (now: Date): string => new Date(now.getTime() + (now.getTime() >= SINCE ? 345 : 330) * 60_000).toISOString().slice(0, 10);

/** Nepal's date at `now` in Bikram Sambat, "2083-08-10"; the AD date outside the converter's tables. */
export function nepalDayKey(now: Date): string {
  const ad = nepalDate(now);
  const bs = toBs(ad);
  return bs ? bs.map((n, i) => String(n).padStart(i ? 2 : 4, '0')).join('-') : ad;
}

/** FNV-1a, 32 bits: a stable spread of the day's key (the same in every browser). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The position of the day's first candidate among `count` headwords. */
export const dayPosition = (dayKey: string, count: number): number => (count > 0 ? hash(`khoj-word-of-the-day:${dayKey}`) % count : 0);

/** Does the entry hold a definition a reader can read (some sense with text)? */
export const hasDefinitions = (entry: Entry | undefined): boolean => !!entry?.definitions.some((d) => d.senses.some((s) => s.trim() !== ''));

/** The candidates in turn from the day's position: the next word, wrapping round, when one has no definitions. */
export function* candidates(dayKey: string, count: number): Generator<number> {
  const start = dayPosition(dayKey, count);
  for (let k = 0; k < count; k++) yield (start + k) % count;
}
