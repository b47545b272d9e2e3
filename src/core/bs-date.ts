// Bikram Sambat dates beside AD, where people in Nepal expect them (notices, IPOs, dividends,
// book close), converted by a maintained library (nepali-date-converter, its tables cover
// BS 2000–2090, AD 1943–2034) rather than by hand.

import Imported from 'nepali-date-converter';

// The package is a UMD build with an `__esModule` default: Vite and tsx hand over the class,
// Playwright's loader the module object holding it. Unwrapped once here, for every loader.
type NepaliDateClass = typeof Imported;
const NepaliDate: NepaliDateClass = typeof Imported === 'function' ? Imported : (Imported as unknown as { default: NepaliDateClass }).default;

/** A calendar date (YYYY-MM-DD, as Nepal dates it) in Bikram Sambat: "४ मंसिर २०८३" or "4 Mangsir 2083"; undefined outside the tables or for text that is not a date. */
export function bsDate(ad: string, lang: 'ne' | 'en'): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ad);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1944 || y > 2033 || mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  try {
    // Local midnight of that day: the library reads the date in local time.
    return new NepaliDate(new Date(y, mo - 1, d)).format('D MMMM YYYY', lang === 'ne' ? 'np' : 'en');
  } catch {
    return undefined;
  }
}

/** The Bikram Sambat date of an AD one, as [year, month 1–12, day]; undefined outside the tables. */
export function toBs(ad: string): [number, number, number] | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ad);
  if (!m || Number(m[1]) < 1944 || Number(m[1]) > 2033) return undefined;
  try {
    const b = new NepaliDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getBS();
    return [b.year, b.month + 1, b.date];
  } catch {
    return undefined;
  }
}

/** The AD date of a Bikram Sambat one (YYYY-MM-DD). */
export function fromBs(year: number, month: number, day: number): string {
  const d = new NepaliDate(year, month - 1, day).toJsDate();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
