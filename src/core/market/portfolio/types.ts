// A portfolio is the reader's list of transactions; holdings are worked out from it (ledger.ts).

import type { InvestorType } from './rates.ts';

/** `opening`: shares already held when the reader starts (from a depository export), at a known WACC or none. */
export const TX_KINDS = ['buy', 'sell', 'bonus', 'right', 'ipo', 'merger', 'split', 'dividend', 'opening'] as const;
export type TxKind = (typeof TX_KINDS)[number];

export interface Transaction {
  /** AD YYYY-MM-DD, the trade or allotment day */
  date: string;
  /** the company's symbol (upper case) */
  symbol: string;
  kind: TxKind;
  /** shares bought, sold or allotted; 0 for splits, mergers and dividends */
  quantity: number;
  /** Rs a share: buy, sell, right and IPO; opening: the WACC, when known */
  price?: number;
  /** split: shares after per share before; merger: shares of `into` per share of `symbol` */
  ratio?: number;
  /** merger: the symbol the shares become */
  into?: string;
  /** dividend: cash received, Rs */
  amount?: number;
  /** the broker's bill's charges when the reader has it (overrides the rates' estimate), Rs */
  charges?: number;
  note?: string;
}

export interface PortfolioSettings {
  investor: InvestorType;
}

/** Shares bought on one day: their date decides the tax rate when they are sold (first in, first out). */
export interface Lot {
  date: string;
  quantity: number;
}

export interface Holding {
  symbol: string;
  quantity: number;
  /** what the shares cost the reader, charges included; bonus shares at Rs 0 */
  cost: number;
  /** the cost as the depository (CDSC / MeroShare) counts it: bonus shares at Rs 100 */
  depositoryCost: number;
  /** cost / quantity (null with no shares) */
  wacc: number | null;
  depositoryWacc: number | null;
  /** true when some shares came in with no known cost (an opening balance without a WACC) */
  costUnknown: boolean;
  lots: Lot[];
  realised: number;
  dividends: number;
  /** charges paid on this symbol's trades */
  commission: number;
  sebonFee: number;
  dpCharge: number;
  gainsTax: number;
  /** at the last price, when one is known */
  lastPrice: number | null;
  value: number | null;
  unrealised: number | null;
}

export interface PortfolioTotals {
  cost: number;
  depositoryCost: number;
  value: number | null;
  unrealised: number | null;
  realised: number;
  dividends: number;
  commission: number;
  sebonFee: number;
  dpCharge: number;
  gainsTax: number;
}
