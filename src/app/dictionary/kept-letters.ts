// The home screen's letters (letter and count) as last read from letters.json, kept in
// localStorage: a cold start draws the letter grid in the app's first frame from them, without
// waiting for the service worker's answer (read right after, and kept again when it differs).
// Keyed by the page's path: two copies of the app on one origin keep their own.

import type { LetterInfo } from '../../core/dictionary/types.ts';

export type GridLetter = Pick<LetterInfo, 'letter' | 'count'>;

const key = () => `khoj.dictionary.letters:${location.pathname}`;

/** What to keep: the letters and counts only, as one JSON text. */
export const keptText = (letters: readonly GridLetter[]): string => JSON.stringify(letters.map(({ letter, count }) => [letter, count]));

/** The kept text's letters; undefined for anything else (no copy, another shape, a damaged one). */
export function parseKept(text: string | null): GridLetter[] | undefined {
  if (!text) return undefined;
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(rows) || !rows.length) return undefined;
  const ok = rows.every(
    (r): r is [string, number] =>
      Array.isArray(r) && r.length === 2 && typeof r[0] === 'string' && r[0] !== '' && Number.isSafeInteger(r[1]) && (r[1] as number) >= 0,
  );
  return ok ? (rows as [string, number][]).map(([letter, count]) => ({ letter, count })) : undefined;
}

/** The letters kept by the last read, if any (localStorage refused: none). */
export function keptLetters(): GridLetter[] | undefined {
  try {
    return parseKept(localStorage.getItem(key()));
  } catch {
    return undefined;
  }
}

/** Keeps the letters just read (written only when they changed). */
export function keepLetters(letters: readonly GridLetter[]): void {
  try {
    const text = keptText(letters);
    if (localStorage.getItem(key()) !== text) localStorage.setItem(key(), text);
  } catch {
    // storage refused (private mode, full): the next start reads the file first, as without a copy
  }
}
