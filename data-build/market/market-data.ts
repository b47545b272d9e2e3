// The market in the data build: `--market SRC` (a layout A or B snapshot) → data/, both layouts.

import { dataSection, oneOf } from '../data-section.ts';
import { buildMarket, type MarketOptions } from './build.ts';
import { FLOOR_SHEET_DAYS } from './series.ts';
import { KhojError } from '../../src/core/errors.ts';

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
    {
      flag: 'floor-sheet-days',
      field: 'floorSheetDays',
      schema: { type: 'string', pattern: '^[0-9]+$' },
      usage: `  --floor-sheet-days N       floor-sheet days mirrored from a layout A source, the newest (default ${FLOOR_SHEET_DAYS}; ~5 MB each)`,
    },
  ],
  options(values, { generatedAt }) {
    const o: MarketOptions = {};
    if (values.market !== undefined) o.source = values.market;
    const layout = oneOf('market-layout', values['market-layout'], ['a', 'b'] as const);
    if (layout) o.layout = layout;
    const days = values['floor-sheet-days'];
    if (days !== undefined) {
      if (!/^\d+$/.test(days)) throw new KhojError('usage', `--floor-sheet-days must be a whole number, not "${days}"`);
      o.floorSheetDays = Number(days);
    }
    // The generated sample's instant is its generatedAt; a real snapshot keeps its upstream's.
    if (generatedAt !== undefined && o.source === undefined) o.referenceDate = generatedAt;
    return o;
  },
  build: (options, out) => buildMarket(options, out),
});
