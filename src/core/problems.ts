// Problems found in input or output data, each naming the file, the record and what is wrong.

import { KhojError } from './errors.ts';

export interface RecordRef {
  /** position in the file's array (0-based) */
  index: number;
  word?: string;
}

export interface Problem {
  file: string;
  record?: RecordRef;
  /** where inside the record or file, e.g. `definitions[0].senses` */
  path?: string;
  message: string;
  /** what it says, for a screen to put in the reader's language (src/app/ui/problem-lines.tsx); `message` is the English of logs and the command line */
  say?: Saying;
  /** true for what a rebuild repairs (order, counts, duplicates); false or absent for what breaks lookups */
  warning?: boolean;
}

/**
 * A problem a reader can meet on a screen (an imported file, a portfolio that does not add up),
 * as a key and the values its sentence names: found values, field names, numbers.
 */
export interface Saying {
  key: SayKey;
  values?: Record<string, string>;
}
export type SayKey =
  // reader-data files (core/reader-data/format.ts)
  | 'expected'
  | 'not-json'
  | 'not-khoj'
  | 'newer'
  | 'too-many'
  | 'too-large'
  // the portfolio's ledger (core/market/portfolio/ledger.ts)
  | 'needs'
  | 'negative'
  | 'oversold'
  | 'same-merger'
  // portfolio CSV files (core/market/portfolio/csv.ts)
  | 'csv-line'
  | 'csv-columns'
  | 'not-meroshare'
  | 'not-kind'
  | 'not-date'
  | 'not-symbol'
  | 'not-number'
  | 'not-shares';
/** What a field was expected to hold (a Saying 'expected', value `what`; `choices` for one-of). */
export type ExpectKey =
  | 'non-empty-string'
  | 'string'
  | 'time-ms'
  | 'time'
  | 'page'
  | 'whole'
  | 'whole-from-1'
  | 'positive'
  | 'fraction'
  | 'seconds'
  | 'above-zero'
  | 'number-or-null'
  | 'date'
  | 'from-zero'
  | 'number'
  | 'list'
  | 'object'
  | 'one-of'
  | 'non-empty-text-up-to'
  | 'text-up-to'
  | 'time-until'
  | 'range'
  | 'range-above'
  | 'range-or-null'
  | 'whole-range'
  | 'page-range'
  | 'seconds-up-to'
  | 'address';

export function formatProblem(p: Problem): string {
  const parts = [p.file];
  if (p.record) parts.push(`entry ${p.record.index}${p.record.word !== undefined ? ` "${p.record.word}"` : ''}`);
  if (p.path) parts.push(p.path);
  return `${p.warning ? 'warning: ' : ''}${parts.join(': ')}: ${p.message}`;
}

/**
 * A fatal input problem: KhojError 'invalid-data' whose message is its problems, one a line, each
 * naming the file, the record and the problem. A subclass for the records themselves: the build's
 * command line prints them, the import screens say each in the reader's language (`say`).
 */
export class DataError extends KhojError {
  constructor(
    readonly problems: Problem[],
    readonly more = 0,
  ) {
    const lines = problems.map(formatProblem);
    if (more > 0) lines.push(`… and ${more} more problems`);
    super('invalid-data', lines.join('\n'));
  }
}

/** Collects problems, keeping the first `limit` and counting the rest. */
export class ProblemList {
  readonly items: Problem[] = [];
  more = 0;
  constructor(private readonly limit = 50) {}
  add(p: Problem): void {
    if (this.items.length < this.limit) this.items.push(p);
    else this.more++;
  }
  get count(): number {
    return this.items.length + this.more;
  }
  throwIfAny(): void {
    if (this.count > 0) throw new DataError(this.items, this.more);
  }
}

/** Recoverable oddities: counted per kind, with a few examples, for the build summary. */
export class Tally<K extends string = string> {
  readonly counts = new Map<K, number>();
  readonly examples = new Map<K, RecordRef[]>();
  add(kind: K, ref?: RecordRef): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (!ref) return;
    const list = this.examples.get(kind) ?? [];
    if (list.length < 3) list.push(ref);
    this.examples.set(kind, list);
  }
  get(kind: K): number {
    return this.counts.get(kind) ?? 0;
  }
}
