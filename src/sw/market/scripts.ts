// The market's on-demand script (script-declaration.ts): its validators and converters.

import type { OnDemandScript } from '../script-declaration.ts';

export const MARKET_SCRIPTS: readonly OnDemandScript[] = [
  {
    entry: 'src/sw/market/core-script.ts',
    name: 'sw-market',
    define: '__KHOJ_MARKET_CORE__',
    // The market core's index brings the adapters (most of the market code).
    lazy: {
      regex: '(^|/)core/market(/index(\\.ts)?)?$|(^|/)core/market/(convert|adapters)(\\.ts$|/)',
      message:
        'The worker imports the market core module by module; the index, the adapters and the converters (core/market/convert.ts) are loaded on first use through src/sw/market/core.ts (core-script.ts).',
    },
  },
];
