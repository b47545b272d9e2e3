// Holdings from transactions, the way Nepal's depository and brokers count them: cost by
// weighted average (WACC), charges included; bonus shares at Rs 0 for the reader's own cost and
// at Rs 100 for the depository's; capital-gains tax on the gain over the depository's WACC, at
// the rate of each sold share's holding period (first in, first out). Pure: no I/O.

import { DataError, type Saying } from '../../problems.ts';
import { inRange, RANGES } from '../ranges.ts';
import { rangeOf } from '../../reader-data/expect.ts';
import { daysBetween, gainsTaxRate, paisa, tradeCharges } from './fees.ts';
import type { InvestorType } from './rates.ts';
import type { Holding, Lot, PortfolioTotals, Transaction } from './types.ts';

/** The face value the depository puts on a bonus share. */
export const BONUS_PAR = 100;

function empty(symbol: string): Holding {
  return {
    symbol,
    quantity: 0,
    cost: 0,
    depositoryCost: 0,
    wacc: null,
    depositoryWacc: null,
    costUnknown: false,
    lots: [],
    realised: 0,
    dividends: 0,
    commission: 0,
    sebonFee: 0,
    dpCharge: 0,
    gainsTax: 0,
    lastPrice: null,
    value: null,
    unrealised: null,
  };
}

/** Takes `quantity` shares off the oldest lots; returns the shares taken from each. */
function takeFifo(lots: Lot[], quantity: number): Lot[] {
  const taken: Lot[] = [];
  let left = quantity;
  for (let lot = lots[0]; left > 1e-9 && lot; lot = lots[0]) {
    const q = Math.min(lot.quantity, left);
    taken.push({ date: lot.date, quantity: q });
    lot.quantity -= q;
    left -= q;
    if (lot.quantity <= 1e-9) lots.shift();
  }
  return taken;
}

const problem = (index: number, t: Transaction, message: string, say: Saying, path?: string) =>
  new DataError([{ file: 'portfolio', record: { index, word: `${t.date} ${t.kind} ${t.symbol}` }, ...(path ? { path } : {}), message, say }]);

function need(index: number, t: Transaction, field: 'price' | 'ratio' | 'into' | 'amount'): number | string {
  const v = t[field];
  if (v === undefined || v === '' || (typeof v === 'number' && (!Number.isFinite(v) || v < 0)))
    throw problem(index, t, `${t.kind} needs ${field}`, { key: 'needs', values: { kind: t.kind, field } });
  return v;
}

/** Every number of a transaction within its range (core/market/ranges.ts), named when not. */
function checkRanges(index: number, t: Transaction): void {
  for (const field of ['quantity', 'price', 'ratio', 'amount', 'charges'] as const) {
    const v = t[field];
    if (v === undefined && field !== 'quantity') continue;
    if (!inRange(v, RANGES[field])) {
      const r = rangeOf(RANGES[field]);
      throw problem(index, t, `${field} must be ${r.en}, found ${v}`, { key: 'expected', values: { what: r.key, ...r.values, found: String(v) } }, field);
    }
  }
}

export interface LedgerOptions {
  investor: InvestorType;
  /** last traded price by symbol */
  prices?: ReadonlyMap<string, number>;
}

/** A trade's charges on the holding: those the reader gave (as commission), else the schedule's, each on its own. */
function addCharges(h: Holding, t: Transaction, c: ReturnType<typeof tradeCharges>): void {
  if (t.charges === undefined) [h.commission, h.sebonFee, h.dpCharge] = [h.commission + c.commission, h.sebonFee + c.sebonFee, h.dpCharge + c.dpCharge];
  else h.commission += t.charges;
}

/** Shares coming in (a buy, an IPO or right share, an opening balance, a bonus): their cost to the reader and to the depository. */
function acquire(h: Holding, t: Transaction, index: number): void {
  const add = (cost: number, depositoryCost: number) => {
    h.quantity += t.quantity;
    h.cost += cost;
    h.depositoryCost += depositoryCost;
    h.lots.push({ date: t.date, quantity: t.quantity });
  };
  switch (t.kind) {
    case 'buy': {
      const amount = t.quantity * (need(index, t, 'price') as number);
      const c = tradeCharges(amount, t.date);
      const charges = t.charges ?? c.total;
      addCharges(h, t, c);
      add(amount + charges, amount + charges);
      break;
    }
    case 'ipo':
    case 'right': {
      const amount = t.quantity * (need(index, t, 'price') as number);
      add(amount, amount);
      break;
    }
    case 'opening': {
      if (t.price === undefined) h.costUnknown = true;
      const amount = t.quantity * (t.price ?? 0);
      add(amount, amount);
      break;
    }
    case 'bonus':
      add(0, t.quantity * BONUS_PAR);
      break;
  }
}

