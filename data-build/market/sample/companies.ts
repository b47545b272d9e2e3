// Company profiles and quarterly financials.

import { addDays } from '../../../src/core/market/clock.ts';
import type { CompanyFinancials, CompanyProfile } from '../../../src/core/market/types/index.ts';
import { PLACES } from '../sample-names.ts';
import { round, toBs } from './calendar.ts';
import type { World } from './world.ts';

export function companies(w: World) {
  const { rng, T, today, market, equities, fy, person, district } = w;
  // --- companies
  const profiles: CompanyProfile[] = equities.map((s) => {
    const [d] = district();
    return {
      id: s.id,
      symbol: s.symbol,
      profile: rng.chance(0.3) ? `${s.name} is a ${s.plan.sector.toLowerCase()} company listed on the exchange (sample data).` : null,
      email: `info@${s.symbol.toLowerCase()}.com.np`,
      phone: `0${rng.int(1, 99)}-${rng.int(400000, 599999)}`,
      fax: rng.chance(0.3) ? `0${rng.int(1, 99)}-${rng.int(400000, 599999)}` : null,
      contactPerson: person(),
      addressType: rng.pick(['Corporate Office', 'Registered Office']),
      address: `${rng.pick(PLACES)} Marg, ${d}`,
      imageUrl: null,
      status: 'A',
      logoPath: null,
      extra: {},
    };
  });

  const quarterNames = ['First Quarter', 'Second Quarter', 'Third Quarter', 'Fourth Quarter'];
  const [, bsIdx] = toBs(addDays(today, -30));
  const lastQuarter = Math.floor(((bsIdx - 3 + 12) % 12) / 3) - 1; // quarters end with Ashwin, Poush, Chaitra, Ashad
  const qFy = lastQuarter < 0 ? fy - 1 : fy;
  const qName = quarterNames[(lastQuarter + 4) % 4]!;
  const financials: CompanyFinancials[] = equities.map((s) => {
    const ltp = market.closes.get(s)![T]!;
    const eps = round(rng.logNormal(ltp / 25, 0.4), 2);
    const reports = [
      { type: 'Quarterly Report', quarter: qName, fyOf: qFy, eps, sub: addDays(today, -rng.int(2, 28)) },
      { type: 'Annual Report', quarter: null, fyOf: fy - 1, eps: round(eps * rng.range(0.8, 1.2), 2), sub: addDays(today, -rng.int(60, 150)) },
    ];
    return {
      id: s.id,
      symbol: s.symbol,
      reports: reports.map((r) => ({
        type: r.type,
        quarter: r.quarter,
        fy: `${r.fyOf - 57}-${r.fyOf - 56}`,
        fyNepali: `${r.fyOf}-${r.fyOf + 1}`,
        pe: round(ltp / r.eps, 2),
        eps: r.eps,
        paidUpCapital: Math.round(s.shares * 100),
        profit: Math.round(r.eps * s.shares * (r.type === 'Annual Report' ? 1 : 0.25)),
        netWorthPerShare: round(rng.range(110, 260), 2),
        documents: [{ submittedDate: r.sub, path: `${s.folder}/Report Upload/${r.sub}/${r.type.replace(/ /g, '_')}_${rng.int(1e9, 2e9)}.pdf`, extra: {} }],
        extra: {},
      })),
      extra: {},
    };
  });

  return { profiles, financials };
}
