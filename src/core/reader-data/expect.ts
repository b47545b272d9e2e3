// What a field of the reader's data file must hold: its English for the problem's message (logs,
// tests, the command line) and a key with values that a screen says in the reader's language
// (core/problems.ts Saying, app/ui/problem-lines.tsx).

import type { ExpectKey, Problem } from '../problems.ts';
import type { Range } from '../market/ranges.ts';
import { rangeText } from '../market/ranges.ts';

export interface Expect {
  key: ExpectKey;
  en: string;
  values?: Record<string, string>;
}

const n = (x: number) => x.toLocaleString('en');

export const plain = (key: ExpectKey, en: string): Expect => ({ key, en });

export const textUpTo = (max: number, empty = false): Expect => ({
  key: empty ? 'text-up-to' : 'non-empty-text-up-to',
  en: `${empty ? 'a string' : 'a non-empty string'} of at most ${n(max)} characters`,
  values: { max: n(max) },
});

export const rangeOf = (r: Range): Expect => ({ key: r.aboveMin ? 'range-above' : 'range', en: rangeText(r), values: { min: n(r.min), max: n(r.max) } });

export const wholeRange = (min: number, max: number, page = false): Expect => ({
  key: page ? 'page-range' : 'whole-range',
  en: `${page ? 'a page number' : 'a whole number'} from ${n(min)} to ${n(max)}`,
  values: { min: n(min), max: n(max) },
});

export const oneOfThese = (choices: readonly string[]): Expect => ({ key: 'one-of', en: choices.join(' | '), values: { choices: choices.join(' | ') } });

/** A found value in an error, cut short. */
export const shown = (v: unknown): string => {
  const s = JSON.stringify(v) ?? 'nothing';
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** "expected …[, found …]" at `path`, with what a screen needs to say it in Nepali. */
export function expected(file: string, path: string, e: Expect, found?: { value: unknown }): Problem {
  const f = found ? shown(found.value) : undefined;
  return {
    file,
    path,
    message: `expected ${e.en}${f !== undefined ? `, found ${f}` : ''}`,
    say: { key: 'expected', values: { what: e.key, ...e.values, ...(f !== undefined ? { found: f } : {}) } },
  };
}

/** A list longer than a file may hold. */
export const tooMany = (file: string, path: string, count: number, max: number): Problem => ({
  file,
  path,
  message: `${n(count)} records, more than the ${n(max)} a file may hold`,
  say: { key: 'too-many', values: { count: n(count), max: n(max) } },
});

/** A file larger than one may be. */
export const tooLarge = (file: string, size: number, max: number, unit: 'bytes' | 'characters'): Problem => ({
  file,
  message: `${n(size)} ${unit}, more than the ${n(max)} a file may hold`,
  say: { key: 'too-large', values: { size: n(size), max: n(max) } },
});
