// The refresh policy as properties: open/closed from status.is_open and the Nepal clock (never the
// weekday), the cadences, and never more than 10 requests in any minute.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveUtc } from '../../src/core/market/clock.ts';
import {
  dueFiles,
  filesOfCadence,
  marketState,
  nextRequestAt,
  nextWake,
  OPEN_INTERVAL_MS,
  CLOSED_INTERVAL_MS,
  RATE_LIMIT,
  refreshInterval,
  scheduleRequests,
  trackedFiles,
} from '../../src/core/market/refresh-policy.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const NPT = 345 * MIN;
/** 2026-01-01T00:00Z … 2027-12-31: any instant. */
const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) });
/** Independent oracle: minutes past midnight and the date in Nepal. */
const npt = (t: number) => {
  const d = new Date(t + NPT);
  return { minute: d.getUTCHours() * 60 + d.getUTCMinutes(), date: d.toISOString().slice(0, 10) };
};
const inHours = (t: number) => npt(t).minute >= 660 && npt(t).minute < 900;

describe('market state', () => {
  it('closed whenever the Nepal clock is outside 11:00–15:00, whatever the status says', () => {
    fc.assert(
      fc.property(instant, fc.boolean(), fc.integer({ min: -2 * DAY, max: 0 }), (now, isOpen, ago) => {
        fc.pre(!inHours(now));
        expect(marketState({ isOpen, lastChecked: naiveUtc(now + ago) }, now).phase).toBe('closed');
      }),
    );
  });

  it('open exactly when the status says so, was checked this session, and the clock is in market hours', () => {
    fc.assert(
      fc.property(instant, fc.boolean(), fc.integer({ min: -2 * DAY, max: 0 }), (now, isOpen, ago) => {
        const checked = now + ago;
        const fresh = npt(checked).date === npt(now).date && npt(checked).minute >= 660;
        const expected = !inHours(now) ? 'closed' : !fresh ? 'unconfirmed' : isOpen ? 'open' : 'closed';
        expect(marketState({ isOpen, lastChecked: naiveUtc(checked) }, now).phase).toBe(expected);
      }),
    );
  });

  it('never depends on the weekday: shifting clock and status by whole days changes nothing', () => {
    fc.assert(
      fc.property(instant, fc.boolean(), fc.integer({ min: -DAY, max: 0 }), fc.integer({ min: 1, max: 6 }), (now, isOpen, ago, days) => {
        const a = marketState({ isOpen, lastChecked: naiveUtc(now + ago) }, now).phase;
        const b = marketState({ isOpen, lastChecked: naiveUtc(now + ago + days * DAY) }, now + days * DAY).phase;
        expect(b).toBe(a);
      }),
    );
    // A Saturday with the exchange saying "open" (a special session) is open; a Monday holiday saying "closed" is closed.
    expect(marketState({ isOpen: true, lastChecked: '2026-11-21T06:00:00.000000' }, Date.UTC(2026, 10, 21, 6, 5)).phase).toBe('open');
    expect(marketState({ isOpen: false, lastChecked: '2026-11-09T06:00:00.000000' }, Date.UTC(2026, 10, 9, 6, 5)).phase).toBe('closed');
  });

  it('with no status, or an unreadable one, in market hours: unconfirmed (poll the status fast)', () => {
    const now = Date.UTC(2026, 10, 20, 6, 0);
    expect(marketState(null, now).phase).toBe('unconfirmed');
    expect(marketState({ isOpen: true, lastChecked: 'yesterday' }, now).phase).toBe('unconfirmed');
    expect(marketState({ isOpen: true, lastChecked: '2026-11-20T11:40:00+05:45' }, now).phase).toBe('open');
  });
});

