// The alert decision (src/core/market/alerts/decide.ts): price crossings up and down, nothing
// without a crossing, each event once, the book-close window, IPO opening and closing days, and
// "today" as Nepal's date (UTC+05:45); on real dividend and IPO records as well as made-up ones.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromNepal } from '../../src/core/market/clock.ts';
import { readFileValue } from '../../src/core/market/adapters/index.ts';
import { type AlertInputs, bookCloseDay, crossed, decideAlerts } from '../../src/core/market/alerts/decide.ts';
import { alertNotice } from '../../src/core/market/alerts/notice.ts';
import { alertId, DEFAULT_ALERT_OPTIONS, type PriceAlert } from '../../src/core/market/alerts/types.ts';
import type { DividendRecord, Ipo, StockRow } from '../../src/core/market/types/index.ts';
import { A_ROOT, B_SNAPSHOTS, bRoot, hasMarketData } from './real-data.ts';

const row = (symbol: string, ltp: number | null): StockRow => ({
  symbol,
  name: symbol,
  ltp,
  previousClose: null,
  change: null,
  percentChange: null,
  high: null,
  low: null,
  volume: null,
  turnover: null,
  trades: null,
  lastUpdated: null,
  marketCapNpr: null,
  assetType: null,
  extra: {},
});
const alert = (symbol: string, direction: 'above' | 'below', level: number, lastPrice: number | null): PriceAlert => ({
  id: alertId(symbol, direction, level),
  symbol,
  direction,
  level,
  lastPrice,
  at: 0,
});
const dividend = (symbol: string, bookclose: string | null): DividendRecord => ({
  id: null,
  symbol,
  companyName: null,
  companyUrl: null,
  bonus: null,
  cash: '10',
  total: '10',
  announcementDate: null,
  bookcloseDate: bookclose,
  distributionDate: null,
  bonusListingDate: null,
  fiscalYear: '2081/2082',
  ltp: null,
  priceAsOf: null,
  status: null,
  scrapedAt: null,
  extra: {},
});
const ipo = (company: string, dateRange: string): Ipo => ({
  company,
  units: null,
  dateRange,
  announcementDate: null,
  fullText: null,
  url: null,
  isReservedShare: null,
  reservedFor: null,
  scrapedAt: null,
  extra: {},
});

/** Noon in Nepal on an AD date. */
const noon = (date: string) => fromNepal(date, 12);
const inputs = (over: Partial<AlertInputs>): AlertInputs => ({
  alerts: [],
  options: DEFAULT_ALERT_OPTIONS,
  held: [],
  watched: [],
  fired: new Set(),
  now: noon('2026-11-25'),
  ...over,
});

