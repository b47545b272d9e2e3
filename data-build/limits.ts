// The limits every input of the build is read under (docs/data-sources.md): one file's size (as read, and again once
// gunzipped), the total gunzipped by one run, and, in the JSON text before it is parsed, the
// longest string, the longest list, the deepest nesting and the number of values. The defaults
// are above the real data (measured on ../shared/data and the 31 MB real dictionary dump: longest
// string 2,915 characters, longest list 123,371 entries, depth 7, 1.27 million values in the
// full-size synthetic dump) and keep the build's peak memory, on any input, under 4× the full
// dictionary's (bench/bombs.ts: the file's bytes, its text and at most 5 million parsed values).
// Command-line flags raise them (limit-flags.ts); source.ts applies them.

import { MAX_FILE_BYTES } from '../src/core/bounded-body.ts';
import { type JsonLimits, jsonLimitProblems } from '../src/core/json-limits.ts';
import { DataError } from '../src/core/problems.ts';

export interface Limits extends JsonLimits {
  /** bytes of one input file, as read and again after gunzipping */
  fileBytes: number;
  /** bytes gunzipped in total by one run (every .gz input together) */
  inflatedBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: Readonly<Limits> = {
  fileBytes: MAX_FILE_BYTES,
  inflatedBytes: 256 * MB,
  stringLength: 200_000,
  entries: 500_000,
  depth: 32,
  values: 5_000_000,
};

let active: Limits = { ...DEFAULT_LIMITS };
let inflated = 0;

/** Sets the limits for this run (unset ones keep their defaults) and starts the gunzip budget afresh. */
export function setLimits(changes: Partial<Limits> = {}): void {
  active = { ...DEFAULT_LIMITS, ...changes };
  inflated = 0;
}

export const limits = (): Readonly<Limits> => active;

/** Bytes still allowed to come out of one gunzip: the smaller of the file limit and what the run has left. */
export function inflateAllowance(): { bytes: number; which: 'file' | 'total' } {
  const left = active.inflatedBytes - inflated;
  return left < active.fileBytes ? { bytes: Math.max(0, left), which: 'total' } : { bytes: active.fileBytes, which: 'file' };
}

export function chargeInflated(bytes: number): void {
  inflated += bytes;
}

export const mb = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** Throws a DataError naming the file, record and field of every value of the JSON `text` over a limit, before anything is parsed. */
export function checkJson(text: string, file: string): void {
  const problems = jsonLimitProblems(text, file, active);
  if (problems.length) throw new DataError(problems);
}
