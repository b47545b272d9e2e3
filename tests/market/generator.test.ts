// The generated sample: deterministic, complete (every file of both endpoint tables), labelled as
// sample data, and realistic: its parts agree with each other the way a real snapshot's do.

import { describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE, generateSample, isTradingDay, toBs } from '../../data-build/market/generate.ts';
import { SECTOR_PLANS } from '../../data-build/market/sample-names.ts';
import { ENDPOINTS, ltpMonthPath } from '../../src/core/market/endpoints.ts';
import { pricePoints, summaryValue } from '../../src/core/market/queries.ts';
import { nepalDateOf } from '../../src/core/market/clock.ts';
import { layoutFiles, snapshotFiles, unwritten } from '../../src/core/market/write.ts';

const m = generateSample();

describe('determinism', () => {
  it('the same seed and reference give byte-identical files', () => {
    const again = snapshotFiles(generateSample());
    const first = snapshotFiles(m);
    expect([...again.keys()]).toEqual([...first.keys()]);
    for (const [path, text] of first) expect(again.get(path) === text, path).toBe(true);
  });

  it('another seed or reference gives other data', () => {
    expect(snapshotFiles(generateSample({ seed: 2 })).get('exchange_data.json')).not.toBe(snapshotFiles(m).get('exchange_data.json'));
    expect(snapshotFiles(generateSample({ referenceDate: '2026-10-01T09:30:00Z' })).get('market/status.json')).not.toBe(
      snapshotFiles(m).get('market/status.json'),
    );
  });

  it('takes no notice of the wall clock: the reference is a fixed instant', () => {
    expect(m.status.lastChecked.slice(0, 16)).toBe(DEFAULT_REFERENCE.slice(0, 16));
    expect(m.about.generatedAt).toBe(DEFAULT_REFERENCE);
  });
});

describe('completeness', () => {
  it("writes every file of both layouts' endpoint tables", () => {
    expect(unwritten(m)).toEqual([]);
    for (const layout of ['a', 'b'] as const) {
      const files = layoutFiles(m, layout);
      for (const e of ENDPOINTS) {
        for (const path of e[layout]) {
          if (e.kind === 'ltpMonth') continue;
          expect(files.has(path), `${layout}: ${path}`).toBe(true);
        }
      }
    }
  });

  it('has at least 12 months of price history, every one listed in the manifest', () => {
    const files = layoutFiles(m, 'a');
    const manifest = files.get('ltp/manifest.json') as { availableMonths: string[]; latestDate: string; latestStatus: string; finalizedThrough: string };
    expect(manifest.availableMonths.length).toBeGreaterThanOrEqual(13);
    for (const month of manifest.availableMonths) expect(files.has(ltpMonthPath(month)), month).toBe(true);
    expect(manifest).toMatchObject({ latestDate: '2026-11-20', latestStatus: 'final', finalizedThrough: '2026-11-20' });
  });

  it('is labelled as sample data', () => {
    expect(m.about.sample).toBe(true);
    expect(m.about.notes.join(' ')).toMatch(/SAMPLE DATA/);
    expect(m.notices!.general[0]!.heading).toMatch(/Sample data/);
    expect(JSON.stringify(m.disclosures)).not.toMatch(/nepalstock/);
  });
});

