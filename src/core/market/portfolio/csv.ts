// The portfolio as CSV (RFC 4180, parsed and written by papaparse): our own columns, which
// round-trip unchanged, and the depository's MeroShare "My Shares" export, read as opening
// balances (it carries no cost: the reader adds a WACC or the holding says its cost is unknown).

import Papa from 'papaparse';
import { DataError, type Problem, type Saying } from '../../problems.ts';
import { type Transaction, TX_KINDS, type TxKind } from './types.ts';

/** Our columns, in order. Numbers are written as JavaScript writes them; an empty cell is "not given". */
export const CSV_COLUMNS = ['date', 'symbol', 'kind', 'quantity', 'price', 'ratio', 'into', 'amount', 'charges', 'note'] as const;

/** MeroShare → My Shares → CSV: the columns read (the others are prices of the day, ignored). */
export const MEROSHARE_COLUMNS = { symbol: 'Scrip', balance: 'Current Balance' } as const;

const NUMBER_FIELDS = ['quantity', 'price', 'ratio', 'amount', 'charges'] as const;

export function toCsv(transactions: readonly Transaction[]): string {
  const rows = transactions.map((t) => CSV_COLUMNS.map((c) => (t[c] === undefined ? '' : String(t[c]))));
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n' }) + '\r\n';
}

function parse(text: string, file: string): { header: string[]; rows: string[][] } {
  const out = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  if (out.errors.length) {
    const e = out.errors[0]!;
    const line = String((e.row ?? 0) + 1);
    throw new DataError([{ file, message: `line ${line}: ${e.message}`, say: { key: 'csv-line', values: { line, detail: e.message } } }]);
  }
  const [header = [], ...rows] = out.data;
  return { header: header.map((h) => h.trim()), rows };
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

/** Transactions from a CSV in our columns (any column order; unknown columns are refused). */
export function fromCsv(text: string, file = 'portfolio.csv'): Transaction[] {
  const { header, rows } = parse(text, file);
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length || !header.includes('date')) {
    const [expected, found] = [CSV_COLUMNS.join(','), header.join(',') || 'none'];
    throw new DataError([{ file, message: `expected the columns ${expected}; found ${found}`, say: { key: 'csv-columns', values: { expected, found } } }]);
  }
  const problems: Problem[] = [];
  const txs: Transaction[] = [];
  rows.forEach((cells, i) => {
    const at = (field: string, message: string, say: Saying) => problems.push({ file, record: { index: i + 2 }, path: field, message, say });
    const cell = (c: string) => (cells[header.indexOf(c)] ?? '').trim();
    const kind = cell('kind').toLowerCase();
    if (!(TX_KINDS as readonly string[]).includes(kind))
      return at('kind', `"${cell('kind')}" is not one of ${TX_KINDS.join(', ')}`, {
        key: 'not-kind',
        values: { found: cell('kind'), kinds: TX_KINDS.join(', ') },
      });
    const date = cell('date');
    if (!isDay(date)) return at('date', `"${date}" is not a date (YYYY-MM-DD)`, { key: 'not-date', values: { found: date } });
    const symbol = cell('symbol').toUpperCase();
    if (!/^[A-Z0-9]{1,20}$/.test(symbol)) return at('symbol', `"${cell('symbol')}" is not a symbol`, { key: 'not-symbol', values: { found: cell('symbol') } });
    const t: Transaction = { date, symbol, kind: kind as TxKind, quantity: 0 };
    for (const f of NUMBER_FIELDS) {
      const raw = cell(f).replace(/,/g, '');
      if (raw === '') continue;
      const n = Number(raw);
      if (!Number.isFinite(n) || n < 0) return at(f, `"${cell(f)}" is not a number of 0 or more`, { key: 'not-number', values: { found: cell(f) } });
      t[f] = n;
    }
    const into = cell('into').toUpperCase();
    if (into) t.into = into;
    const note = cell('note');
    if (note) t.note = note;
    txs.push(t);
  });
  if (problems.length) throw new DataError(problems);
  return txs;
}

/** Opening balances on `day` from MeroShare's "My Shares" CSV (its Total row is skipped). */
export function fromMeroShare(text: string, day: string, file = 'MyShares.csv'): Transaction[] {
  const { header, rows } = parse(text, file);
  const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const [s, b] = [col(MEROSHARE_COLUMNS.symbol), col(MEROSHARE_COLUMNS.balance)];
  if (s < 0 || b < 0)
    throw new DataError([
      {
        file,
        message: `not a MeroShare "My Shares" export: no "${MEROSHARE_COLUMNS.symbol}" and "${MEROSHARE_COLUMNS.balance}" columns`,
        say: { key: 'not-meroshare', values: { symbol: MEROSHARE_COLUMNS.symbol, balance: MEROSHARE_COLUMNS.balance } },
      },
    ]);
  const problems: Problem[] = [];
  const txs: Transaction[] = [];
  rows.forEach((cells, i) => {
    const symbol = (cells[s] ?? '').trim().toUpperCase();
    if (!symbol || /^total/i.test(symbol) || /^total/i.test((cells[0] ?? '').trim())) return;
    const quantity = Number((cells[b] ?? '').replace(/,/g, '').trim());
    if (!Number.isFinite(quantity) || quantity < 0) {
      problems.push({
        file,
        record: { index: i + 2, word: symbol },
        path: MEROSHARE_COLUMNS.balance,
        message: `"${cells[b]}" is not a number of shares`,
        say: { key: 'not-shares', values: { found: cells[b] ?? '' } },
      });
      return;
    }
    if (quantity > 0) txs.push({ date: day, symbol, kind: 'opening', quantity, note: 'MeroShare' });
  });
  if (problems.length) throw new DataError(problems);
  return txs;
}
