// Devanagari digits, for every screen that writes numbers in the Nepali interface: one module,
// used by the three sections (counts, grades, prices through core/market/format.ts, dates).

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 123 → १२३; everything else in the text is left as it is. */
export function toDevanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}

/** १२३ → 123: what a field showed in Devanagari digits, or a reader typed in them, read back as a number's text. */
export function latinDigits(s: string): string {
  return s.replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
}

/** A number or text in the interface's digits: १२३ in Nepali, 123 in English. */
export const digits = (s: string | number, lang: 'ne' | 'en'): string => (lang === 'ne' ? toDevanagariDigits(String(s)) : String(s));

/**
 * An integer's digits grouped: the last three, then by twos (lakhs, as Nepali writes them:
 * 1,23,456) or by threes (123,456). By hand, not Intl.NumberFormat: making the first Intl format
 * in a fresh page loads ICU's locale data (37–166 ms measured in headless Chromium on this
 * machine), and the home screen's letter grid writes counts in the app's first frame.
 */
export function groupInteger(n: number, lakhs: boolean): string {
  const s = String(n);
  let head = s.slice(0, -3);
  let out = s.slice(-3);
  const size = lakhs ? 2 : 3;
  for (; head; head = head.slice(0, -size)) out = `${head.slice(-size)},${out}`;
  return out;
}

// Other numbers (fractions, negatives, huge ones) through Intl, as en-IN groups them (browsers'
// 'ne' locale data differs: Chromium's writes Latin digits), each format made once when first needed.
let formats: { ne: Intl.NumberFormat; en: Intl.NumberFormat } | undefined;
const format = (n: number, lang: 'ne' | 'en'): string => {
  formats ??= { ne: new Intl.NumberFormat('en-IN'), en: new Intl.NumberFormat('en') };
  return formats[lang].format(n);
};

/** A count with its thousands grouped as the language groups them (१,२३,४५६ · 123,456). */
export const count = (n: number, lang: 'ne' | 'en'): string => {
  const grouped = Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0) ? groupInteger(n, lang === 'ne') : format(n, lang);
  return lang === 'ne' ? toDevanagariDigits(grouped) : grouped;
};

/** १२३ → 123: Devanagari digits read as Latin ones (a Nepali keyboard types them); the rest left. */
export const fromDevanagariDigits = (s: string): string => s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966));

/**
 * A number as a reader types it, in either script's digits: "१,२५०.५०", "1250.5", "12,50,000".
 * Grouping commas (and spaces) are dropped; a decimal point, not an exponent or a sign, is
 * accepted: "1e308", "-5", "0x10" and "" are undefined (then the field says what it wants).
 */
export function parseTypedNumber(text: string): number | undefined {
  const t = fromDevanagariDigits(text).replace(/[\s,]/g, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