describe('realism', () => {
  const traded = m.stocks.filter((r) => r.assetType === null);
  const funds = m.stocks.filter((r) => r.assetType !== null);

  it('about 300 securities in the exchange\'s sectors, funds with NAV semantics, debentures with "/"', () => {
    expect(m.stocks.length).toBeGreaterThanOrEqual(270);
    expect(m.stocks.length).toBeLessThanOrEqual(340);
    const sectors = new Set(m.securities!.map((s) => s.sectorName));
    for (const s of [
      'Commercial Banks',
      'Development Banks',
      'Finance',
      'Microfinance',
      'Life Insurance',
      'Non Life Insurance',
      'Hydro Power',
      'Hotels And Tourism',
      'Manufacturing And Processing',
      'Tradings',
      'Investment',
      'Others',
      'Mutual Fund',
    ])
      expect(sectors.has(s), s).toBe(true);
    expect(Object.keys(m.sectorCodes!)).toEqual(
      expect.arrayContaining(['Commercial Banks', 'Corporate Debenture', 'Hydro Power', 'Microfinance', 'Promotor Share']),
    );
    expect(funds.length).toBe(SECTOR_PLANS.find((p) => p.kind === 'openFund')!.count);
    for (const f of funds) {
      expect(f).toMatchObject({ high: null, low: null, volume: null, turnover: null, trades: null });
      expect(f.ltp!).toBeGreaterThan(8);
      expect(f.ltp!).toBeLessThan(15);
      expect(f.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(m.securities!.some((s) => s.symbol.includes('/'))).toBe(true);
    expect(m.stocks.some((s) => s.symbol.includes('/'))).toBe(true);
  });

  it('plausible prices, volumes and totals', () => {
    for (const r of traded) {
      expect(r.low! <= r.ltp! && r.ltp! <= r.high!, r.symbol).toBe(true);
      expect(Math.abs(r.percentChange!)).toBeLessThanOrEqual(10.5);
      expect(r.trades!).toBeLessThanOrEqual(r.volume!);
      expect(r.turnover! / r.volume!).toBeGreaterThanOrEqual(r.low! * 0.99);
      expect(r.turnover! / r.volume!).toBeLessThanOrEqual(r.high! * 1.01);
    }
    const turnover = summaryValue(m.summary, 'turnover')!;
    expect(turnover).toBeGreaterThan(1e9);
    expect(turnover).toBeLessThan(2e10);
    const cap = summaryValue(m.summary, 'marketCap')!;
    expect(cap).toBeGreaterThan(2e12);
    expect(cap).toBeLessThan(1e13);
    const nepse = m.indices.find((i) => i.index === 'NEPSE Index')!;
    expect(nepse.close!).toBeGreaterThan(1500);
    expect(nepse.close!).toBeLessThan(4500);
    expect(nepse.fiftyTwoWeekLow! <= nepse.close! && nepse.close! <= nepse.fiftyTwoWeekHigh!).toBe(true);
  });

  it('the price history ends at the stock rows: last close = ltp, the day before = previous_close', () => {
    const months = m.ltp!.months;
    const last = months.at(-1)!;
    const before = months.flatMap((mo) => mo.dates);
    for (const r of traded) {
      const points = months.flatMap((mo) => pricePoints(mo, r.symbol));
      const today = points.at(-1)!;
      expect(today.date, r.symbol).toBe(last.dates.at(-1));
      expect(today).toMatchObject({ ltp: r.ltp, volume: r.volume, turnover: r.turnover, trades: r.trades });
      const prev = points.at(-2);
      if (prev) expect(prev.ltp, r.symbol).toBe(r.previousClose);
    }
    for (const f of funds) expect(pricePoints(last, f.symbol)[0]!.volume).toBeUndefined();
    expect(new Set(before).size).toBe(before.length);
    for (const d of before) expect(isTradingDay(d), d).toBe(true);
  });

  it('the summary and its history are the sums of the rows', () => {
    const today = m.summaryHistory![0]!;
    expect(today.businessDate).toBe('2026-11-20');
    expect(today.totalTradedShares).toBe(traded.reduce((a, r) => a + r.volume!, 0));
    expect(today.tradedScrips).toBe(traded.length);
    expect(summaryValue(m.summary, 'transactions')).toBe(today.totalTransactions);
    expect(m.summaryHistory!.length).toBeGreaterThan(240);
    const dates = m.summaryHistory!.map((d) => d.businessDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('rankings come from the rows; exchange times are Nepal time within the session', () => {
    const g = m.topStocks!.topGainer;
    expect(g.length).toBe(traded.filter((r) => r.change! > 0).length);
    expect(g[0]!.percentageChange).toBe(Math.max(...traded.map((r) => r.percentChange!)));
    for (const r of traded) {
      expect(nepalDateOf(r.lastUpdated!, 'nepal')).toBe('2026-11-20');
      const t = r.lastUpdated!.slice(11, 16);
      expect(t >= '11:00' && t < '15:00', r.lastUpdated!).toBe(true);
    }
  });

  it('dividends, IPOs, brokers and companies look like the real ones', () => {
    const d = m.dividends!;
    expect(d.history!.length).toBeGreaterThan(500);
    expect(d.latest!.length).toBeGreaterThan(50);
    for (const r of d.history!) {
      expect(r.fiscalYear).toMatch(/^20\d\d\/20\d\d$/);
      expect(r.total).toMatch(/^\d+\.\d{2,4}$/);
    }
    expect(m.ipoUpcoming![0]!.units).toMatch(/^\d{1,2}(,\d\d)*,\d{3}\.00$/);
    expect(m.ipoUpcoming![0]!.dateRange).toMatch(/(Mangsir|Poush|Kartik), 2083$/);
    expect(m.brokers!.length).toBeGreaterThan(40);
    expect(m.financials![0]!.reports[0]).toMatchObject({ type: 'Quarterly Report', quarter: 'First Quarter', fyNepali: '2083-2084' });
    expect(toBs('2026-11-20')).toEqual([2083, 7, 4]);
  });

  it('a reference inside market hours gives an open, provisional snapshot', () => {
    const open = generateSample({ referenceDate: '2026-11-19T07:00:00Z' });
    expect(open.status.isOpen).toBe(true);
    expect(open.ltp!.manifest).toMatchObject({ latestStatus: 'provisional', latestDate: '2026-11-19', finalizedThrough: '2026-11-18' });
    expect(open.stocks.filter((r) => r.assetType === null).every((r) => r.marketCapNpr === null && r.lastUpdated! <= '2026-11-19T12:45:59.999999')).toBe(true);
    expect(open.summary.length).toBe(4);
  });

  it('a reference on a Saturday is closed, the business day being Friday', () => {
    const sat = generateSample({ referenceDate: '2026-11-21T06:00:00Z' });
    expect(sat.status.isOpen).toBe(false);
    expect(sat.ltp!.manifest.latestDate).toBe('2026-11-20');
  });
});
