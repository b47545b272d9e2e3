// Open-ended mutual funds' NAVs.

import { atPath, describeValue, isObject, problem, readList } from '../codec.ts';
import { fundNavCodec } from '../records.ts';
import type { MutualFunds } from '../types/index.ts';
import { type FileAdapter } from './adapter.ts';

export const mutualFunds: FileAdapter<MutualFunds> = {
  kind: 'mutualFunds',
  read(value, at) {
    if (Array.isArray(value)) {
      const records = readList(fundNavCodec, value, at);
      if (!records) return undefined;
      const times = records
        .map((r) => r.scrapedAt)
        .filter((t): t is string => t !== null)
        .sort();
      return { scrapedAt: times.at(-1) ?? null, records };
    }
    if (!isObject(value)) {
      problem(at, `expected {scraped_at, records} or an array of funds, found ${describeValue(value)}`);
      return undefined;
    }
    const records = readList(fundNavCodec, value.records, atPath(at, 'records'));
    if (!records) return undefined;
    const scrapedAt = typeof value.scraped_at === 'string' ? value.scraped_at : null;
    for (const r of records) r.scrapedAt ??= scrapedAt;
    return { scrapedAt, records };
  },
  write: (m, layout) =>
    layout === 'b'
      ? m.records.map((r) => fundNavCodec.write(r, layout))
      : { scraped_at: m.scrapedAt, records: m.records.map((r) => fundNavCodec.write(r, layout)) },
};
