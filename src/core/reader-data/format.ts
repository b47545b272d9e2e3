// The reader's data in one file (export and import, src/app/data/): what it holds and the checks
// an imported file must pass before anything is written. Checked by hand rather than with ajv:
// ajv compiles its checks with new Function(), which the app's CSP forbids in the page.

import type { LayoutSetting } from '../market/settings.ts';
import { TX_KINDS, type Transaction } from '../market/portfolio/types.ts';
import type { PriceAlert } from '../market/alerts/types.ts';
import { DataError, type ExpectKey, type Problem, ProblemList } from '../problems.ts';

export const FORMAT = 'khoj-reader-data';
/** Raise it when the shape changes; a file of a newer version is refused, never half-read. */
export const VERSION = 1;

/** A dictionary bookmark or a word in the history (src/app/dictionary/user-db.ts). */
export interface WordRow {
  word: string;
  at: number;
}
export const SHELVES = ['want', 'reading', 'read'] as const;
/** A book on a shelf (src/app/books/user-db.ts ShelfRow). */
export interface ShelfRow {
  id: string;
  title: string;
  titleLocal?: string;
  coverUrl: string;
  shelf: (typeof SHELVES)[number];
  at: number;
}
/** Where the reader is in a book (src/app/books/user-db.ts PositionRow). */
export interface PositionRow {
  id: string;
  title: string;
  titleLocal?: string;
  coverUrl: string;
  kind: 'pdf' | 'epub';
  page: number;
  pages: number;
  zoom: number;
  /** an EPUB: how far down its chapter (`page`), 0 to 1 */
  fraction?: number;
  at: number;
}
/** Where the listener is in an audio file (src/app/books/user-db.ts AudioPositionRow). */
export interface ListenRow {
  /** the file's key (src/app/books/downloads.ts fileKey) */
  id: string;
  title: string;
  titleLocal?: string;
  coverUrl: string;
  kind: 'audio';
  /** seconds from the start */
  time: number;
  /** the file's length in seconds, 0 when unknown */
  duration: number;
  at: number;
}
/** A watched stock (src/shared/market/db.ts WatchItem). */
export interface WatchRow {
  symbol: string;
  at: number;
}
export const INVESTOR_TYPES = ['individual', 'entity'] as const;
export interface PortfolioPart {
  /** without the device's own ids: they are given again on import */
  transactions: Transaction[];
  investor?: (typeof INVESTOR_TYPES)[number];
}
export const LAYOUT_SETTINGS = ['auto', 'a', 'b'] as const satisfies readonly LayoutSetting[];
/** What the reader chose; a setting left at its default is absent. */
export interface SettingsPart {
  lang?: 'ne' | 'en';
  market?: { upstream: string; layout: (typeof LAYOUT_SETTINGS)[number] };
}

/** A price alert (src/shared/market/db.ts store "alerts"; docs/market-alerts.md). */
export type AlertRow = PriceAlert;

export interface Parts {
  bookmarks: WordRow[];
  history: WordRow[];
  shelves: ShelfRow[];
  positions: PositionRow[];
  /** places in audio files; absent in files written before they were kept (version 1: an addition only) */
  listening?: ListenRow[];
  watchlist: WatchRow[];
  /** absent in files written before the alerts were (still version 1: an addition only) */
  alerts?: AlertRow[];
  portfolio: PortfolioPart;
  settings: SettingsPart;
}
export type PartName = keyof Parts;
export const PART_NAMES: readonly PartName[] = ['bookmarks', 'history', 'shelves', 'positions', 'listening', 'watchlist', 'alerts', 'portfolio', 'settings'];

export interface ReaderData {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** ISO time of the export */
  exportedAt: string;
  /** the build that wrote it */
  app: string;
  parts: Parts;
}

export const emptyParts = (): Parts => ({
  bookmarks: [],
  history: [],
  shelves: [],
  positions: [],
  watchlist: [],
  portfolio: { transactions: [] },
  settings: {},
});

export function makeFile(parts: Parts, app: string, now: Date): ReaderData {
  return { format: FORMAT, version: VERSION, exportedAt: now.toISOString(), app, parts };
}

/** `khoj-data-YYYY-MM-DD.json`, the day in UTC. */
export const fileName = (now: Date): string => `khoj-data-${now.toISOString().slice(0, 10)}.json`;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === 'string' && v !== '';
const time = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const oneOf = (list: readonly string[]) => (v: unknown) => typeof v === 'string' && list.includes(v);
const opt = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v);