describe('price crossings', () => {
  it('fires when the price rises through an "above" level, and says so', () => {
    const d = decideAlerts(inputs({ alerts: [alert('NABIL', 'above', 1200, 1180)], stocks: [row('NABIL', 1210)] }));
    expect(d.events).toEqual([{ id: 'price:NABIL:above:1200:2026-11-25', kind: 'price', symbol: 'NABIL', direction: 'above', level: 1200, price: 1210 }]);
    expect(d.seen.get('NABIL:above:1200')).toBe(1210);
    const n = alertNotice(d.events[0]!, 'en');
    expect(n).toEqual({ title: 'NABIL rose to Rs 1,200.00', body: 'Last traded price Rs 1,210.00', route: '#/market/symbol/NABIL' });
    expect(alertNotice(d.events[0]!, 'ne').title).toBe('NABIL: मूल्य रु. १,२००.०० माथि पुग्यो');
  });

  it('fires when the price falls through a "below" level; landing on the level counts', () => {
    const d = decideAlerts(inputs({ alerts: [alert('NICA', 'below', 400, 410)], stocks: [row('NICA', 400)] }));
    expect(d.events.map((e) => e.id)).toEqual(['price:NICA:below:400:2026-11-25']);
  });

  it('does not fire without a crossing: already past the level, moving the other way, or no earlier price', () => {
    const stocks = [row('A', 1300), row('B', 390), row('C', 1300), row('D', 500)];
    const d = decideAlerts(
      inputs({
        alerts: [alert('A', 'above', 1200, 1250), alert('B', 'above', 400, 380), alert('C', 'below', 1200, 1100), alert('D', 'above', 450, null)],
        stocks,
      }),
    );
    expect(d.events).toEqual([]);
    // every alert is now checked against its price: the next change is measured from here
    expect([...d.seen]).toEqual([
      ['A:above:1200', 1300],
      ['B:above:400', 390],
      ['C:below:1200', 1300],
      ['D:above:450', 500],
    ]);
    expect(crossed({ direction: 'above', level: 10 }, 9, 9.99)).toBe(false);
  });

  it('a symbol without a price (none traded, or not listed) neither fires nor moves the alert on', () => {
    const d = decideAlerts(inputs({ alerts: [alert('X', 'above', 10, 5), alert('Y', 'above', 10, 5)], stocks: [row('X', null)] }));
    expect(d.events).toEqual([]);
    expect(d.seen.size).toBe(0);
  });

  it('fires once per event: an event fired before is not fired again, a crossing on another day is a new event', () => {
    const a = alert('NABIL', 'above', 1200, 1180);
    const first = decideAlerts(inputs({ alerts: [a], stocks: [row('NABIL', 1210)] }));
    const fired = new Set(first.events.map((e) => e.id));
    // the same crossing seen again (a second refresh that did not store lastPrice, another window)
    expect(decideAlerts(inputs({ alerts: [a], stocks: [row('NABIL', 1210)], fired })).events).toEqual([]);
    // down and up again the same Nepal day: the same event
    expect(decideAlerts(inputs({ alerts: [{ ...a, lastPrice: 1190 }], stocks: [row('NABIL', 1205)], fired })).events).toEqual([]);
    // the next day: a new one
    const next = decideAlerts(inputs({ alerts: [{ ...a, lastPrice: 1190 }], stocks: [row('NABIL', 1205)], fired, now: noon('2026-11-26') }));
    expect(next.events.map((e) => e.id)).toEqual(['price:NABIL:above:1200:2026-11-26']);
  });

  it('"today" is the date in Nepal (UTC+05:45), not in UTC', () => {
    const a = alert('NABIL', 'above', 1200, 1180);
    // 2026-11-25 18:30 UTC is 00:15 on the 26th in Nepal; 18:14 UTC is still the 25th there
    const late = decideAlerts(inputs({ alerts: [a], stocks: [row('NABIL', 1210)], now: Date.UTC(2026, 10, 25, 18, 30) }));
    expect(late.events[0]!.id).toBe('price:NABIL:above:1200:2026-11-26');
    const before = decideAlerts(inputs({ alerts: [a], stocks: [row('NABIL', 1210)], now: Date.UTC(2026, 10, 25, 18, 14) }));
    expect(before.events[0]!.id).toBe('price:NABIL:above:1200:2026-11-25');
  });
});

describe('book close', () => {
  const options = { ...DEFAULT_ALERT_OPTIONS, bookClose: true, bookCloseDays: 3 };
  const dividends = [
    dividend('NABIL', '2026-11-28 [Closed]'), // in 3 days
    dividend('NICA', '2026-11-29'), // in 4 days: outside
    dividend('HIDCL', '2026-11-25'), // today
    dividend('SCB', '2026-11-24'), // yesterday
    dividend('NTC', '2026-11-26'), // not held or watched
    dividend('UPPER', ''), // no date
    dividend('UPPER', null),
  ];

  it('tells a book close within the window for held or watched companies only', () => {
    const d = decideAlerts(inputs({ options, dividends, held: ['NABIL', 'UPPER'], watched: ['NICA', 'HIDCL', 'SCB'] }));
    expect(d.events).toEqual([
      { id: 'bookclose:NABIL:2026-11-28', kind: 'bookclose', symbol: 'NABIL', date: '2026-11-28', days: 3 },
      { id: 'bookclose:HIDCL:2026-11-25', kind: 'bookclose', symbol: 'HIDCL', date: '2026-11-25', days: 0 },
    ]);
    expect(alertNotice(d.events[0]!, 'en').title).toBe('NABIL: book close in 3 days');
    expect(alertNotice(d.events[1]!, 'ne').title).toBe('HIDCL: बुक क्लोज आज');
    expect(alertNotice(d.events[0]!, 'en').body).toBe('Book close date 12 Mangsir 2083 (2026-11-28)');
  });

  it('is off unless the reader turns it on, fires once, and reads the files\' "[Closed]" suffix', () => {
    expect(decideAlerts(inputs({ dividends, held: ['NABIL'] })).events).toEqual([]);
    const fired = new Set(['bookclose:NABIL:2026-11-28']);
    expect(decideAlerts(inputs({ options, dividends, held: ['NABIL'], fired })).events).toEqual([]);
    expect(bookCloseDay('2026-04-09 [Closed]')).toBe('2026-04-09');
    expect(bookCloseDay('N/A')).toBeUndefined();
  });
});

