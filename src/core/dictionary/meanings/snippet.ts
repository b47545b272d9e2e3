// The sense to show under a meaning search's result: the one holding most of the query's words
// (the earliest of those), with the words marked, cut down around the first mark when long.

import type { Entry } from '../types.ts';
import { termSpans } from './terms.ts';

export interface Snippet {
  text: string;
  /** [start, end) of each word to mark, in UTF-16 code units of `text` */
  marks: Array<[number, number]>;
}

/** Longer senses are cut to about this many characters around the first mark. */
const MAX_CHARS = 140;

/**
 * The snippet for `entry`: the sense with most words that `matches` (search.ts termMatcher)
 * accepts, those words marked. Undefined when no sense holds any.
 */
export function snippetFor(entry: Entry, matches: (term: string) => boolean): Snippet | undefined {
  let best: { sense: string; marks: Array<[number, number]>; distinct: number } | undefined;
  for (const block of entry.definitions) {
    for (const sense of block.senses) {
      const hits = termSpans(sense).filter((s) => matches(s.term));
      const distinct = new Set(hits.map((h) => h.term)).size;
      if (distinct > (best?.distinct ?? 0)) best = { sense, marks: hits.map((h) => [h.start, h.end]), distinct };
    }
  }
  return best && cut(best.sense, best.marks);
}

/** A long sense cut around its first mark, on word boundaries, with an ellipsis at each cut. */
function cut(text: string, marks: Array<[number, number]>): Snippet {
  if (text.length <= MAX_CHARS) return { text, marks };
  const first = marks[0]![0];
  let start = Math.max(0, Math.min(first - MAX_CHARS / 3, text.length - MAX_CHARS));
  let end = Math.min(text.length, start + MAX_CHARS);
  // Move the cuts to spaces, so no word is cut in half.
  if (start > 0) start = text.indexOf(' ', start) < 0 || text.indexOf(' ', start) >= first ? start : text.indexOf(' ', start) + 1;
  if (end < text.length) end = text.lastIndexOf(' ', end) > Math.max(start, marks[0]![1]) ? text.lastIndexOf(' ', end) : end;
  const head = start > 0 ? '… ' : '';
  const shift = head.length - start;
  return {
    text: head + text.slice(start, end) + (end < text.length ? ' …' : ''),
    marks: marks.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}