/** What a field must hold: a key the screens translate (core/problems.ts ExpectKey), and the choices of a one-of. */
type Field = [name: string, check: (v: unknown) => boolean, what: ExpectKey, choices?: readonly string[]];
/** The English of each expectation, for the problem's message (logs, tests, the command line). */
const EXPECT_EN: Record<ExpectKey, string> = {
  'non-empty-string': 'a non-empty string',
  string: 'a string',
  'time-ms': 'a time in ms',
  time: 'a time',
  page: 'a page number from 1',
  whole: 'a whole number',
  'whole-from-1': 'a whole number from 1',
  positive: 'a positive number',
  fraction: 'a number from 0 to 1',
  seconds: 'a number of seconds from 0',
  'above-zero': 'a number above 0',
  'number-or-null': 'a number or null',
  date: 'a YYYY-MM-DD date',
  'from-zero': 'a number from 0',
  number: 'a number',
  list: 'a list',
  object: 'an object',
  'one-of': 'one of',
};
const expectText = (what: ExpectKey, choices?: readonly string[]) => (what === 'one-of' ? (choices ?? []).join(' | ') : EXPECT_EN[what]);

const WORD: Field[] = [
  ['word', str, 'non-empty-string'],
  ['at', time, 'time-ms'],
];
const BOOK: Field[] = [
  ['id', str, 'non-empty-string'],
  ['title', (v) => typeof v === 'string', 'string'],
  ['titleLocal', opt((v) => typeof v === 'string'), 'string'],
  ['coverUrl', (v) => typeof v === 'string', 'string'],
  ['at', time, 'time-ms'],
];
const FIELDS = {
  bookmarks: WORD,
  history: WORD,
  shelves: [...BOOK, ['shelf', oneOf(SHELVES), 'one-of', SHELVES]],
  positions: [
    ...BOOK,
    ['kind', oneOf(['pdf', 'epub']), 'one-of', ['"pdf"', '"epub"']],
    ['page', (v) => Number.isInteger(v) && (v as number) >= 1, 'page'],
    ['pages', (v) => Number.isInteger(v) && (v as number) >= 0, 'whole'],
    ['zoom', (v) => num(v) && (v as number) > 0, 'positive'],
    ['fraction', opt((v) => num(v) && (v as number) >= 0 && (v as number) <= 1), 'fraction'],
  ],
  listening: [
    ...BOOK,
    ['kind', oneOf(['audio']), 'one-of', ['"audio"']],
    ['time', (v) => num(v) && (v as number) >= 0, 'seconds'],
    ['duration', (v) => num(v) && (v as number) >= 0, 'seconds'],
  ],
  watchlist: [
    ['symbol', str, 'non-empty-string'],
    ['at', time, 'time-ms'],
  ],
  alerts: [
    ['id', str, 'non-empty-string'],
    ['symbol', str, 'non-empty-string'],
    ['direction', oneOf(['above', 'below']), 'one-of', ['above', 'below']],
    ['level', (v) => num(v) && (v as number) > 0, 'above-zero'],
    ['lastPrice', (v) => v === null || num(v), 'number-or-null'],
    ['at', time, 'time-ms'],
  ],
  transactions: [
    ['date', (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v), 'date'],
    ['symbol', str, 'non-empty-string'],
    ['kind', oneOf(TX_KINDS), 'one-of', TX_KINDS],
    ['quantity', (v) => num(v) && (v as number) >= 0, 'from-zero'],
    ['price', opt(num), 'number'],
    ['ratio', opt(num), 'number'],
    ['into', opt((v) => typeof v === 'string'), 'string'],
    ['amount', opt(num), 'number'],
    ['charges', opt(num), 'number'],
    ['note', opt((v) => typeof v === 'string'), 'string'],
  ],
} satisfies Record<string, Field[]>;

/** A problem "expected …, found …" at `path`, with what a screen needs to say it in Nepali (found: the value, when one was read). */
function expected(file: string, path: string, what: ExpectKey, choices?: readonly string[], found?: { value: unknown }): Problem {
  const f = found ? (JSON.stringify(found.value) ?? 'nothing') : undefined;
  const values: Record<string, string> = { what, ...(choices ? { choices: choices.join(' | ') } : {}), ...(f !== undefined ? { found: f } : {}) };
  return { file, path, message: `expected ${expectText(what, choices)}${f !== undefined ? `, found ${f}` : ''}`, say: { key: 'expected', values } };
}

