// The market snapshot build (issue 5): not built yet.

export interface MarketOptions {
  /** folder or base URL of a snapshot in layout A or B; undefined for the generated sample */
  source?: string;
  layout?: 'a' | 'b';
}

/** Builds both market layouts into outDir (data/…); returns the printed summary. */
export async function buildMarket(_opts: MarketOptions, _outDir: string): Promise<string> {
  return 'market: not built yet';
}
