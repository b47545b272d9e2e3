// The reader's data in one file (export and import, src/app/data/): what it holds and the checks
// an imported file must pass before anything is written. Checked by hand rather than with ajv:
// ajv compiles its checks with new Function(), which the app's CSP forbids in the page.

import type { LayoutSetting } from '../market/settings.ts';
import { TX_KINDS, type Transaction } from '../market/portfolio/types.ts';
import type { PriceAlert } from '../market/alerts/types.ts';
import { DataError, type Problem, ProblemList } from '../problems.ts';
import { inRange, RANGES, type Range } from '../market/ranges.ts';
import { type Expect, expected, oneOfThese, plain, rangeOf, textUpTo, tooLarge, tooMany, wholeRange } from './expect.ts';
import { normaliseUpstream } from '../market/settings.ts';

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
/** A watched stock (src/databases/market/db.ts WatchItem). */
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

/** A price alert (src/databases/market/db.ts store "alerts"; docs/market-alerts.md). */
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

/**
 * What one file may hold (issue 36: 10^6 bookmarks took the page to 2.44 GB and a stack
 * overflow; a zoom of 1e6, a split ratio of 0, a time of 1e308 were taken as they came). The
 * counts are far above what a reader gathers: the dictionary has 123,363 words; the history
 * keeps its last 200 on the device.
 */
export const LIMITS = {
  /** the file itself, refused before it is read */
  fileBytes: 40_000_000,
  rows: {
    bookmarks: 150_000,
    history: 150_000,
    shelves: 50_000,
    positions: 50_000,
    listening: 50_000,
    watchlist: 5_000,
    alerts: 5_000,
    transactions: 100_000,
  },
  /** a time may be up to a day ahead of the importing device's clock (another phone's clock) */
  aheadMs: 86_400_000,
  /** pages of a PDF; an EPUB's chapters */
  pages: 100_000,
  /** the PDF reader's zoom (src/app/books/pdf-tools.tsx MIN_ZOOM, MAX_ZOOM) */
  pdfZoom: { min: 0.5, max: 4 },
  /** the EPUB reader's text size (src/app/books/epub-tools.tsx SIZES) */
  epubZoom: { min: 0.8, max: 2 },
  /** seconds into an audio file, and its length: a day */
  seconds: 86_400,
  /** characters of a word, an id, a title, an address, a note */
  text: { word: 200, id: 1000, title: 1000, url: 4000, symbol: 30, note: 2000 },
} as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (list: readonly string[]) => (v: unknown) => typeof v === 'string' && list.includes(v);
const opt = (check: (v: unknown) => boolean) => (v: unknown) => v === undefined || check(v);
const text =
  (max: number, empty = false) =>
  (v: unknown) =>
    typeof v === 'string' && (empty || v !== '') && v.length <= max;
