// The exchange's calendar for the sample: trading days, Bikram Sambat months and fiscal years, number and date formats.

import { BS_MONTHS, HOLIDAYS, MONDAY_TO_FRIDAY_FROM } from '../sample-names.ts';

export const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
export const tick = (price: number) => (price < 30 ? round(price, 2) : round(price, 1));
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function isTradingDay(date: string): boolean {
  if (HOLIDAYS.has(date)) return false;
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return date >= MONDAY_TO_FRIDAY_FROM ? wd >= 1 && wd <= 5 : wd <= 4;
}

/** A Gregorian date as Bikram Sambat (approximate month boundaries): [year, month index 0–11, day]. */
export function toBs(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const md = m * 100 + d;
  const year = md >= 414 ? y + 57 : y + 56;
  let idx = 11;
  let start = '';
  for (let i = 0; i < 12; i++) {
    const [, mm, dd] = BS_MONTHS[i]!;
    const startYear = i >= 9 ? (md >= 414 ? y + 1 : y) : md >= 414 ? y : y - 1;
    const s = `${startYear}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
    if (s <= date && s > start) {
      start = s;
      idx = i;
    }
  }
  const day = Math.round((Date.parse(date) - Date.parse(start)) / 86_400_000) + 1;
  return [year, idx, day];
}

export const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
/** The Nepali fiscal year (from Shrawan) holding a date: [2083, 2084]. */
export const fiscalYearOf = (date: string): number => {
  const [y, idx] = toBs(date);
  return idx >= 3 ? y : y - 1;
};
export const lakh = (n: number) => {
  const [i, f] = n.toFixed(2).split('.') as [string, string];
  const head = i.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head ? `${head},` : ''}${i.slice(-3)}.${f}`;
};
export const englishDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[m - 1]} ${String(d).padStart(2, '0')}, ${y}`;
};
