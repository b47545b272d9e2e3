// The language of a piece of content, told by its script, for the `lang` of the element that
// shows it: a screen reader then reads a book's English title in English on the Nepali screens,
// and the interface's own words (which inherit the page's language) stand apart from data
// (tests/e2e/audit.ts). Any Devanagari letter makes it Nepali; Latin letters alone, English.

export type TextLang = 'ne' | 'en';

export function textLang(text: unknown): TextLang | undefined {
  if (typeof text !== 'string') return undefined;
  if (/[\u0900-\u097F]/.test(text)) return 'ne';
  if (/[A-Za-z]/.test(text)) return 'en';
  return undefined;
}
