// The upstream's trimmed (v2) records, as the app and the worker read them (readFileValue, the
// one reader of every market file): market_cap null in every live row, dividend records without
// company_url or status, compact disclosures, exchange messages and notices. Real records from
// ../shared/data/market/layout-a; the compact notice carries a real notice's values under the
// compact names (the shared data holds only the uncompacted notices file).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileValue } from '../../src/core/market/adapters/index.ts';
import { A_ROOT, hasMarketData } from './real-data.ts';

const real = (rel: string) => JSON.parse(readFileSync(join(A_ROOT, 'data', rel), 'utf8')) as unknown;

describe.skipIf(!hasMarketData)('v2 trimmed records are read', () => {
  it('live rows with market_cap null', () => {
    const rows = real('market/live.sample.json') as Array<Record<string, unknown>>;
    expect(rows.every((r) => r.market_cap === null)).toBe(true);
    const r = readFileValue('stocks', rows, 'market/live.json');
    expect(r.problems).toEqual([]);
    expect(r.value!.map((s) => [s.symbol, s.marketCapNpr])).toEqual(rows.map((x) => [x.symbol, null]));
    expect(r.value![0]!.ltp).toBe(908);
  });

  it('dividend records without company_url or status', () => {
    const raw = real('dividend/history.sample.json') as { columns: string[] };
    expect(raw.columns).not.toContain('company_url');
    expect(raw.columns).not.toContain('status');
    const r = readFileValue('dividendHistory', raw, 'dividend/history.json');
    expect(r.problems).toEqual([]);
    const history = r.value!.history!;
    expect(history.length).toBe(12);
    expect(history.every((d) => d.companyUrl === null && d.status === null && d.symbol.length > 0 && d.fiscalYear !== null)).toBe(true);
  });

  it('compact disclosures and exchange messages', () => {
    const d = readFileValue('disclosures', real('notify/disclosures.sample.json'), 'notify/disclosures.json');
    expect(d.problems).toEqual([]);
    expect(d.value![0]).toMatchObject({ id: 46489, symbol: 'NLIC', title: 'Land Purchase in Birgunj', publishedAt: '2026-07-17T10:31:48.507' });
    const m = readFileValue('messages', real('notify/exchange_messages.json'), 'notify/exchange_messages.json');
    expect(m.problems).toEqual([]);
    expect(m.value![0]).toMatchObject({ id: 208793, symbol: 'SNORL', title: 'Price Adjusted - Snow Rivers Limited', expiryDate: '2026-09-23' });
  });

  it('compact notices {id, title, body, expiresAt, type, featured, filePath}', () => {
    const full = real('notify/notices.json') as { general: Array<Record<string, unknown>>; last_updated: string };
    const n = full.general[0]!;
    const compact = {
      general: [{ id: n.id, title: n.noticeHeading, body: n.noticeBody, expiresAt: n.noticeExpiryDate, featured: n.feature, filePath: n.noticeFilePath }],
      last_updated: full.last_updated,
    };
    const r = readFileValue('notices', compact, 'notify/notices.json');
    expect(r.problems).toEqual([]);
    expect(r.value!.general[0]).toMatchObject({ id: n.id, heading: n.noticeHeading, body: n.noticeBody, filePath: n.noticeFilePath ?? null, type: null });
  });
});
