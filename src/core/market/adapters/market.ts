// The market files: top stocks, the daily summary history, supply and demand.

import { atPath, type Codec, describeValue, hasOwn, isObject, oddity, problem, readList } from '../codec.ts';
import { dailySummaryCodec, orderRowCodec, topMoverCodec, topTradeCodec, topTransactionCodec, topTurnoverCodec } from '../records.ts';
import type { DailySummary, Extra, SupplyDemand, TopStocks } from '../types/index.ts';
import { type FileAdapter, type Obj, rowsToObjects, withoutKeys } from './adapter.ts';

export const TOP_KEYS = [
  ['topGainer', 'top_gainer', topMoverCodec],
  ['topLoser', 'top_loser', topMoverCodec],
  ['topTurnover', 'top_turnover', topTurnoverCodec],
  ['topTrade', 'top_trade', topTradeCodec],
  ['topTransaction', 'top_transaction', topTransactionCodec],
] as const;

export const topStocks: FileAdapter<TopStocks> = {
  kind: 'topStocks',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with top_gainer, top_loser, top_turnover, top_trade and top_transaction, found ${describeValue(value)}`);
      return undefined;
    }
    const out: Obj = {};
    let ok = true;
    const extra: Extra = { ...value };
    for (const [key, name, c] of TOP_KEYS) {
      delete extra[name];
      if (!hasOwn(value, name)) {
        oddity(at, `no ${name} list (read as empty)`);
        out[key] = [];
        continue;
      }
      const rows = readList(c as Codec<unknown>, value[name], atPath(at, name));
      if (!rows) ok = false;
      out[key] = rows ?? [];
    }
    out.extra = extra;
    return ok ? (out as unknown as TopStocks) : undefined;
  },
  write(t, layout) {
    const o: Obj = {};
    for (const [key, name, c] of TOP_KEYS) o[name] = (t[key] as unknown[]).map((r) => (c as Codec<unknown>).write(r, layout));
    return { ...o, ...withoutKeys(t.extra, Object.keys(o)) };
  },
};

export const summaryHistory: FileAdapter<DailySummary[]> = {
  kind: 'summaryHistory',
  read(value, at) {
    let objects: unknown;
    if (Array.isArray(value)) {
      objects = value;
      if (at.file.includes('market/history')) oddity(at, "an array of daily objects, not the contract's {columns, rows}");
    } else if (isObject(value) && hasOwn(value, 'columns')) {
      objects = rowsToObjects(value, at);
      if (!objects) return undefined;
    } else {
      problem(at, `expected an array of daily summaries or {columns, rows}, found ${describeValue(value)}`);
      return undefined;
    }
    const rows = readList(dailySummaryCodec, objects, at);
    if (!rows) return undefined;
    const out: DailySummary[] = rows.map(({ extra, ...r }) => {
      if (extra && Object.keys(extra).length) oddity(at, `fields not in the contract, dropped: ${Object.keys(extra).join(', ')}`);
      return r;
    });
    const sorted = [...out].sort((x, y) => (x.businessDate < y.businessDate ? 1 : x.businessDate > y.businessDate ? -1 : 0));
    if (sorted.some((r, i) => r !== out[i])) oddity(at, 'days not newest first (sorted)');
    return sorted;
  },
  // Both layouts are written as the array of per-day objects, newest first: what the live
  // upstream publishes at market/history.json and what its own api/openapi.yaml describes, so a
  // client written for the live files reads ours. The contract's {columns, rows} is still read
  // (above). Recorded in docs/market-contract-notes.md.
  write: (rows, layout) => rows.map((r) => dailySummaryCodec.write({ ...r, extra: {} }, layout)),
};

export const supplyDemand: FileAdapter<SupplyDemand> = {
  kind: 'supplyDemand',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object with supplyList and demandList, found ${describeValue(value)}`);
      return undefined;
    }
    const lists: Obj = {};
    let ok = true;
    for (const name of ['supplyList', 'demandList']) {
      if (!hasOwn(value, name)) {
        oddity(at, `no ${name} (read as empty)`);
        lists[name] = [];
        continue;
      }
      const rows = readList(orderRowCodec, value[name], atPath(at, name));
      if (!rows) ok = false;
      lists[name] = rows ?? [];
    }
    if (!ok) return undefined;
    return { supplyList: lists.supplyList, demandList: lists.demandList, extra: withoutKeys(value, ['supplyList', 'demandList']) } as SupplyDemand;
  },
  write: (s, layout) => ({
    supplyList: s.supplyList.map((r) => orderRowCodec.write(r, layout)),
    demandList: s.demandList.map((r) => orderRowCodec.write(r, layout)),
    ...withoutKeys(s.extra, ['supplyList', 'demandList']),
  }),
};
