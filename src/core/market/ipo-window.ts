// IPO windows as the upstream writes them, in English words over the Bikram Sambat calendar
// ("10th - 14th Mangsir, 2083", "27th Falgun - 1st Chaitra, 2082", "3rd to 8th Baishakh, 2083"),
// read into AD dates so the app can say whether an issue is open, upcoming or closed.

import { fromBs } from '../bs-date.ts';

/** Month spellings seen in Nepali English text, by BS month number. */
const MONTHS: readonly (readonly string[])[] = [
  ['baishakh', 'baisakh', 'vaishakh', 'baishak'],
  ['jestha', 'jeth', 'jyestha', 'jesth'],
  ['ashad', 'ashadh', 'asar', 'asadh', 'ashar'],
  ['shrawan', 'shravan', 'saun', 'sawan', 'srawan'],
  ['bhadra', 'bhadau', 'bhadr'],
  ['ashwin', 'asoj', 'aswin', 'ashoj'],
  ['kartik', 'kattik', 'karthik'],
  ['mangsir', 'mansir', 'marga', 'mangshir', 'mangsheer'],
  ['poush', 'push', 'paush', 'pous'],
  ['magh', 'margh'],
  ['falgun', 'phalgun', 'fagun', 'phagun'],
  ['chaitra', 'chait', 'chaitr'],
];

const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));

export interface IpoWindow {
  /** first day, AD YYYY-MM-DD */
  opens: string;
  /** last day, AD YYYY-MM-DD */
  closes: string;
  /** the same days in BS, [year, month, day] */
  opensBs: [number, number, number];
  closesBs: [number, number, number];
}

const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const MONTH = String.raw`([A-Za-z]+)`;
// "<day> [<month>] - <day> <month>[,] <year>"; the first month is optional (same month).
const RANGE = new RegExp(String.raw`^${DAY}(?:\s+${MONTH})?\s*(?:-|–|to)\s*${DAY}\s+${MONTH}\s*,?\s*(\d{4})$`, 'i');
const SINGLE = new RegExp(String.raw`^${DAY}\s+${MONTH}\s*,?\s*(\d{4})$`, 'i');

function monthOf(name: string | undefined): number | undefined {
  return name === undefined ? undefined : MONTH_OF.get(name.toLowerCase());
}

function bsToAd(y: number, m: number, d: number): string | undefined {
  if (d < 1 || d > 32) return undefined;
  try {
    const ad = fromBs(y, m, d);
    return /^\d{4}-\d{2}-\d{2}$/.test(ad) ? ad : undefined;
  } catch {
    return undefined;
  }
}

/** The window's days, or undefined for text that is not a window ("", "To be announced"). */
export function parseIpoWindow(text: string | null | undefined): IpoWindow | undefined {
  const t = (text ?? '').trim().replace(/\s+/g, ' ');
  let startDay: number, startMonth: number | undefined, endDay: number, endMonth: number | undefined, year: number;
  const r = RANGE.exec(t);
  if (r) {
    [startDay, endDay, year] = [Number(r[1]), Number(r[3]), Number(r[5])];
    endMonth = monthOf(r[4]);
    startMonth = r[2] === undefined ? endMonth : monthOf(r[2]);
  } else {
    const s = SINGLE.exec(t);
    if (!s) return undefined;
    [startDay, endDay, year] = [Number(s[1]), Number(s[1]), Number(s[3])];
    startMonth = endMonth = monthOf(s[2]);
  }
  if (startMonth === undefined || endMonth === undefined) return undefined;
  // The year is written once, for the last day: a window from Chaitra into Baishakh began the year before.
  const startYear = startMonth > endMonth ? year - 1 : year;
  const opens = bsToAd(startYear, startMonth, startDay);
  const closes = bsToAd(year, endMonth, endDay);
  if (!opens || !closes || opens > closes) return undefined;
  return { opens, closes, opensBs: [startYear, startMonth, startDay], closesBs: [year, endMonth, endDay] };
}

export type IpoStatus = { state: 'upcoming'; daysToOpen: number } | { state: 'open'; daysLeft: number } | { state: 'closed' };

const dayNumber = (ad: string): number => Date.UTC(Number(ad.slice(0, 4)), Number(ad.slice(5, 7)) - 1, Number(ad.slice(8, 10))) / 86_400_000;

/** Where today (Nepal's calendar date, AD YYYY-MM-DD) stands against the window; daysLeft counts today. */
export function ipoStatus(w: IpoWindow, today: string): IpoStatus {
  const now = dayNumber(today);
  if (now < dayNumber(w.opens)) return { state: 'upcoming', daysToOpen: dayNumber(w.opens) - now };
  if (now > dayNumber(w.closes)) return { state: 'closed' };
  return { state: 'open', daysLeft: dayNumber(w.closes) - now + 1 };
}