describe('cadence', () => {
  const now = Date.UTC(2026, 10, 20, 6, 0);

  it('every 5 minutes while open, every 30 otherwise, for the live files; rarer files far less often', () => {
    fc.assert(
      fc.property(fc.constantFrom('a' as const, 'b' as const), fc.constantFrom('open' as const, 'closed' as const, 'unconfirmed' as const), (layout, phase) => {
        for (const f of trackedFiles(layout, now)) {
          const ms = refreshInterval(f.cadence, phase, f.kind);
          if (f.cadence !== 'live') expect(ms).toBeGreaterThanOrEqual(6 * 60 * MIN);
          else if (phase === 'open' || (phase === 'unconfirmed' && f.kind === 'status')) expect(ms).toBe(OPEN_INTERVAL_MS);
          else expect(ms).toBe(CLOSED_INTERVAL_MS);
        }
      }),
    );
  });

  it('which files belong to which cadence', () => {
    expect(filesOfCadence('a', 'live', now)).toEqual([
      'nepse_data.json',
      'market/status.json',
      'market/indices.json',
      'market/summary.json',
      'market/sector_indices.json',
      'market/top_stocks.json',
      'market/history.json',
      'market/supply_demand.json',
      'ltp/manifest.json',
      'ltp/monthly/2026-11.json',
      'notify/notices.json',
      'notify/disclosures.json',
      'notify/exchange_messages.json',
      'indices/manifest.json',
      'indices/monthly/2026-11.json',
      'ltp/daily/2026-11-20.json',
    ]);
    expect(filesOfCadence('a', 'daily', now)).toEqual([
      'ipo/upcoming.json',
      'ipo/old.json',
      'dividend/history.json',
      'dividend/meta.json',
      'market/omf.json',
      'floor_sheet/manifest.json',
      'floor_sheet/daily/2026-11-20.json',
    ]);
    expect(filesOfCadence('b', 'live', now)).toContain('market_status.json');
    expect(filesOfCadence('b', 'rare', now)).toEqual(['brokers.json', 'all_securities.json']);
    expect(filesOfCadence('a', 'weekly', now)).toEqual(['other/sector_codes.json', 'floor_sheet/lookups/stocks.json', 'floor_sheet/lookups/brokers.json']);
    expect(filesOfCadence('a', 'manual', now)).toEqual([
      'company/profiles.json',
      'company/financials.json',
      'company/metadata.json',
      'company/field_descriptions.json',
    ]);
    expect(filesOfCadence('b', 'daily', now)).toEqual([
      'upcoming_ipo.json',
      'oldipo.json',
      'proposed_dividend/latest_1y.json',
      'proposed_dividend/history_all_years.json',
      'proposed_dividend/meta.json',
      'OMF.json',
    ]);
  });

  it('a file is due exactly when its interval has passed; the status goes first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 * 60 * MIN }), { minLength: 16, maxLength: 16 }),
        fc.constantFrom('open' as const, 'closed' as const),
        (ages, phase) => {
          const files = filesOfCadence('a', 'live', now).map((path) => trackedFiles('a', now).find((f) => f.path === path)!);
          const last = Object.fromEntries(files.map((f, i) => [f.path, now - ages[i]!]));
          const state = { phase, inHours: true, reason: '', why: 'open' as const };
          const due = dueFiles(files, last, state, now);
          for (const [i, f] of files.entries()) expect(due.includes(f)).toBe(ages[i]! >= refreshInterval(f.cadence, phase, f.kind));
          if (due.some((f) => f.kind === 'status')) expect(due[0]!.kind).toBe('status');
          const wake = nextWake(files, last, state, now);
          expect(wake >= now && (due.length ? wake === now : wake > now)).toBe(true);
        },
      ),
    );
  });
});

describe('rate limit: never more than 10 requests in any 60 seconds', () => {
  const now = Date.UTC(2026, 10, 20, 6, 0);
  const sentBefore = fc.array(fc.integer({ min: now - 2 * MIN, max: now }), { maxLength: 25 });

  it('a schedule with what was already sent never puts 11 requests in one minute, and sends each as early as allowed', () => {
    fc.assert(
      fc.property(sentBefore, fc.integer({ min: 0, max: 45 }), (sent, n) => {
        const plan = scheduleRequests(
          Array.from({ length: n }, (_, i) => i),
          sent,
          now,
        );
        const all = [...sent, ...plan.map((p) => p.at)];
        plan.forEach((p, i) => {
          const prev = i ? plan[i - 1]!.at : now;
          expect(p.at).toBeGreaterThanOrEqual(prev);
          expect(all.filter((t) => t > p.at - RATE_LIMIT.windowMs && t <= p.at).length).toBeLessThanOrEqual(RATE_LIMIT.requests);
          // As early as allowed: one millisecond earlier, the minute before would already be full.
          if (p.at > prev) {
            const earlier = [...sent, ...plan.slice(0, i).map((q) => q.at)].filter((t) => t > p.at - 1 - RATE_LIMIT.windowMs && t <= p.at - 1);
            expect(earlier.length).toBeGreaterThanOrEqual(RATE_LIMIT.requests);
          }
        });
        if (n) expect(plan[0]!.at).toBe(nextRequestAt(sent, now));
      }),
    );
  });

  it('a day of polling by the policy: 5-minute cycles while open, at most 10 requests a minute', () => {
    const files = trackedFiles('a', Date.UTC(2026, 10, 20));
    const last: Record<string, number> = {};
    const sent: number[] = [];
    const fetched = new Map<string, number[]>();
    let status: { isOpen: boolean; lastChecked: string } | null = null;
    let t = Date.UTC(2026, 10, 20, 3, 15); // 09:00 Nepal time
    const end = Date.UTC(2026, 10, 20, 11, 15); // 17:00
    while (t < end) {
      const state = marketState(status, t);
      const due = dueFiles(files, last, state, t);
      for (const { item, at } of scheduleRequests(due, sent, t)) {
        sent.push(at);
        last[item.path] = at;
        fetched.set(item.path, [...(fetched.get(item.path) ?? []), at]);
        // The "server": open from 11:00 to 15:00 Nepal time this Friday.
        if (item.kind === 'status') status = { isOpen: inHours(at), lastChecked: naiveUtc(at) };
      }
      t = Math.max(t + 1000, nextWake(files, last, marketState(status, t), t));
    }
    for (const at of sent) expect(sent.filter((s) => s > at - MIN && s <= at).length).toBeLessThanOrEqual(10);
    const live = fetched.get('nepse_data.json')!;
    const gaps = live.slice(1).map((x, i) => (x - live[i]!) / MIN);
    const opened = live.filter((x) => inHours(x));
    expect(opened.length).toBeGreaterThanOrEqual(44); // 4 h at 5 minutes, give or take the edges
    expect(Math.max(...gaps)).toBeLessThanOrEqual(31);
    expect(fetched.get('company/profiles.json')!.length).toBe(1);
  });
});
