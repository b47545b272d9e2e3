// Prices before a bonus or right issue, adjusted so a chart shows what a share held throughout
// was worth, not a drop on the ex-date. Pure.
//
// - Bonus b % (the dividend records' `bonus_share`): each earlier price / (1 + b/100).
// - Right shares, r new for each share held at the issue price (Rs 100, the face value, unless
//   the data says otherwise): the theoretical ex-rights price TERP = (P + r × 100) / (1 + r),
//   with P the last close before the ex-date; every earlier price is scaled by TERP / P (the
//   usual factor method: it keeps the chart's shape before the issue).
// The ex-date is the book-close date: the first day a buyer no longer gets the new shares
// (../shared/data/market dividend records, "2026-04-09 [Closed]"). The dividend records give
// bonus percentages; a right ratio only where a record carries one (see `rightOf`).

import type { DividendRecord } from './types/listings.ts';

export type CorporateAction =
  | { kind: 'bonus'; exDate: string; percent: number }
  /** `ratio`: new shares per share held (1:2 → 0.5); `issuePrice`: Rs a new share costs */
  | { kind: 'right'; exDate: string; ratio: number; issuePrice: number };

export interface PricePointLike {
  date: string;
  ltp: number;
}

export interface Adjusted<P extends PricePointLike> {
  points: P[];
  /** the actions that changed some point, oldest first, with the factor each applied */
  applied: Array<CorporateAction & { factor: number }>;
}

const DATE = /^(\d{4}-\d{2}-\d{2})/;
const RIGHT_ISSUE_PRICE = 100;

/** A percentage as the records write it ("8.7", "20.00", ""): a finite number above 0, else undefined. */
function percent(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined) return undefined;
  const n = Number(String(text).replace(/%$/, '').trim());
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * A right ratio where a record carries one (no real record does yet: ../shared/data/market):
 * an extra field `right_share` / `right_ratio` / `rights` as a percentage ("50") or as new:held
 * ("1:2" = one new share for two held), with `right_price` / `issue_price` if it gives one.
 */
export function rightOf(extra: Readonly<Record<string, unknown>> | null | undefined): { ratio: number; issuePrice: number } | undefined {
  if (!extra) return undefined;
  const raw = extra.right_ratio ?? extra.right_share ?? extra.rights;
  if (raw === undefined || raw === null || raw === '') return undefined;
  let ratio: number | undefined;
  const colon = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(String(raw));
  if (colon) ratio = Number(colon[2]) > 0 ? Number(colon[1]) / Number(colon[2]) : undefined;
  else {
    const p = typeof raw === 'number' ? (raw > 0 ? raw : undefined) : percent(String(raw));
    ratio = p === undefined ? undefined : p / 100;
  }
  if (ratio === undefined || !(ratio > 0)) return undefined;
  const price = Number(extra.right_price ?? extra.issue_price ?? RIGHT_ISSUE_PRICE);
  return { ratio, issuePrice: Number.isFinite(price) && price > 0 ? price : RIGHT_ISSUE_PRICE };
}

/**
 * The bonus and right issues of one symbol's dividend records, by book-close date. Two fiscal
 * years' bonuses closing on the same date are paid together: their percentages add (KBL 12.75 %
 * and 8.5 % on 2019-04-19 in the real records); the same fiscal year listed twice counts once.
 */
export function actionsOf(
  records: readonly Pick<DividendRecord, 'symbol' | 'bonus' | 'bookcloseDate' | 'fiscalYear' | 'extra'>[],
  symbol: string,
): CorporateAction[] {
  const out = new Map<string, CorporateAction>();
  const counted = new Set<string>();
  for (const r of records) {
    if (r.symbol !== symbol) continue;
    const exDate = DATE.exec(r.bookcloseDate ?? '')?.[1];
    if (!exDate) continue;
    const b = percent(r.bonus);
    const once = `${exDate} ${r.fiscalYear ?? ''}`;
    if (b !== undefined && !counted.has(once)) {
      counted.add(once);
      const had = out.get(`bonus ${exDate}`);
      out.set(`bonus ${exDate}`, { kind: 'bonus', exDate, percent: had?.kind === 'bonus' ? had.percent + b : b });
    }
    const right = rightOf(r.extra as Record<string, unknown> | undefined);
    if (right) out.set(`right ${exDate}`, { kind: 'right', exDate, ...right });
  }
  return [...out.values()].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : a.kind < b.kind ? -1 : 1));
}

/**
 * The points (by date, ascending) with every price before an action's ex-date adjusted for it.
 * An action outside the points (before the first or after the last) changes nothing and is not
 * listed; a right issue needs the close before its ex-date.
 */
export function adjustForActions<P extends PricePointLike>(points: readonly P[], actions: readonly CorporateAction[]): Adjusted<P> {
  const out = points.map((p) => ({ ...p }));
  const applied: Adjusted<P>['applied'] = [];
  for (const a of actions) {
    // The points before the ex-date: [0, end).
    let end = 0;
    while (end < out.length && out[end]!.date < a.exDate) end++;
    if (end === 0 || end === out.length) continue;
    let factor: number;
    if (a.kind === 'bonus') factor = 1 / (1 + a.percent / 100);
    else {
      // The last close before the ex-date as traded (the input): factors are ratios of traded prices, so the order actions are applied in does not matter.
      const cum = points[end - 1]!.ltp;
      if (!(cum > 0)) continue;
      factor = (cum + a.ratio * a.issuePrice) / (1 + a.ratio) / cum;
    }
    for (let i = 0; i < end; i++) out[i]!.ltp *= factor;
    applied.push({ ...a, factor });
  }
  return { points: out, applied };
}
