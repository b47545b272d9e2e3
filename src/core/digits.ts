// Devanagari digits, for every screen that writes numbers in the Nepali interface: one module,
// used by the three sections (counts, grades, prices through core/market/format.ts, dates).

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 123 → १२३; everything else in the text is left as it is. */
export function toDevanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}

/** A number or text in the interface's digits: १२३ in Nepali, 123 in English. */
export const digits = (s: string | number, lang: 'ne' | 'en'): string => (lang === 'ne' ? toDevanagariDigits(String(s)) : String(s));

/** A count with its thousands grouped as the language groups them (१,२३,४५६ · 123,456). */
// Grouped by en-IN (lakhs, as Nepali writes them) and mapped to Devanagari here: browsers' 'ne'
// locale data differs (Chromium's writes Latin digits).
// The formats are made once: making one costs far more than using it (a screen's render counts
// a few times, on the tap that opens it).
const grouped = { ne: new Intl.NumberFormat('en-IN'), en: new Intl.NumberFormat('en') };
export const count = (n: number, lang: 'ne' | 'en'): string => (lang === 'ne' ? toDevanagariDigits(grouped.ne.format(n)) : grouped.en.format(n));
