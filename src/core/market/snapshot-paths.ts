// The market's small part, saved without asking when the worker installs (src/sw/market/offline.ts):
// the files the screens read, never the per-month history or company data.

import { ENDPOINT_OF, type FileKind } from './endpoints.ts';

/** Market files the screens read (everything but per-month price history and company data), by layout A path. */
export const MARKET_SNAPSHOT_KINDS: readonly FileKind[] = [
  'status',
  'indices',
  'summary',
  'topStocks',
  'stocks',
  'securities',
  'sectorCodes',
  'ltpManifest',
  'notices',
  'disclosures',
  'messages',
  'ipoUpcoming',
  'ipoOld',
  'dividendHistory',
  'brokers',
  'about',
];

/** The paths below data/ that the market snapshot is saved under (the app's, layout A). */
export const marketSnapshotPaths = (): string[] => MARKET_SNAPSHOT_KINDS.map((k) => ENDPOINT_OF[k].upstream?.a ?? ENDPOINT_OF[k].a[0] ?? ENDPOINT_OF[k].b[0]!);

/** What of the market is on the device: snapshot files stored (0: none). */
export type MarketOffline = number;
