// The floor sheet as the upstream publishes it in layout A: `floor_sheet/manifest.json` lists the
// days, `floor_sheet/daily/YYYY-MM-DD.json` holds every trade as [contractId, stockId, buyer,
// seller, qty, rate, amount, time], and `floor_sheet/lookups/stocks.json` and `brokers.json` name
// the stock ids and broker numbers. Pure: reading them, one symbol's trades, its top brokers.

import { assertSeries } from './series-files.ts';
import { KhojError } from '../errors.ts';

export const FLOOR_MANIFEST_PATH = 'floor_sheet/manifest.json';
export const FLOOR_STOCKS_PATH = 'floor_sheet/lookups/stocks.json';
export const FLOOR_BROKERS_PATH = 'floor_sheet/lookups/brokers.json';
export const floorDayPath = (date: string): string => `floor_sheet/daily/${date}.json`;

export interface Trade {
  contractId: number;
  buyer: number;
  seller: number;
  qty: number;
  rate: number;
  amount: number;
  time: string;
}

export interface FloorDay {
  date: string;
  /** stock id → its trades, in the file's order */
  byStock: Map<number, Trade[]>;
  totalTrades?: number;
}

export interface BrokerTotal {
  broker: number;
  qty: number;
  amount: number;
  trades: number;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The latest day with a floor sheet, from floor_sheet/manifest.json (the checks: series-files.ts). */
export function latestFloorDay(v: unknown, file = FLOOR_MANIFEST_PATH): string {
  assertSeries('floorManifest', v, file);
  const day = (v.availableDates as string[] | undefined)?.at(-1) ?? v.latestDate;
  if (typeof day !== 'string') throw new KhojError('damaged', `${file}: no availableDates and no latestDate`);
  return day;
}

/** Reads a floor_sheet/daily file; a bad file throws naming the file and the trade (the checks: series-files.ts). */
export function readFloorDay(v: unknown, file: string): FloorDay {
  assertSeries('floorDay', v, file);
  const columns = v.columns as string[];
  const [ci, si, bi, ki, qi, ri, ai] = ['contractId', 'stockId', 'buyer', 'seller', 'qty', 'rate', 'amount'].map((name) => columns.indexOf(name)) as number[];
  const ti = columns.indexOf('time');
  const byStock = new Map<number, Trade[]>();
  for (const r of v.transactions as unknown[][]) {
    const stock = r[si!] as number;
    let list = byStock.get(stock);
    if (!list) byStock.set(stock, (list = []));
    const t = ti >= 0 && typeof r[ti] === 'string' ? (r[ti] as string) : '';
    list.push({
      contractId: r[ci!] as number,
      buyer: r[bi!] as number,
      seller: r[ki!] as number,
      qty: r[qi!] as number,
      rate: r[ri!] as number,
      amount: r[ai!] as number,
      time: t,
    });
  }
  const out: FloorDay = { date: v.date as string, byStock };
  if (typeof v.totalTrades === 'number') out.totalTrades = v.totalTrades;
  return out;
}

/** The stock id of a symbol in floor_sheet/lookups/stocks.json ({id: {symbol, name}}). */
export function stockIdOf(lookup: unknown, symbol: string, file = FLOOR_STOCKS_PATH): number | undefined {
  assertSeries('floorLookup', lookup, file);
  for (const [id, v] of Object.entries(lookup)) if (isObj(v) && v.symbol === symbol && /^\d+$/.test(id)) return Number(id);
  return undefined;
}

/** Broker names by number, from floor_sheet/lookups/brokers.json ({number: name}). */
export function brokerNames(lookup: unknown, file = FLOOR_BROKERS_PATH): Map<number, string> {
  assertSeries('floorLookup', lookup, file);
  const out = new Map<number, string>();
  for (const [k, v] of Object.entries(lookup)) if (/^\d+$/.test(k) && typeof v === 'string') out.set(Number(k), v.trim());
  return out;
}

/** Brokers by shares bought (side "buyer") or sold ("seller"), most first; ties by amount, then number. */
export function topBrokers(trades: readonly Trade[], side: 'buyer' | 'seller', limit = 5): BrokerTotal[] {
  const by = new Map<number, BrokerTotal>();
  for (const t of trades) {
    const b = t[side];
    const x = by.get(b) ?? { broker: b, qty: 0, amount: 0, trades: 0 };
    x.qty += t.qty;
    x.amount += t.amount;
    x.trades += 1;
    by.set(b, x);
  }
  return [...by.values()].sort((a, b) => b.qty - a.qty || b.amount - a.amount || a.broker - b.broker).slice(0, limit);
}
