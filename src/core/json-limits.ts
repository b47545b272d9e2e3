// Limits on JSON from outside, checked on the text before it is parsed: the longest string, the
// longest array, the deepest nesting and the number of values in all. A parse builds every value
// in memory (87 million empty lists took 6.5 GB before a check after the parse could refuse them),
// so the text is scanned first: one pass, no recursion, no values built. It reports the first few
// values over a limit, naming the file, the record (the item of the top-level list, or of
// `entries`/`data`/`books` at the top) and the field. It does not check the syntax: JSON.parse
// does, once the text is known to be within the limits. Pure: the build (data-build/limits.ts)
// and any other reader can use it.

import type { Problem } from './problems.ts';

export interface JsonLimits {
  /** characters in one string (keys included) */
  stringLength: number;
  /** items in one array: entries of a dump or chunk, rows of a file */
  entries: number;
  /** nesting of arrays and objects; the top-level value is depth 1 */
  depth: number;
  /** values (lists, objects, strings, numbers, …) in one file: what a parse builds */
  values: number;
}

/** The flag that raises each limit, named in the error. */
export const LIMIT_FLAG: Readonly<Record<keyof JsonLimits, string>> = {
  stringLength: '--max-string',
  entries: '--max-entries',
  depth: '--max-depth',
  values: '--max-values',
};

const MAX_REPORTED = 10;
const RECORD_LISTS = new Set(['entries', 'data', 'books']);
const NAME_KEYS = ['word', 'id', 'symbol'];
const n = (x: number) => x.toLocaleString('en-US');

const QUOTE = 34;
const OPEN_LIST = 91;
const CLOSE_LIST = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const COMMA = 44;
const COLON = 58;

/** A problem waiting for what only a later part of the text tells: the list's length, the record's name. */
interface Found {
  problem: Problem;
  /** the record it lies in (index), whose name comes from its `word`, `id` or `symbol` */
  record?: number;
  /** for a list over the limit: its level, counted to its end */
  list?: number;
}

/** The values of the JSON text over a limit (at most a few), each as a problem of `file`; `counted.values` receives how many values it holds. */
export function jsonLimitProblems(text: string, file: string, limits: JsonLimits, counted?: { values: number }): Problem[] {
  const scan = new LimitScan(text, file, limits);
  scan.run();
  if (counted) counted.values = scan.values;
  return scan.found.map((f) => f.problem);
}

