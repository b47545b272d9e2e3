// Devanagari digits, for every screen that writes numbers in the Nepali interface.

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 123 → १२३; everything else in the text is left as it is. */
export function toDevanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}
