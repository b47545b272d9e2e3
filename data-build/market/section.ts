// The market in the data build: `--market SRC` (a layout A or B snapshot) → data/, both layouts.

import { dataSection, oneOf } from '../data-section.ts';
import { buildMarket, type MarketOptions } from './build.ts';

export const marketData = dataSection<MarketOptions>({
  id: 'market',
  marker: 'data',
  flags: [
    {
      flag: 'market',
      field: 'source',
      schema: {},
      usage: `  --market SRC               market snapshot folder or base URL, layout A or B
                             (default: the generated sample snapshot)`,
    },
    { flag: 'market-layout', field: 'layout', schema: { enum: ['a', 'b'] }, usage: "  --market-layout a|b        the snapshot's layout (default: detected)" },
  ],
  options(values, { generatedAt }) {
    const o: MarketOptions = {};
    if (values.market !== undefined) o.source = values.market;
    const layout = oneOf('market-layout', values['market-layout'], ['a', 'b'] as const);
    if (layout) o.layout = layout;
    // The generated sample's instant is its generatedAt; a real snapshot keeps its upstream's.
    if (generatedAt !== undefined && o.source === undefined) o.referenceDate = generatedAt;
    return o;
  },
  build: (options, out) => buildMarket(options, out),
});
