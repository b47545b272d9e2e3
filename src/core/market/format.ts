// Numbers and times for people. Nepali interface: lakh/crore grouping (१,२३,४५,६७८.९०) in
// Devanagari digits; English interface: thousands grouping (12,345,678.90) in ASCII digits.
// Times: "as of" in Nepal time whatever convention the file used (see clock.ts). No Intl: the
// output is the same in every browser, worker and Node build.

import { toDevanagariDigits } from '../digits.ts';
import { type NaiveZone, nepalTime, parseTimestamp } from './clock.ts';

export type Lang = 'ne' | 'en';

export { toDevanagariDigits };

/** 12345678 → 1,23,45,678 (the last three digits, then twos). */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** 12345678 → 12,345,678. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Fixed decimals, rounding half away from zero on the decimal digits as written (1.005 → 1.01). */
export function toFixedDecimal(n: number, decimals: number): string {
  const abs = Math.abs(n);
  let s: string;
  // From 1e21 toFixed writes an exponent ("1e+308", shown as "१e+,३०८"): the integer's digits instead.
  if (abs >= 1e21) s = `${BigInt(abs)}${decimals > 0 ? `.${'0'.repeat(Math.min(decimals, 100))}` : ''}`;
  else if (abs >= 1e15 || decimals > 10) s = abs.toFixed(decimals);
  else {
    const shifted = Math.round(Number(`${abs}e${decimals}`));
    s = decimals ? (shifted / 10 ** decimals).toFixed(decimals) : String(shifted);
    if (!Number.isFinite(shifted)) s = abs.toFixed(decimals);
  }
  const zero = /^0(\.0*)?$/.test(s);
  return n < 0 && !zero ? `-${s}` : s;
}

export interface NumberOptions {
  /** fixed number of decimals; default: 2 for fractions, 0 for whole numbers */
  decimals?: number;
  /** prefix "+" to positive numbers (changes) */
  sign?: boolean;
}

export const PLACEHOLDER = '—';

/** A number in the interface's language; null, undefined and non-finite numbers give "—". */
export function formatNumber(n: number | null | undefined, lang: Lang, opts: NumberOptions = {}): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return PLACEHOLDER;
  const decimals = opts.decimals ?? (Number.isInteger(n) ? 0 : 2);
  const fixed = toFixedDecimal(n, decimals);
  const negative = fixed.startsWith('-');
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split('.') as [string, string | undefined];
  const grouped = lang === 'ne' ? groupLakh(int) : groupThousands(int);
  const sign = negative ? '-' : opts.sign && Number(fixed) > 0 ? '+' : '';
  const text = `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
  return lang === 'ne' ? toDevanagariDigits(text) : text;
}

/** A percent change: "+1.06%" / "+१.०६%". */
export function formatPercent(n: number | null | undefined, lang: Lang, decimals = 2): string {
  const s = formatNumber(n, lang, { decimals, sign: true });
  return s === PLACEHOLDER ? s : `${s}%`;
}

/** Rupees: "रु. १,२३,४५६.००" / "Rs 123,456.00". */
export function formatRupees(n: number | null | undefined, lang: Lang, decimals = 2): string {
  const s = formatNumber(n, lang, { decimals });
  return s === PLACEHOLDER ? s : lang === 'ne' ? `रु. ${s}` : `Rs ${s}`;
}

const UNITS = {
  ne: [
    [1e11, 'खर्ब'],
    [1e9, 'अर्ब'],
    [1e7, 'करोड'],
    [1e5, 'लाख'],
  ],
  en: [
    [1e11, 'kharab'],
    [1e9, 'arab'],
    [1e7, 'crore'],
    [1e5, 'lakh'],
  ],
} as const;

/** A large amount in Nepali units: 4,62,41,23,567 → "४६२.४१ करोड" / "462.41 crore" (arab and kharab above). */
export function formatLarge(n: number | null | undefined, lang: Lang, decimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return PLACEHOLDER;
  for (const [size, name] of UNITS[lang]) {
    if (Math.abs(n) >= size) return `${formatNumber(n / size, lang, { decimals })} ${name}`;
  }
  return formatNumber(n, lang);
}

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ne: ['जनवरी', 'फेब्रुअरी', 'मार्च', 'अप्रिल', 'मे', 'जुन', 'जुलाई', 'अगस्ट', 'सेप्टेम्बर', 'अक्टोबर', 'नोभेम्बर', 'डिसेम्बर'],
} as const;

/** A Nepal wall-clock date and time: "6 May 2026, 12:08 NPT" / "६ मे २०२६, १२:०८". */
export function formatNepalDateTime(epochMs: number, lang: Lang, withTime = true): string {
  const t = nepalTime(epochMs);
  const date = `${t.day} ${MONTHS[lang][t.month - 1]} ${t.year}`;
  if (lang === 'en') return withTime ? `${date}, ${t.time} NPT` : date;
  return toDevanagariDigits(withTime ? `${date}, ${t.time}` : date);
}

/**
 * "As of …" for a timestamp as a file published it: naive UTC, naive Nepal time, with an offset,
 * or a date alone (shown without a time). `naive` says how the field's naive times are meant.
 * Unreadable text is shown as it is.
 */
export function formatAsOf(text: string | null | undefined, naive: NaiveZone, lang: Lang): string {
  if (text === null || text === undefined || text === '') return PLACEHOLDER;
  const p = parseTimestamp(text, naive);
  if (!p) return text;
  const when = formatNepalDateTime(p.epochMs, lang, p.convention !== 'date');
  return lang === 'ne' ? `${when} (नेपाली समय) सम्मको` : `as of ${when}`;
}
