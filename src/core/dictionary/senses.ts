// A sense as the source prints it: its own number ("१. ", sometimes "2.") kept, not renumbered,
// and shown in Devanagari digits, as the dictionary is Nepali.

import { toDevanagariDigits } from '../digits.ts';

const NUMBERED = /^\s*([०-९0-9]+)\.\s*/;

/** The source's number of a sense (Devanagari digits), or its place in the list when it has none; and its text. */
export function senseParts(sense: string, index: number): { number: string; text: string } {
  const m = NUMBERED.exec(sense);
  return m ? { number: toDevanagariDigits(m[1]!), text: sense.slice(m[0].length) } : { number: toDevanagariDigits(String(index + 1)), text: sense };
}
