// Every date and time the market screens show, in one place: Bikram Sambat first, AD beside it
// (as YYYY-MM-DD), in the interface's language and digits. "४ मंसिर २०८३ (२०२६-११-२०)",
// "4 Mangsir 2083, 12:08 NPT (2026-11-20)". Times are Nepal wall-clock time (clock.ts). A date
// the BS tables do not cover (core/bs-date.ts: AD 1944–2033) is shown in AD alone.

import { bsDate } from '../bs-date.ts';
import { digits } from '../digits.ts';
import { type NaiveZone, nepalTime, parseTimestamp } from './clock.ts';
import { type Lang, PLACEHOLDER } from './format.ts';

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(.*)$/;
// The IPO list's announcement dates are written "Nov 19, 2026" (../shared/data/market).
const WORDED_DATE = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (\d{1,2}), (\d{4})(.*)$/;
const CLOSED = /^\s*\[closed\]\s*$/i;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The AD day (YYYY-MM-DD) a published date starts with, and what follows it ("2026-04-09 [Closed]", "Nov 19, 2026"). */
function adDay(text: string): [string, string] | undefined {
  const iso = ISO_DATE.exec(text.trim());
  if (iso) return [iso[1]!, iso[2]!];
  const w = WORDED_DATE.exec(text.trim());
  if (!w) return undefined;
  return [`${w[3]!}-${String(MONTHS.indexOf(w[1]!) + 1).padStart(2, '0')}-${w[2]!.padStart(2, '0')}`, w[4]!];
}

/**
 * A calendar date (AD, as Nepal dates it: "2026-11-20", "Nov 20, 2026"): BS first, AD beside,
 * anything written after the date kept ("[Closed]" as ", closed"). Text that is not such a date is shown as it is.
 */
export function bsFirstDate(ad: string, lang: Lang): string {
  const d = adDay(ad);
  if (!d) return ad;
  const [day, rest] = d;
  // A date-time handed as a date keeps its day and drops its time; the files' "[Closed]" (a book
  // close that is over) is said in the interface's words.
  const tail = rest.startsWith('T') ? '' : CLOSED.test(rest) ? (lang === 'ne' ? ', सकियो' : ', closed') : digits(rest, lang);
  const bs = bsDate(day, lang);
  return (bs ? `${bs} (${digits(day, lang)})` : digits(day, lang)) + tail;
}

/** A moment (epoch ms) as Nepal's date and time: "४ मंसिर २०८३, १२:०८ (२०२६-११-२०)" / "4 Mangsir 2083, 12:08 NPT (2026-11-20)". */
export function bsFirstMoment(epochMs: number, lang: Lang, withTime = true): string {
  const t = nepalTime(epochMs);
  if (!withTime) return bsFirstDate(t.date, lang);
  const bs = bsDate(t.date, lang);
  const clock = digits(t.time, lang) + (lang === 'en' ? ' NPT' : '');
  return bs ? `${bs}, ${clock} (${digits(t.date, lang)})` : `${digits(t.date, lang)}, ${clock}`;
}

/**
 * A date or date-time as a file published it (naive UTC, naive Nepal time, with an offset, or a
 * date alone, shown without a time); `zone` says how the field's naive times are meant.
 * Unreadable text is shown as it is; nothing gives "—".
 */
export function bsFirstPublished(text: string | null | undefined, zone: NaiveZone, lang: Lang): string {
  if (text === null || text === undefined || text === '') return PLACEHOLDER;
  const p = parseTimestamp(text, zone);
  return p ? bsFirstMoment(p.epochMs, lang, p.convention !== 'date') : text;
}

/** "As of …" for a published timestamp: "as of 4 Mangsir 2083, 12:08 NPT (2026-11-20)" / "४ मंसिर २०८३, १२:०८ (२०२६-११-२०) सम्मको". */
export function bsFirstAsOf(text: string | null | undefined, zone: NaiveZone, lang: Lang): string {
  const when = bsFirstPublished(text, zone, lang);
  if (when === PLACEHOLDER || (text && !parseTimestamp(text, zone))) return when;
  return lang === 'ne' ? `${when} सम्मको` : `as of ${when}`;
}

/** Two days, BS then AD: "१० मंसिर २०८३ – १४ मंसिर २०८३ (२०२६-११-२६ – २०२६-११-३०)". */
export function bsFirstRange(from: string, to: string, lang: Lang): string {
  const [a, b] = [bsDate(from, lang), bsDate(to, lang)];
  const ad = `${digits(from, lang)} – ${digits(to, lang)}`;
  return a && b ? `${a} – ${b} (${ad})` : ad;
}

/** A period key (YYYY, YYYY-MM or YYYY-MM-DD) named by the BS month or year of its last day `last`, the AD key beside. */
export function bsFirstPeriod(period: string, last: string, lang: Lang): string {
  if (period.length === 10) return bsFirstDate(period, lang);
  const bs = bsDate(last, lang);
  if (!bs) return digits(period, lang);
  // "D MMMM YYYY": a month keeps "MMMM YYYY", a year "YYYY".
  const parts = bs.split(' ');
  return `${period.length === 7 ? parts.slice(1).join(' ') : parts.at(-1)!} (${digits(period, lang)})`;
}