/** One pass over a JSON text: its open lists and objects by level, and what is over a limit. */
class LimitScan {
  readonly found: Found[] = [];
  // One slot per level of open lists and objects: whether a list, its items so far, its current key's span.
  private isList: boolean[] = [];
  private items: number[] = [];
  private keyStart: number[] = [];
  private keyEnd: number[] = [];
  private depth = 0;
  /** the level inside which nothing more is reported or counted (a list over the limit, or too deep) */
  private quiet = Infinity;
  values = 0;
  private expectKey = false;
  /** the level of the list of records: 0 for a top-level list, 1 for `entries` (`data`, `books`) at the top */
  private recordList = -1;
  /** where the current record's `word`, `id` and `symbol` strings lie: read only for a record with a problem */
  private names: Array<[start: number, end: number] | undefined> = [];
  /** where the next backslash is (or 2^32-1 for none), found once per backslash */
  private nextEscape = -1;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly limits: JsonLimits,
  ) {}

  /** Scans the whole text, or up to where it cannot go on (too many values, unbalanced, unterminated). */
  run(): void {
    const { text } = this;
    const len = text.length;
    for (let i = 0; i < len;) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const next = this.string(i);
        if (next < 0) break;
        i = next;
      } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
        if (!this.open(c)) break;
        i++;
      } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
        if (this.depth === 0) break; // unbalanced: JSON.parse names it
        this.close();
        i++;
      } else if (c === COMMA) {
        this.expectKey = this.depth > 0 && !this.isList[this.depth - 1];
        i++;
      } else if (c === COLON || c === 32 || c === 10 || c === 13 || c === 9) i++;
      else {
        // A number, true, false or null (or a stray word JSON.parse will name): one value.
        if (!this.begin()) break;
        i++;
        while (i < len && isScalarChar(text.charCodeAt(i))) i++;
      }
    }
    // A list still open where the scan ended: its count so far.
    for (const f of this.found) if (f.problem.message === '') f.problem.message = listMessage(this.items[f.list!]!, this.limits, true);
    if (this.recordList >= 0 && this.depth > this.recordList + 1) this.nameRecord();
  }

  /** A string (a key or a value) from its opening quote at `i`: where the text goes on after it, or -1 to stop. */
  private string(i: number): number {
    const { text, limits, isList, keyStart, keyEnd } = this;
    // The closing quote and the escapes are found by indexOf (native, and most of a dump's
    // text is inside strings); the next backslash is kept, so each is looked for once.
    let j = text.indexOf('"', i + 1);
    if (this.nextEscape <= i) this.nextEscape = text.indexOf('\\', i + 1) >>> 0;
    let saved = 0;
    while (this.nextEscape < j) {
      const step = text.charCodeAt(this.nextEscape + 1) === 117 /* \uXXXX */ ? 6 : 2;
      saved += step - 1;
      const after = this.nextEscape + step;
      if (j < after) j = text.indexOf('"', after);
      this.nextEscape = text.indexOf('\\', after) >>> 0;
      if (j < 0) break;
    }
    if (j < 0) return -1; // unterminated: JSON.parse names it
    const chars = j - i - 1 - saved;
    const parent = this.depth - 1;
    if (this.expectKey && parent >= 0 && !isList[parent]) {
      keyStart[parent] = i + 1;
      keyEnd[parent] = j;
      this.expectKey = false;
      if (chars > limits.stringLength && parent < this.quiet)
        this.report(`a key of ${n(chars)} characters, over the limit of ${n(limits.stringLength)} (raise it with ${LIMIT_FLAG.stringLength})`, parent);
    } else {
      if (!this.begin()) return -1;
      if (chars > limits.stringLength && parent < this.quiet)
        this.report(`a string of ${n(chars)} characters, over the limit of ${n(limits.stringLength)} (raise it with ${LIMIT_FLAG.stringLength})`);
      else if (this.recordList >= 0 && parent === this.recordList + 1 && !isList[parent] && chars <= 200) {
        const k = NAME_KEYS.findIndex((name) => keyEnd[parent]! - keyStart[parent]! === name.length && text.startsWith(name, keyStart[parent]));
        if (k >= 0 && this.names[k] === undefined) this.names[k] = [i + 1, j];
      }
    }
    return j + 1;
  }

  /** A list or an object opens; false past the values limit. */
  private open(c: number): boolean {
    if (!this.begin()) return false;
    const { depth } = this;
    if (depth + 1 > this.limits.depth && depth - 1 < this.quiet) {
      this.report(`nested deeper than the limit of ${n(this.limits.depth)} levels (raise it with ${LIMIT_FLAG.depth})`);
      this.quiet = depth;
    }
    if (c === OPEN_LIST && (depth === 0 || (depth === 1 && !this.isList[0] && RECORD_LISTS.has(this.key(0))))) this.recordList = depth;
    this.isList[depth] = c === OPEN_LIST;
    this.items[depth] = 0;
    this.depth++;
    this.expectKey = c === OPEN_OBJECT;
    return true;
  }

  /** A list or an object closes: a list over the limit gets its length, a record its name. */
  private close(): void {
    const depth = --this.depth;
    if (this.isList[depth] && this.items[depth]! > this.limits.entries) {
      const f = this.found.find((x) => x.list === depth && x.problem.message === '');
      if (f) f.problem.message = listMessage(this.items[depth]!, this.limits);
    }
    if (this.quiet === depth) this.quiet = Infinity;
    if (this.recordList >= 0 && depth === this.recordList + 1 && this.isList[this.recordList]) this.nameRecord();
    if (depth === this.recordList) this.recordList = -1;
    this.expectKey = false;
  }

  private key(level: number): string {
    return decode(this.text, this.keyStart[level]!, this.keyEnd[level]!);
  }

  /** A problem of the value now being read, or (`levels` given) of the list or object holding it at that level. */
  private report(message: string, levels = this.depth, list?: number): void {
    if (this.found.length >= MAX_REPORTED) return;
    const keys: Array<string | number> = [];
    for (let l = 0; l < levels; l++) keys.push(this.isList[l] ? this.items[l]! - 1 : this.key(l));
    const f: Found = { problem: { file: this.file, message } };
    if (this.recordList >= 0 && levels > this.recordList) {
      f.record = this.items[this.recordList]! - 1;
      f.problem.record = { index: f.record };
      keys.splice(0, this.recordList + 1);
    }
    const path = formatPath(keys);
    if (path) f.problem.path = path;
    if (list !== undefined) f.list = list;
    this.found.push(f);
  }

  private nameRecord(): void {
    const index = this.items[this.recordList]! - 1;
    const span = this.names.find((w) => w !== undefined);
    if (span) for (const f of this.found) if (f.record === index && f.problem.record) f.problem.record.word = decode(this.text, span[0], span[1]);
    this.names = [];
  }

  /** A value begins at the current level: an item of its list, one more value in all; false past the values limit. */
  private begin(): boolean {
    const parent = this.depth - 1;
    if (parent >= 0 && this.isList[parent] && ++this.items[parent]! === this.limits.entries + 1 && parent < this.quiet) {
      this.report('', parent, parent); // the length is known at the list's end
      this.quiet = parent;
    }
    if (parent < this.quiet && ++this.values > this.limits.values) {
      this.found.push({
        problem: {
          file: this.file,
          message: `more than ${n(this.limits.values)} values (lists, objects, strings, numbers), over the limit (raise it with ${LIMIT_FLAG.values})`,
        },
      });
      return false;
    }
    return true;
  }
}

const listMessage = (count: number, limits: JsonLimits, unfinished = false): string =>
  `a list of ${unfinished ? 'at least ' : ''}${n(count)} items, over the limit of ${n(limits.entries)} (raise it with ${LIMIT_FLAG.entries})`;

const isScalarChar = (c: number): boolean =>
  !(c === COMMA || c === CLOSE_LIST || c === CLOSE_OBJECT || c === COLON || c === QUOTE || c === OPEN_LIST || c === OPEN_OBJECT || c <= 32);

function decode(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** `definitions[0].senses[2]`; a very deep path shows its start and end. */
function formatPath(keys: Array<string | number>): string {
  const shown = keys.length > 12 ? [...keys.slice(0, 6), `…(${keys.length - 10} more)…`, ...keys.slice(-4)] : keys;
  let s = '';
  for (const k of shown) {
    if (typeof k === 'number') s += `[${k}]`;
    else if (k.startsWith('…')) s += k;
    else if (/^[A-Za-z_$][\w$]*$/.test(k)) s += `${s ? '.' : ''}${k}`;
    else s += `[${JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k)}]`;
  }
  return s;
}
