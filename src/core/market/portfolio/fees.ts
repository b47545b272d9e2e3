// What a buy or a sell costs at the rates in force on its day (rates.ts). Amounts are in
// rupees, rounded to the paisa as a broker's bill is.

import { CHARGE_SETS, type ChargeSet, GAINS_TAX_SETS, type InvestorType, inForce, LONG_TERM_DAYS } from './rates.ts';

export const paisa = (rs: number): number => Math.round(rs * 100) / 100;

export interface TradeCharges {
  amount: number;
  commission: number;
  sebonFee: number;
  dpCharge: number;
  /** commission + SEBON fee + DP charge */
  total: number;
}

/** The broker's rate is the band of the whole trade amount (not marginal bands). */
export function commissionOf(amount: number, set: ChargeSet): number {
  // The last band's bound is Infinity, so some band always holds the amount.
  const rate = set.commission.find(([upTo]) => amount <= upTo)?.[1] ?? 0;
  return paisa(Math.max(set.minCommission, amount * rate));
}

/** Charges on one trade of `amount` Rs on an AD day (a buy or a sell: the same charges). */
export function tradeCharges(amount: number, day: string): TradeCharges {
  const { set } = inForce(CHARGE_SETS, day);
  const commission = commissionOf(amount, set);
  const sebonFee = paisa(amount * set.sebonFee);
  const dpCharge = set.dpCharge;
  return { amount: paisa(amount), commission, sebonFee, dpCharge, total: paisa(commission + sebonFee + dpCharge) };
}

/** The tax rate on a gain realised on `day` from shares held `heldDays`. */
export function gainsTaxRate(day: string, heldDays: number, investor: InvestorType): number {
  const { set } = inForce(GAINS_TAX_SETS, day);
  if (investor === 'entity') return set.entity;
  return heldDays > LONG_TERM_DAYS ? set.individualLong : set.individualShort;
}

/** Whole days from one AD day to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
