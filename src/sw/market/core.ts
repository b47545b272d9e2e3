/// <reference lib="webworker" />
// The market's validators and converters (core-script.ts), imported on first use (on-demand.ts).

import { onDemand } from '../on-demand.ts';
import type { MarketCore } from './core-script.ts';

/** The script's file name, content-hashed, so a change to it changes (and so updates) the worker. */
declare const __KHOJ_MARKET_CORE__: string;

export const marketCore = onDemand<MarketCore>('khojMarketCore', __KHOJ_MARKET_CORE__);
