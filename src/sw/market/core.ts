/// <reference lib="webworker" />
// The market's validators and converters (core-script.ts), imported on first use. The install
// handler imports the script once, so the browser stores it with the worker; later imports in
// any run of this worker read it from there, offline too (importScripts may not fetch anything
// new after install).

import type { MarketCore } from './core-script.ts';

declare const self: ServiceWorkerGlobalScope & { khojMarketCore?: MarketCore };
/** The script's file name, content-hashed, so a change to it changes (and so updates) the worker. */
declare const __KHOJ_MARKET_CORE__: string;

export function marketCore(): MarketCore {
  if (!self.khojMarketCore) importScripts(__KHOJ_MARKET_CORE__);
  return self.khojMarketCore!;
}
