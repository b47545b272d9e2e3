// The limits every input of the build is read under (docs/data-sources.md): one file's size (as read, and again once
// gunzipped), the total gunzipped by one run, the whole of one source (a service's input: every
// file, page and download of it together, its bytes and its JSON values, counted as they are
// read), and, in the JSON text before it is parsed, the longest string, the longest list, the
// deepest nesting and the number of values. The defaults
// are above the real data (measured on ../shared/data and the 31 MB real dictionary dump: longest
// string 2,915 characters, longest list 123,371 entries, depth 7, 1.27 million values in the
// full-size synthetic dump) and keep the build's peak memory, on any input, under 4× the full
// dictionary's (bench/bombs.ts: the file's bytes, its text and at most 5 million parsed values).
// A source's limits are above the largest real sources (the full dictionary's mirrored tree:
// 40 MB and 1.9 million values; a real market, from the sizes in ../shared/data/market: about
// 26 MB and 4 million values) and hold a paged upstream whose every page is within every file
// limit (tests/hardening/source-limit.test.ts): pages of 38 MB of text stop at a 350 MB peak,
// pages of 4 million strings at 400 MB, the densest shape (4 million empty objects a page)
// at about 1 GB, within the 4× of the per-file limits.
// Command-line flags raise them (limit-flags.ts); source.ts applies them.

import { MAX_FILE_BYTES } from '../src/core/bounded-body.ts';
import { type JsonLimits, jsonLimitProblems } from '../src/core/json-limits.ts';
import { DataError } from '../src/core/problems.ts';

export interface Limits extends JsonLimits {
  /** bytes of one input file, as read and again after gunzipping */
  fileBytes: number;
  /** bytes gunzipped in total by one run (every .gz input together) */
  inflatedBytes: number;
  /** bytes read from one source in all, its every file, page and download (once gunzipped) */
  sourceBytes: number;
  /** JSON values read from one source in all */
  sourceValues: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: Readonly<Limits> = {
  fileBytes: MAX_FILE_BYTES,
  inflatedBytes: 256 * MB,
  sourceBytes: 128 * MB,
  sourceValues: 16_000_000,
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

/** The source being read: a service's input, whatever number of files, pages and downloads it takes. */
let source: { name: string; bytes: number; values: number } | undefined;

/** Starts counting a source afresh (`name`: the service, for messages); until then nothing is counted. */
export function startSource(name: string): void {
  source = { name, bytes: 0, values: 0 };
}

export function endSource(): void {
  source = undefined;
}

const overSource = (file: string, what: string, flag: string): never => {
  throw new DataError([{ file, message: `more than ${what} read from one source (the ${source!.name} source), over its limit (raise it with ${flag})` }]);
};

/** Bytes the source may still take (Infinity outside a source). */
export const sourceBytesLeft = (): number => (source ? Math.max(0, active.sourceBytes - source.bytes) : Infinity);

/** Counts `bytes` more of `file` in the source, as they are read; throws a DataError past its limit. */
export function chargeSourceBytes(bytes: number, file: string): void {
  if (!source) return;
  source.bytes += bytes;
  if (source.bytes > active.sourceBytes) overSource(file, mb(active.sourceBytes), '--max-source-mb');
}

/** Throws a DataError naming the file, record and field of every value of the JSON `text` over a limit, before anything is parsed; counts its values in the source. */
export function checkJson(text: string, file: string): void {
  const counted = { values: 0 };
  const problems = jsonLimitProblems(text, file, active, counted);
  if (problems.length) throw new DataError(problems);
  if (!source) return;
  source.values += counted.values;
  if (source.values > active.sourceValues) overSource(file, `${active.sourceValues.toLocaleString('en-US')} JSON values`, '--max-source-values');
}
