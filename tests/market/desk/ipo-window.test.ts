// IPO windows: every window in the real market snapshots is read, falls after its announcement,
// and the status follows a clock given by the test.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toBs } from '../../../src/core/bs-date.ts';
import { ipoStatus, parseIpoWindow } from '../../../src/core/market/ipo-window.ts';
import { hasMarketData, MARKET } from '../real-data.ts';

interface RealIpo {
  file: string;
  company: string;
  window: string;
  announced: string | null;
}

function realIpos(): RealIpo[] {
  const out: RealIpo[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.json') && /ipo/i.test(p)) {
        const rows = JSON.parse(readFileSync(p, 'utf8')) as unknown;
        if (!Array.isArray(rows)) continue;
        for (const r of rows as Record<string, unknown>[]) {
          const window = r.date_range ?? r.dateRange;
          if (typeof window === 'string' && window.trim()) {
            const announced = r.announcement_date ?? r.announcementDate;
            out.push({ file: p, company: String(r.company), window, announced: typeof announced === 'string' ? announced : null });
          }
        }
      }
    }
  };
  walk(MARKET);
  return out;
}

const MONTH = { Jan: 1, Feb: 2, Mar: 3, Apr: 4, May: 5, Jun: 6, Jul: 7, Aug: 8, Sep: 9, Oct: 10, Nov: 11, Dec: 12 } as const;
/** "Apr 08, 2026" → 2026-04-08 */
function adOf(text: string): string | undefined {
  const m = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(text.trim());
  const mo = m && MONTH[m[1] as keyof typeof MONTH];
  return m && mo ? `${m[3]}-${String(mo).padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : undefined;
}

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('IPO windows in the real snapshots', () => {
  it.runIf(hasMarketData)('reads every window, which opens after its announcement and lasts a few days', () => {
    const ipos = realIpos();
    expect(ipos.length).toBeGreaterThan(30);
    for (const ipo of ipos) {
      const w = parseIpoWindow(ipo.window);
      expect(w, `${ipo.file}: ${ipo.company}: "${ipo.window}"`).toBeDefined();
      // The BS days convert back to themselves.
      expect(toBs(w!.opens)).toEqual(w!.opensBs);
      expect(toBs(w!.closes)).toEqual(w!.closesBs);
      const length = days(w!.opens, w!.closes);
      expect(length, ipo.window).toBeGreaterThanOrEqual(0);
      expect(length, ipo.window).toBeLessThan(40);
      const announced = ipo.announced ? adOf(ipo.announced) : undefined;
      if (announced) {
        expect(w!.opens >= announced, `${ipo.company}: opens ${w!.opens}, announced ${announced}`).toBe(true);
        expect(days(announced, w!.opens), ipo.company).toBeLessThan(120);
      }
    }
  });
});

describe('parseIpoWindow', () => {
  it('reads the spellings the upstream uses', () => {
    // 1 Baishakh 2083 is Nepal's new year, 14 April 2026.
    expect(parseIpoWindow('1st - 5th Baishakh, 2083')).toMatchObject({ opens: '2026-04-14', opensBs: [2083, 1, 1], closesBs: [2083, 1, 5] });
    expect(parseIpoWindow('1st to 5th Baisakh 2083')?.opens).toBe('2026-04-14');
    expect(parseIpoWindow('  1st  -  5th   Baishakh ,2083')?.opens).toBe('2026-04-14');
    expect(parseIpoWindow('1 Baishakh, 2083')).toMatchObject({ opens: '2026-04-14', closes: '2026-04-14' });
    expect(parseIpoWindow('29th Baishakh - 1st Jestha, 2083')).toMatchObject({ opensBs: [2083, 1, 29], closesBs: [2083, 2, 1] });
  });

  it('puts a window from Chaitra into Baishakh across the new year', () => {
    const w = parseIpoWindow('28th Chaitra - 3rd Baishakh, 2083')!;
    expect(w.opensBs).toEqual([2082, 12, 28]);
    expect(w.closesBs).toEqual([2083, 1, 3]);
    expect(w.opens < '2026-04-14' && w.closes > '2026-04-14').toBe(true);
  });

  it('refuses text that is not a window', () => {
    for (const t of ['', null, undefined, 'To be announced', '10th - 14th Foo, 2083', '40th - 41st Magh, 2082', '15th - 10th Magh, 2082']) {
      expect(parseIpoWindow(t), String(t)).toBeUndefined();
    }
  });
});

describe('ipoStatus', () => {
  const w = parseIpoWindow('1st - 5th Baishakh, 2083')!; // 2026-04-14 … 2026-04-18
  it('counts days to the opening, days left (today included) and closed', () => {
    expect(ipoStatus(w, '2026-04-11')).toEqual({ state: 'upcoming', daysToOpen: 3 });
    expect(ipoStatus(w, '2026-04-14')).toEqual({ state: 'open', daysLeft: 5 });
    expect(ipoStatus(w, '2026-04-18')).toEqual({ state: 'open', daysLeft: 1 });
    expect(ipoStatus(w, '2026-04-19')).toEqual({ state: 'closed' });
  });
});