describe('IPO windows', () => {
  const options = { ...DEFAULT_ALERT_OPTIONS, ipo: true };
  // 10th - 14th Mangsir 2083 is 2026-11-26 … 2026-11-30
  const ipos = [ipo('Alpha Hydro Limited', '10th - 14th Mangsir, 2083'), ipo('One Day Limited', '9th Mangsir, 2083'), ipo('Unknown', 'To be announced')];

  it('fires on the opening day and on the closing day (Nepal dates), not between', () => {
    const on = (date: string) => decideAlerts(inputs({ options, ipos, now: noon(date) })).events.map((e) => e.id);
    expect(on('2026-11-25')).toEqual(['ipo-open:One Day Limited:2026-11-25', 'ipo-close:One Day Limited:2026-11-25']);
    expect(on('2026-11-26')).toEqual(['ipo-open:Alpha Hydro Limited:2026-11-26']);
    expect(on('2026-11-28')).toEqual([]);
    expect(on('2026-11-30')).toEqual(['ipo-close:Alpha Hydro Limited:2026-11-30']);
    // 23:59 UTC on the 25th is already the 26th in Nepal
    expect(decideAlerts(inputs({ options, ipos, now: Date.UTC(2026, 10, 25, 23, 59) })).events.map((e) => e.kind)).toEqual(['ipo-open']);
    expect(alertNotice({ id: 'x', kind: 'ipo-open', company: 'Alpha Hydro Limited', date: '2026-11-26' }, 'en')).toMatchObject({
      title: 'IPO opens today: Alpha Hydro Limited',
      route: '#/market/ipo',
    });
  });

  it('is off unless turned on, and fires each once', () => {
    expect(decideAlerts(inputs({ ipos, now: noon('2026-11-26') })).events).toEqual([]);
    const fired = new Set(['ipo-open:Alpha Hydro Limited:2026-11-26']);
    expect(decideAlerts(inputs({ options, ipos, fired, now: noon('2026-11-26') })).events).toEqual([]);
  });
});

describe.skipIf(!hasMarketData)('on the real files', () => {
  it('every real IPO window opens and closes on one day each', () => {
    const value = JSON.parse(readFileSync(join(A_ROOT, 'data/ipo/upcoming.json'), 'utf8')) as unknown;
    const ipos = readFileValue('ipoUpcoming', value, 'ipo/upcoming.json').value!;
    expect(ipos.length).toBeGreaterThan(0);
    const options = { ...DEFAULT_ALERT_OPTIONS, ipo: true };
    // "3rd - 8th Ashad, 2083" is 2026-06-17 … 2026-06-22
    const opens = decideAlerts(inputs({ options, ipos, now: noon('2026-06-17') })).events;
    expect(opens).toEqual([
      {
        id: 'ipo-open:Mount Everest Power Development Limited:2026-06-17',
        kind: 'ipo-open',
        company: 'Mount Everest Power Development Limited',
        date: '2026-06-17',
      },
    ]);
    const closes = decideAlerts(inputs({ options, ipos, now: noon('2026-06-22') })).events;
    expect(closes.map((e) => e.id)).toEqual(['ipo-close:Mount Everest Power Development Limited:2026-06-22']);
  });

  it('the real dividend records give book-close alerts for a held company in the window', () => {
    const value = JSON.parse(readFileSync(join(bRoot(B_SNAPSHOTS[2]), 'data/proposed_dividend/latest_1y.json'), 'utf8')) as unknown;
    const dividends = readFileValue('dividendLatest', value, 'latest_1y.json').value!;
    const r = dividends.find((x) => bookCloseDay(x.bookcloseDate))!;
    const date = bookCloseDay(r.bookcloseDate)!;
    const options = { ...DEFAULT_ALERT_OPTIONS, bookClose: true, bookCloseDays: 3 };
    const twoDaysBefore = noon(date) - 2 * 86_400_000;
    const d = decideAlerts(inputs({ options, dividends, held: [r.symbol], now: twoDaysBefore }));
    expect(d.events).toContainEqual({ id: `bookclose:${r.symbol}:${date}`, kind: 'bookclose', symbol: r.symbol, date, days: 2 });
    expect(d.events.every((e) => e.kind === 'bookclose' && e.symbol === r.symbol)).toBe(true);
  });
});
