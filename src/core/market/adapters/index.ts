// File adapters: one per endpoint kind, reading any real or contract shape of the file into the
// model (checking its shape on the way, naming file, record and field), and writing the model back
// as each layout publishes it (one module per family in adapters/). The JSON Schema of each
// layout's file is built in schemas.ts.

import type { Problem } from '../../problems.ts';
import { about } from './about.ts';
import { type FileAdapter, listAdapter, recordAdapter } from './adapter.ts';
import { dividendArray, dividendHistory } from './dividends.ts';
import { mutualFunds } from './funds.ts';
import { ltpManifest, ltpMonth } from './history.ts';
import { seriesAdapter } from './series.ts';
import { summaryHistory, supplyDemand, topStocks } from './market.ts';
import { disclosures, messages, notices } from './news.ts';
import { brokers, fieldDescriptions, profiles, sectorCodes } from './reference.ts';
import { stocks } from './stocks.ts';
import type { At } from '../codec.ts';
import type { FileKind } from '../endpoints.ts';
import {
  companyMetaCodec,
  dividendMetaCodec,
  financialsCodec,
  indexCodec,
  ipoCodec,
  sectorIndexCodec,
  securityCodec,
  statusCodec,
  summaryCodec,
} from '../records.ts';

export type { FileAdapter };

export const ADAPTERS = {
  stocks,
  status: recordAdapter('status', statusCodec),
  indices: listAdapter('indices', indexCodec),
  summary: listAdapter('summary', summaryCodec),
  sectorIndices: listAdapter('sectorIndices', sectorIndexCodec),
  topStocks,
  summaryHistory,
  supplyDemand,
  ltpManifest,
  ltpMonth,
  notices,
  disclosures,
  messages,
  brokers,
  securities: listAdapter('securities', securityCodec),
  sectorCodes,
  profiles,
  financials: listAdapter('financials', financialsCodec),
  companyMeta: recordAdapter('companyMeta', companyMetaCodec),
  fieldDescriptions,
  ipoUpcoming: listAdapter('ipoUpcoming', ipoCodec),
  ipoOld: listAdapter('ipoOld', ipoCodec),
  dividendHistory,
  dividendLatest: dividendArray('dividendLatest'),
  dividendAllYears: dividendArray('dividendAllYears'),
  dividendMeta: recordAdapter('dividendMeta', dividendMetaCodec),
  mutualFunds,
  about,
  indexManifest: seriesAdapter('indexManifest'),
  indexMonth: seriesAdapter('indexMonth'),
  ltpDay: seriesAdapter('ltpDay'),
  floorManifest: seriesAdapter('floorManifest'),
  floorDay: seriesAdapter('floorDay'),
  floorLookup: seriesAdapter('floorLookup'),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies Record<FileKind, FileAdapter<any>>;

export type AdapterValue<K extends FileKind> = (typeof ADAPTERS)[K] extends FileAdapter<infer T> ? T : never;

/** Reads one file's parsed JSON; problems name the file, record and field. */
export function readFileValue<K extends FileKind>(
  kind: K,
  value: unknown,
  file: string,
  oddities?: At['oddities'],
): { value?: AdapterValue<K>; problems: Problem[] } {
  const at: At = { file, path: '', problems: [], oddities };
  const v = (ADAPTERS[kind] as FileAdapter<AdapterValue<K>>).read(value, at);
  return at.problems.length || v === undefined ? { problems: at.problems.length ? at.problems : [{ file, message: 'invalid' }] } : { value: v, problems: [] };
}
