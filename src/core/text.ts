// Text from outside can hold a lone UTF-16 surrogate (half of a pair): JSON carries it, but
// encodeURIComponent throws on it and a screen that builds a link from it never renders.
// The build repairs such text (a counted oddity); links are built through `encodeSegment`, which
// cannot throw, for whatever slips through.

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_ALL = new RegExp(LONE.source, 'g');

export const hasLoneSurrogate = (s: string): boolean => LONE.test(s);

/** `s` with every lone surrogate replaced by U+FFFD (what a UTF-8 decoder shows for it). */
export const wellFormed = (s: string): string => (LONE.test(s) ? s.replace(LONE_ALL, '\uFFFD') : s);

/** encodeURIComponent that never throws: a lone surrogate is encoded as U+FFFD. */
export const encodeSegment = (s: string): string => encodeURIComponent(wellFormed(s));
