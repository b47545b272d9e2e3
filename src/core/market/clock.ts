// Nepal time (UTC+05:45, no daylight saving) and the timestamp conventions of the market files.
//
// The real files use three conventions for date-times, plus plain dates:
//   - naive UTC:        market status `last_checked`, scraper times (`scraped_at`, `last_run_at`,
//                       notices `last_updated`, company metadata `last_updated`)
//   - naive Nepal time: stock rows `last_updated`, index `generatedTime`, disclosure and message
//                       times (the exchange's own clock)
//   - with an offset:   price history `updatedAt` ("…+05:45")
//   - a date alone:     business dates, NAV dates (an open-ended fund row's `last_updated`)
// A string with `Z` or an offset is read as such whatever its field's convention says.

export const NEPAL_OFFSET_MINUTES = 345;
const OFFSET_MS = NEPAL_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** How a naive date-time (no offset) of a field is to be read. */
export type NaiveZone = 'utc' | 'nepal';
/** What a timestamp string turned out to be. */
export type TimeConvention = 'utc' | 'nepal' | 'offset' | 'date';

/** The naive zone of each timestamp field, by file kind and model field. */
export const NAIVE_ZONE: Readonly<Record<string, NaiveZone>> = {
  'status.lastChecked': 'utc',
  'stocks.lastUpdated': 'nepal',
  'indices.generatedTime': 'nepal',
  'ltpMonth.updatedAt': 'nepal',
  'notices.lastUpdated': 'utc',
  'disclosures.publishedAt': 'nepal',
  'messages.publishedAt': 'nepal',
  'ipo.scrapedAt': 'utc',
  'dividends.scrapedAt': 'utc',
  'dividendMeta.lastRunAt': 'utc',
  'companyMeta.lastUpdated': 'utc',
  'mutualFunds.scrapedAt': 'utc',
};

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export interface ParsedTime {
  /** milliseconds since the epoch */
  epochMs: number;
  convention: TimeConvention;
}

/** Reads a timestamp of any of the conventions; a date alone is midnight in Nepal. Undefined if unreadable. */
export function parseTimestamp(text: string, naive: NaiveZone): ParsedTime | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const ms = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (h === undefined) return { epochMs: wall - OFFSET_MS, convention: 'date' };
  if (zone) {
    if (zone.toUpperCase() === 'Z') return { epochMs: wall, convention: 'offset' };
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
    return { epochMs: wall - offset * 60_000, convention: 'offset' };
  }
  return naive === 'utc' ? { epochMs: wall, convention: 'utc' } : { epochMs: wall - OFFSET_MS, convention: 'nepal' };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface NepalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** minutes since midnight, Nepal time */
  minuteOfDay: number;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The wall clock in Nepal at an instant. */
export function nepalTime(epochMs: number): NepalTime {
  const d = new Date(epochMs + OFFSET_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const hour = d.getUTCHours();
  const minute = d.getUTCMinutes();
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    minuteOfDay: hour * 60 + minute,
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
  };
}

/** The instant at a Nepal wall-clock time. */
export function fromNepal(date: string, hour = 0, minute = 0, second = 0): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hour, minute, second) - OFFSET_MS;
}

/** `YYYY-MM-DDTHH:MM:SS+05:45`, the convention of the price history files. */
export function nepalIso(epochMs: number): string {
  const t = nepalTime(epochMs);
  return `${t.date}T${t.time}:${pad(t.second)}+05:45`;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff` in UTC, the naive convention of scraper times. */
export function naiveUtc(epochMs: number, micros = 0): string {
  const d = new Date(epochMs);
  const base = d.toISOString().slice(0, 19);
  return `${base}.${pad(d.getUTCMilliseconds() * 1000 + micros, 6)}`;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff` in Nepal time, the naive convention of the exchange's own times. */
export function naiveNepal(epochMs: number, micros = 0): string {
  return naiveUtc(epochMs + OFFSET_MS, micros);
}

/** The Nepal calendar date a timestamp falls on. */
export function nepalDateOf(text: string, naive: NaiveZone): string | undefined {
  const p = parseTimestamp(text, naive);
  return p && nepalTime(p.epochMs).date;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(fromNepal(date) + OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}
