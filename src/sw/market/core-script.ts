/// <reference lib="webworker" />
// Built as a script of its own (src/vite/sw-scripts.ts) that the worker imports on first use
// (core.ts): the market's validators and converters are most of the market code, and only taking
// in a fetched file needs them. Every lookup, catalog query and stored market answer starts
// without parsing them.

import { keptAside, readFileValue, validateMarketFile } from '../../core/market/index.ts';
import { filesFrom } from '../../core/market/convert.ts';
import { decideAlerts } from '../../core/market/alerts/decide.ts';
import { heldSymbols } from '../../core/market/alerts/held.ts';
import { alertNotice } from '../../core/market/alerts/notice.ts';

// The alert decision (alerts.ts) too: it reads the stored files through the same adapters.
const marketCore = { validate: validateMarketFile, read: readFileValue, filesFrom, keptAside, decideAlerts, heldSymbols, alertNotice };
export type MarketCore = typeof marketCore;

(self as unknown as { khojMarketCore: MarketCore }).khojMarketCore = marketCore;
