// The price history: the manifest and the monthly files.

import type { Extra } from './base.ts';

export interface LtpManifest {
  version: number;
  latestDate: string | null;
  /** "provisional" while the market is open, "final" after the close */
  latestStatus: string | null;
  finalizedThrough: string | null;
  /** the months of `LtpHistory.months`, ascending (rewritten from what is really there) */
  availableMonths: string[];
  retention: string | null;
  extra: Extra;
}

/**
 * One `ltp/monthly/YYYY-MM.json`. Rows follow `columns` but are sparse and of variable length:
 * `[dateIndex, ltp]` (funds: NAV), `[dateIndex, ltp, volume]`, or all five; back-filled months
 * carry 0 for unknown turnover and trades. Days without data are absent.
 */
export interface LtpMonth {
  version: number;
  market: string | null;
  currency: string | null;
  month: string;
  /** ISO 8601 with the +05:45 offset */
  updatedAt: string | null;
  dates: string[];
  columns: string[];
  series: Record<string, number[][]>;
  extra: Extra;
}

export interface LtpHistory {
  manifest: LtpManifest;
  /** ascending by month */
  months: LtpMonth[];
}