/** Checks each row; returns the rows with only the fields named (what is stored is what is known). */
function checkRows(list: ProblemList, file: string, where: string, value: unknown, fields: Field[]): Obj[] {
  if (!Array.isArray(value)) return (list.add(expected(file, where, 'list')), []);
  return value.map((row, i) => {
    if (!isObj(row)) return (list.add(expected(file, `${where}[${i}]`, 'object')), {});
    const out: Obj = {};
    for (const [name, ok, what, choices] of fields) {
      if (!ok(row[name])) list.add(expected(file, `${where}[${i}].${name}`, what, choices, { value: row[name] }));
      else if (row[name] !== undefined) out[name] = row[name];
    }
    return out;
  });
}

/**
 * The file's text as ReaderData, or a DataError naming each problem: the part, the record and
 * what is wrong. A file of a newer version is refused with what to do about it.
 */
export function parseReaderData(text: string, file = 'the file'): ReaderData {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    const detail = (e as Error).message;
    throw new DataError([{ file, message: `not JSON (${detail})`, say: { key: 'not-json', values: { detail } } }]);
  }
  const one = (p: Problem) => new DataError([p]);
  if (!isObj(v) || v.format !== FORMAT)
    throw one({ file, message: `not a Khoj data file (expected "format": "${FORMAT}")`, say: { key: 'not-khoj', values: { format: FORMAT } } });
  if (typeof v.version !== 'number' || !Number.isInteger(v.version) || v.version < 1) throw one(expected(file, 'version', 'whole-from-1'));
  if (v.version > VERSION)
    throw one({
      file,
      path: 'version',
      message: `made by a newer Khoj (file version ${v.version}, this app reads up to ${VERSION}): update the app, then import it again`,
      say: { key: 'newer', values: { version: String(v.version), reads: String(VERSION) } },
    });
  const list = new ProblemList(20);
  if (typeof v.exportedAt !== 'string') list.add(expected(file, 'exportedAt', 'time'));
  if (typeof v.app !== 'string') list.add(expected(file, 'app', 'string'));
  const parts = v.parts;
  if (!isObj(parts)) throw one(expected(file, 'parts', 'object'));
  const out: Obj = {};
  for (const name of ['bookmarks', 'history', 'shelves', 'positions', 'watchlist'] as const)
    out[name] = checkRows(list, file, `parts.${name}`, parts[name], FIELDS[name]);
  if (parts.listening !== undefined) out.listening = checkRows(list, file, 'parts.listening', parts.listening, FIELDS.listening);
  if (parts.alerts !== undefined) out.alerts = checkRows(list, file, 'parts.alerts', parts.alerts, FIELDS.alerts);
  const p = parts.portfolio;
  if (!isObj(p)) list.add(expected(file, 'parts.portfolio', 'object'));
  else {
    const transactions = checkRows(list, file, 'parts.portfolio.transactions', p.transactions, FIELDS.transactions);
    if (!opt(oneOf(INVESTOR_TYPES))(p.investor)) list.add(expected(file, 'parts.portfolio.investor', 'one-of', INVESTOR_TYPES));
    out.portfolio = { transactions, ...(p.investor !== undefined ? { investor: p.investor } : {}) };
  }
  const s = parts.settings;
  if (!isObj(s)) list.add(expected(file, 'parts.settings', 'object'));
  else {
    if (!opt(oneOf(['ne', 'en']))(s.lang)) list.add(expected(file, 'parts.settings.lang', 'one-of', ['ne', 'en']));
    const m = s.market;
    if (m !== undefined && !(isObj(m) && typeof m.upstream === 'string' && oneOf(LAYOUT_SETTINGS)(m.layout)))
      list.add(expected(file, 'parts.settings.market', 'one-of', [`{ upstream: string, layout: ${LAYOUT_SETTINGS.join(' | ')} }`]));
    out.settings = { ...(s.lang !== undefined ? { lang: s.lang } : {}), ...(isObj(m) ? { market: { upstream: m.upstream, layout: m.layout } } : {}) };
  }
  list.throwIfAny();
  return { format: FORMAT, version: VERSION, exportedAt: v.exportedAt as string, app: v.app as string, parts: out as unknown as Parts };
}