/** A sale: cost out at the average, the gain realised after charges and capital-gains tax (first in, first out). */
function sell(h: Holding, t: Transaction, index: number, investor: InvestorType): void {
  if (t.quantity > h.quantity + 1e-9)
    throw problem(index, t, `sells ${t.quantity} shares, but ${h.quantity} are held`, {
      key: 'oversold',
      values: { sold: String(t.quantity), held: String(h.quantity) },
    });
  const amount = t.quantity * (need(index, t, 'price') as number);
  const c = tradeCharges(amount, t.date);
  const charges = t.charges ?? c.total;
  const net = amount - charges;
  const share = t.quantity / h.quantity;
  const cost = h.cost * share;
  const depositoryCost = h.depositoryCost * share;
  const gain = net - depositoryCost;
  // Each sold share's rate by how long it was held; the gain is shared out by shares.
  const rate = takeFifo(h.lots, t.quantity).reduce(
    (sum, lot) => sum + (lot.quantity / t.quantity) * gainsTaxRate(t.date, daysBetween(lot.date, t.date), investor),
    0,
  );
  const tax = gain > 0 ? paisa(gain * rate) : 0;
  addCharges(h, t, c);
  h.gainsTax += tax;
  h.realised += net - tax - cost;
  h.quantity -= t.quantity;
  h.cost -= cost;
  h.depositoryCost -= depositoryCost;
  if (h.quantity <= 1e-9) [h.quantity, h.cost, h.depositoryCost, h.lots, h.costUnknown] = [0, 0, 0, [], false];
}

/** A merger: the holding's shares (by the ratio), cost and lots go into another symbol's. */
function merge(h: Holding, into: Holding, t: Transaction, index: number, ratio: number): void {
  if (into === h) throw problem(index, t, 'a merger into the same symbol', { key: 'same-merger' });
  into.quantity += h.quantity * ratio;
  into.cost += h.cost;
  into.depositoryCost += h.depositoryCost;
  into.costUnknown ||= h.costUnknown;
  // The holding period runs on from the original purchases.
  into.lots = [...into.lots, ...h.lots.map((l) => ({ date: l.date, quantity: l.quantity * ratio }))].sort((a, b) => (a.date < b.date ? -1 : 1));
  [h.quantity, h.cost, h.depositoryCost, h.lots] = [0, 0, 0, []];
}

/** A holding's figures rounded to the paisa, its averages, and its value at the last price when there is one. */
function settle(h: Holding, price: number | undefined): void {
  h.cost = paisa(h.cost);
  h.depositoryCost = paisa(h.depositoryCost);
  h.realised = paisa(h.realised);
  const known = h.quantity > 0 && !h.costUnknown;
  h.wacc = known ? h.cost / h.quantity : null;
  h.depositoryWacc = known ? h.depositoryCost / h.quantity : null;
  if (price !== undefined) {
    h.lastPrice = price;
    h.value = paisa(h.quantity * price);
    h.unrealised = h.costUnknown ? null : paisa(h.value - h.cost);
  }
}

/** Applies the transactions in date order (same-day ones in the order given). */
export function holdingsOf(transactions: readonly Transaction[], opts: LedgerOptions): Map<string, Holding> {
  const by = new Map<string, Holding>();
  const get = (s: string) => by.get(s) ?? by.set(s, empty(s)).get(s)!;
  const order = transactions.map((t, i) => [t, i] as const).sort(([a, i], [b, j]) => (a.date < b.date ? -1 : a.date > b.date ? 1 : i - j));

  for (const [t, index] of order) {
    checkRanges(index, t);
    const h = get(t.symbol);
    switch (t.kind) {
      case 'buy':
      case 'ipo':
      case 'right':
      case 'opening':
      case 'bonus':
        acquire(h, t, index);
        break;
      case 'sell':
        sell(h, t, index, opts.investor);
        break;
      case 'split': {
        const ratio = need(index, t, 'ratio') as number;
        h.quantity *= ratio;
        for (const lot of h.lots) lot.quantity *= ratio;
        break;
      }
      case 'merger': {
        const ratio = need(index, t, 'ratio') as number;
        merge(h, get(need(index, t, 'into') as string), t, index, ratio);
        break;
      }
      case 'dividend':
        h.dividends += need(index, t, 'amount') as number;
        break;
    }
  }
  for (const h of by.values()) settle(h, opts.prices?.get(h.symbol));
  return by;
}

/** Sums over holdings; value and unrealised only when every held symbol has a price. */
export function totalsOf(holdings: Iterable<Holding>): PortfolioTotals {
  const t: PortfolioTotals = {
    cost: 0,
    depositoryCost: 0,
    value: 0,
    unrealised: 0,
    realised: 0,
    dividends: 0,
    commission: 0,
    sebonFee: 0,
    dpCharge: 0,
    gainsTax: 0,
  };
  for (const h of holdings) {
    t.cost += h.cost;
    t.depositoryCost += h.depositoryCost;
    t.realised += h.realised;
    t.dividends += h.dividends;
    t.commission += h.commission;
    t.sebonFee += h.sebonFee;
    t.dpCharge += h.dpCharge;
    t.gainsTax += h.gainsTax;
    if (h.quantity > 0) {
      t.value = h.value === null || t.value === null ? null : t.value + h.value;
      t.unrealised = h.unrealised === null || t.unrealised === null ? null : t.unrealised + h.unrealised;
    }
  }
  for (const k of ['cost', 'depositoryCost', 'realised', 'dividends', 'commission', 'sebonFee', 'dpCharge', 'gainsTax'] as const) t[k] = paisa(t[k]);
  if (t.value !== null) t.value = paisa(t.value);
  if (t.unrealised !== null) t.unrealised = paisa(t.unrealised);
  return t;
}