const whole = (min: number, max: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const between = (min: number, max: number) => (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const ranged =
  (r: Range): Field[1] =>
  (v) =>
    inRange(v, r);

const LIST = plain('list', 'a list');
const OBJECT = plain('object', 'an object');

type Field = [name: string, check: (v: unknown) => boolean, what: Expect];

/** Each part's fields; times are checked against `now` (no time past a day ahead: a row dated 1e308 could never be replaced). */
function fieldsAt(now: number) {
  const time: Field[1] = between(0, now + LIMITS.aheadMs);
  const timeWhat: Expect = {
    key: 'time-until',
    en: `a time in ms from 0 to a day from now (${now + LIMITS.aheadMs})`,
    values: { max: String(now + LIMITS.aheadMs) },
  };
  const T = LIMITS.text;
  const WORD: Field[] = [
    ['word', text(T.word), textUpTo(T.word)],
    ['at', time, timeWhat],
  ];
  const BOOK: Field[] = [
    ['id', text(T.id), textUpTo(T.id)],
    ['title', text(T.title, true), textUpTo(T.title, true)],
    ['titleLocal', opt(text(T.title, true)), textUpTo(T.title, true)],
    ['coverUrl', text(T.url, true), textUpTo(T.url, true)],
    ['at', time, timeWhat],
  ];
  const price = (v: unknown) => v === null || inRange(v, RANGES.price);
  const seconds: Expect = {
    key: 'seconds-up-to',
    en: `a number of seconds from 0 to ${LIMITS.seconds.toLocaleString('en')}`,
    values: { max: LIMITS.seconds.toLocaleString('en') },
  };
  return {
    bookmarks: WORD,
    history: WORD,
    shelves: [...BOOK, ['shelf', oneOf(SHELVES), oneOfThese(SHELVES)]],
    positions: [
      ...BOOK,
      ['kind', oneOf(['pdf', 'epub']), oneOfThese(['"pdf"', '"epub"'])],
      ['page', whole(1, LIMITS.pages), wholeRange(1, LIMITS.pages, true)],
      ['pages', whole(0, LIMITS.pages), wholeRange(0, LIMITS.pages)],
      // The zoom's range is the kind's: checked with the row (checkZoom).
      ['zoom', (v) => typeof v === 'number' && Number.isFinite(v), plain('number', 'a number')],
      ['fraction', opt(between(0, 1)), plain('fraction', 'a number from 0 to 1')],
    ],
    listening: [
      ...BOOK,
      ['kind', oneOf(['audio']), oneOfThese(['"audio"'])],
      ['time', between(0, LIMITS.seconds), seconds],
      ['duration', between(0, LIMITS.seconds), seconds],
    ],
    watchlist: [
      ['symbol', text(T.symbol), textUpTo(T.symbol)],
      ['at', time, timeWhat],
    ],
    alerts: [
      ['id', text(T.id), textUpTo(T.id)],
      ['symbol', text(T.symbol), textUpTo(T.symbol)],
      ['direction', oneOf(['above', 'below']), oneOfThese(['above', 'below'])],
      ['level', ranged(RANGES.level), rangeOf(RANGES.level)],
      ['lastPrice', price, { ...rangeOf(RANGES.price), key: 'range-or-null', en: `null or ${rangeOf(RANGES.price).en}` }],
      ['at', time, timeWhat],
    ],
    transactions: [
      [
        'date',
        (v) => typeof v === 'string' && /^(19[89]\d|2[01]\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v),
        plain('date', 'a YYYY-MM-DD date from 1980 to 2199'),
      ],
      ['symbol', text(T.symbol), textUpTo(T.symbol)],
      ['kind', oneOf(TX_KINDS), oneOfThese(TX_KINDS)],
      ['quantity', ranged(RANGES.quantity), rangeOf(RANGES.quantity)],
      ['price', opt(ranged(RANGES.price)), rangeOf(RANGES.price)],
      ['ratio', opt(ranged(RANGES.ratio)), rangeOf(RANGES.ratio)],
      ['into', opt(text(T.symbol, true)), textUpTo(T.symbol, true)],
      ['amount', opt(ranged(RANGES.amount)), rangeOf(RANGES.amount)],
      ['charges', opt(ranged(RANGES.charges)), rangeOf(RANGES.charges)],
      ['note', opt(text(T.note, true)), textUpTo(T.note, true)],
    ],
  } satisfies Record<string, Field[]>;
}
type RowPart = keyof ReturnType<typeof fieldsAt>;

/** A reading place's zoom, in the range of its reader. */
function checkZoom(list: ProblemList, file: string, where: string, row: Obj): void {
  const r = row.kind === 'epub' ? LIMITS.epubZoom : LIMITS.pdfZoom;
  if (typeof row.zoom === 'number' && Number.isFinite(row.zoom) && !(row.zoom >= r.min && row.zoom <= r.max))
    list.add(
      expected(
        file,
        `${where}.zoom`,
        {
          key: 'range',
          en: `a ${row.kind === 'epub' ? 'text size' : 'PDF zoom'} from ${r.min} to ${r.max}`,
          values: { min: String(r.min), max: String(r.max) },
        },
        { value: row.zoom },
      ),
    );
}

/** Checks each row; returns the rows with only the fields named (what is stored is what is known). */
function checkRows(list: ProblemList, file: string, where: string, value: unknown, fields: Field[], max: number): Obj[] {
  if (!Array.isArray(value)) return (list.add(expected(file, where, LIST)), []);
  // Counted before a row is read: a list past its limit is refused whole, named, at once.
  if (value.length > max) return (list.add(tooMany(file, where, value.length, max)), []);
  const out: Obj[] = [];
  for (let i = 0; i < value.length; i++) {
    const row: unknown = value[i];
    if (!isObj(row)) {
      list.add(expected(file, `${where}[${i}]`, OBJECT));
      out.push({});
      continue;
    }
    const kept: Obj = {};
    for (const [name, ok, what] of fields) {
      if (!ok(row[name])) list.add(expected(file, `${where}[${i}].${name}`, what, { value: row[name] }));
      else if (row[name] !== undefined) kept[name] = row[name];
    }
    out.push(kept);
  }
  return out;
}

/**
 * The file's text as ReaderData, or a DataError naming each problem: the part, the record and
 * what is wrong. A file of a newer version is refused with what to do about it.
 */
export function parseReaderData(text: string, file = 'the file', now = Date.now()): ReaderData {
  if (text.length > LIMITS.fileBytes) throw new DataError([tooLarge(file, text.length, LIMITS.fileBytes, 'characters')]);
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
  if (typeof v.version !== 'number' || !Number.isInteger(v.version) || v.version < 1)
    throw one(expected(file, 'version', plain('whole-from-1', 'a whole number from 1')));
  if (v.version > VERSION)
    throw one({
      file,
      path: 'version',
      message: `made by a newer Khoj (file version ${v.version}, this app reads up to ${VERSION}): update the app, then import it again`,
      say: { key: 'newer', values: { version: String(v.version), reads: String(VERSION) } },
    });
  const list = new ProblemList(20);
  if (typeof v.exportedAt !== 'string') list.add(expected(file, 'exportedAt', plain('time', 'a time')));
  if (typeof v.app !== 'string') list.add(expected(file, 'app', plain('string', 'a string')));
  const parts = v.parts;
  if (!isObj(parts)) throw one(expected(file, 'parts', OBJECT));
  const out: Obj = {};
  const fields = fieldsAt(now);
  const rows = (name: RowPart, where: string, value: unknown) => checkRows(list, file, where, value, fields[name], LIMITS.rows[name]);
  for (const name of ['bookmarks', 'history', 'shelves', 'positions', 'watchlist'] as const) out[name] = rows(name, `parts.${name}`, parts[name]);
  if (Array.isArray(parts.positions))
    parts.positions.forEach((r, i) => isObj(r) && i < LIMITS.rows.positions && checkZoom(list, file, `parts.positions[${i}]`, r));
  if (parts.listening !== undefined) out.listening = rows('listening', 'parts.listening', parts.listening);
  if (parts.alerts !== undefined) out.alerts = rows('alerts', 'parts.alerts', parts.alerts);
  const p = parts.portfolio;
  if (!isObj(p)) list.add(expected(file, 'parts.portfolio', OBJECT));
  else {
    const transactions = rows('transactions', 'parts.portfolio.transactions', p.transactions);
    if (!opt(oneOf(INVESTOR_TYPES))(p.investor)) list.add(expected(file, 'parts.portfolio.investor', oneOfThese(INVESTOR_TYPES)));
    out.portfolio = { transactions, ...(p.investor !== undefined ? { investor: p.investor } : {}) };
  }
  const s = parts.settings;
  if (!isObj(s)) list.add(expected(file, 'parts.settings', OBJECT));
  else {
    if (!opt(oneOf(['ne', 'en']))(s.lang)) list.add(expected(file, 'parts.settings.lang', oneOfThese(['ne', 'en'])));
    const m = s.market;
    if (m !== undefined && !(isObj(m) && typeof m.upstream === 'string' && oneOf(LAYOUT_SETTINGS)(m.layout)))
      list.add(expected(file, 'parts.settings.market', oneOfThese([`{ upstream: string, layout: ${LAYOUT_SETTINGS.join(' | ')} }`])));
    else if (isObj(m) && m.upstream !== '' && normaliseUpstream(m.upstream as string) !== m.upstream)
      list.add(expected(file, 'parts.settings.market.upstream', plain('address', '"" (the default) or an http(s) address'), { value: m.upstream }));
    out.settings = { ...(s.lang !== undefined ? { lang: s.lang } : {}), ...(isObj(m) ? { market: { upstream: m.upstream, layout: m.layout } } : {}) };
  }
  list.throwIfAny();
  return { format: FORMAT, version: VERSION, exportedAt: v.exportedAt as string, app: v.app as string, parts: out as unknown as Parts };
}
