// IPOs, dividends and open-ended funds.

import { addDays } from '../../../src/core/market/clock.ts';
import type { DividendRecord, FundNav, Ipo } from '../../../src/core/market/types/index.ts';
import { BS_MONTHS, PLACES } from '../sample-names.ts';
import { englishDate, lakh, ordinal, round, toBs } from './calendar.ts';
import { SAMPLE_BASE } from './links.ts';
import type { World } from './world.ts';

// The tables the sample draws from: what an IPO's issuer does (after a place name), whom a
// reserved issue is for, and the dividend rates (%), higher bonuses for microfinance and hydropower.
const IPO_ISSUERS = [
  'Hydropower Limited',
  'Cement Industries Limited',
  'Laghubitta Bittiya Sanstha Limited',
  'Hotels and Resorts Limited',
  'Infrastructure Limited',
];
const RESERVED_FOR = ['Project Affected Locals', 'Nepali Citizens Working Abroad'];
const BONUS_HIGH = [0, 5, 8, 10, 12, 15];
const BONUS = [0, 0, 4, 6, 10];
const CASH = [0, 3, 5, 8, 10, 12.5, 15];

/** IPOs: five upcoming, twenty past. */
function ipos({ rng, today, district, scraped }: World): { ipoUpcoming: Ipo[]; ipoOld: Ipo[] } {
  const bsRange = (from: string) => {
    const [y, m, d] = toBs(from);
    const end = d + 4;
    return end <= 30
      ? `${ordinal(d)} - ${ordinal(end)} ${BS_MONTHS[m]![0]}, ${y}`
      : `${ordinal(d)} ${BS_MONTHS[m]![0]} - ${ordinal(end - 30)} ${BS_MONTHS[(m + 1) % 12]![0]}, ${y}`;
  };
  const ipo = (i: number, announced: string): Ipo => {
    const company = `${rng.pick(PLACES)} ${rng.pick(IPO_ISSUERS)}`;
    const units = lakh(Math.round(rng.range(3e5, 5e6) / 100) * 100);
    const range = bsRange(addDays(announced, rng.int(5, 12)));
    const reserved = rng.chance(0.3);
    const reservedFor = reserved ? rng.pick(RESERVED_FOR) : '';
    const to = reserved
      ? reservedFor === 'Project Affected Locals'
        ? `the project affected locals of ${district()[0]}`
        : 'Nepali citizens working abroad'
      : 'the general public';
    return {
      company,
      units,
      dateRange: range,
      announcementDate: englishDate(announced),
      fullText: `${company} is going to issue its ${units} units of IPO shares to ${to} starting from ${range}`,
      url: `${SAMPLE_BASE}ipo/${66000 + i}`,
      isReservedShare: reserved,
      reservedFor,
      scrapedAt: scraped(rng.int(60, 60 * 48)),
      extra: {},
    };
  };
  const ipoUpcoming = Array.from({ length: 5 }, (_, i) => ipo(i, addDays(today, -rng.int(0, 10))));
  const ipoOld = Array.from({ length: 20 }, (_, i) => ipo(100 + i, addDays(today, -(20 + i * 16))));
  return { ipoUpcoming, ipoOld };
}

/** Dividends: up to seven fiscal years per company, announced Aug–Mar after each year ends; the latest year's apart. */
function dividends({ rng, days, T, today, market, checked, equities, fy }: World): { dividendHistory: DividendRecord[]; dividendLatest: DividendRecord[] } {
  const dividendHistory: DividendRecord[] = [];
  const priceAsOf = days[Math.max(0, T - 1)]!;
  for (const s of equities) {
    if (s.plan.sector === 'Hydro Power' && rng.chance(0.5)) continue;
    for (let y = fy - 7; y < fy; y++) {
      if (!rng.chance(0.7)) continue;
      const endYear = y + 1 - 57;
      const announce = addDays(`${endYear}-08-20`, rng.int(0, 220));
      if (announce > today) continue;
      const bonus = s.plan.sector === 'Microfinance' || s.plan.sector === 'Hydro Power' ? rng.pick(BONUS_HIGH) : rng.pick(BONUS);
      const cashPlain = rng.pick(CASH);
      const cash = bonus && !cashPlain ? round((bonus * 5) / 95, 4) : cashPlain;
      if (!bonus && !cash) continue;
      const bookclose = addDays(announce, rng.int(12, 35));
      const closed = bookclose < today;
      const unknown = rng.chance(0.05);
      dividendHistory.push({
        id: s.id,
        symbol: s.symbol,
        companyName: s.name,
        companyUrl: `${SAMPLE_BASE}company/${s.symbol.toLowerCase()}`,
        bonus: bonus ? bonus.toFixed(2) : null,
        cash: cash ? String(cash.toFixed(cash % 1 && String(cash).split('.')[1]!.length > 2 ? 4 : 2)) : null,
        total: (bonus + cash).toFixed(round(bonus + cash, 2) === round(bonus + cash, 4) ? 2 : 4),
        announcementDate: announce,
        bookcloseDate: unknown ? null : closed ? `${bookclose} [Closed]` : bookclose,
        distributionDate: closed && cash && rng.chance(0.4) ? addDays(bookclose, rng.int(20, 60)) : null,
        bonusListingDate: closed && bonus && addDays(bookclose, 70) < today ? addDays(bookclose, rng.int(40, 70)) : null,
        fiscalYear: `${y}/${y + 1}`,
        ltp: market.closes.get(s)![Math.max(0, T - 1)]!.toFixed(2),
        priceAsOf,
        status: unknown ? -1 : closed ? 1 : 0,
        scrapedAt: checked,
        extra: {},
      });
    }
  }
  dividendHistory.sort((x, y) =>
    x.announcementDate! < y.announcementDate! ? 1 : x.announcementDate! > y.announcementDate! ? -1 : x.symbol < y.symbol ? -1 : 1,
  );
  const yearBack = addDays(today, -365);
  const dividendLatest = dividendHistory.filter((r) => r.announcementDate! >= yearBack).map((r) => ({ ...r, extra: {} }));
  return { dividendHistory, dividendLatest };
}

/** The open-ended funds' NAVs: daily, weekly and monthly, from their simulated prices. */
function funds({ days, T, secs, market, checked, bsYear, bsMonth }: World): FundNav[] {
  return secs
    .filter((s) => s.kind === 'openFund')
    .map((s) => {
      const c = market.closes.get(s)!;
      const navDay = Math.max(0, T - 1);
      const monthDay = Math.max(0, T - 21);
      return {
        companyId: s.id,
        symbol: s.symbol,
        fundName: s.name,
        fundSize: Math.round(c[navDay]! * s.shares),
        dailyNav: c[navDay]!,
        dailyNavDate: days[navDay]!,
        weeklyNav: c[Math.max(0, T - 5)]!,
        weeklyNavDate: days[Math.max(0, T - 5)]!,
        monthlyNav: c[monthDay]!,
        monthlyNavDate: `${BS_MONTHS[(bsMonth + 11) % 12]![0]} ${bsMonth === 0 ? bsYear - 1 : bsYear}`,
        ltp: null,
        priceAsOf: null,
        premiumDiscountPercent: null,
        refundNav: null,
        sourceUrl: `${SAMPLE_BASE}mutual-fund-navs`,
        scrapedAt: checked,
        extra: {},
      };
    });
}

export function listings(w: World) {
  const { ipoUpcoming, ipoOld } = ipos(w);
  const { dividendHistory, dividendLatest } = dividends(w);
  return { ipoUpcoming, ipoOld, dividendHistory, dividendLatest, funds: funds(w) };
}
