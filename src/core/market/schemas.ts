// JSON Schemas (2020-12) of the files we publish, per layout: derived from the same field tables
// the adapters read and write with (records.ts), plus the shapes the adapters build around them.
// The openapi.yaml files embed them; the tests and the build's self-check validate every emitted
// file against them. They live here, not on the adapters, so that the service worker, which only
// reads and writes, bundles none of this.

import { DIVIDEND_COLUMNS_A } from './adapters/dividends.ts';
import { TOP_KEYS } from './adapters/market.ts';
import type { Codec } from './codec.ts';
import { codecSchema } from './codec-schema.ts';
import type { FileKind } from './endpoints.ts';
import {
  brokerCodec,
  companyMetaCodec,
  dailySummaryCodec,
  disclosureCodec,
  dividendCodec,
  dividendMetaCodec,
  financialsCodec,
  fundNavCodec,
  indexCodec,
  ipoCodec,
  ltpManifestCodec,
  messageCodec,
  noticeCodec,
  orderRowCodec,
  profileCodec,
  sectorCodeCodec,
  sectorIndexCodec,
  securityCodec,
  statusCodec,
  stockRowCodec,
  summaryCodec,
} from './records.ts';
import type { Layout } from './types/index.ts';

type Obj = Record<string, unknown>;

const arrayOf = (items: Obj, description?: string): Obj => ({ type: 'array', items, ...(description ? { description } : {}) });

const record = (c: Codec<unknown>) => (layout: Layout) => codecSchema(c, layout);
const list = (c: Codec<unknown>) => (layout: Layout) => arrayOf(codecSchema(c, layout));

function stocks(layout: Layout): Obj {
  const row = codecSchema(stockRowCodec, layout) as { properties: Obj; required: string[] };
  // The writer puts market_cap (crores) just before market_cap_npr.
  const properties: Obj = {};
  for (const [k, v] of Object.entries(row.properties)) {
    if (k === 'market_cap_npr')
      properties.market_cap = {
        type: ['number', 'null'],
        description: "market capitalisation in crores of NPR (the contract's unit; upstream publishes millions)",
      };
    properties[k] = v;
  }
  return arrayOf({ ...row, properties, required: [...row.required, 'market_cap'] }, 'every active security, open-ended mutual funds included');
}

function topStocks(layout: Layout): Obj {
  const properties: Obj = {};
  for (const [, name, c] of TOP_KEYS) properties[name] = arrayOf(codecSchema(c, layout), 'full-market ranking, best first');
  return { type: 'object', required: TOP_KEYS.map((k) => k[1]), properties, additionalProperties: true };
}

/** Both layouts: the array of per-day objects the live upstream publishes (adapters/market.ts). */
const summaryHistory = (layout: Layout): Obj => arrayOf(codecSchema(dailySummaryCodec, layout), 'newest first');

const supplyDemand = (layout: Layout): Obj => ({
  type: 'object',
  required: ['supplyList', 'demandList'],
  properties: {
    supplyList: arrayOf(codecSchema(orderRowCodec, layout), 'may be empty'),
    demandList: arrayOf(codecSchema(orderRowCodec, layout), 'may be empty'),
  },
  additionalProperties: true,
});

const ltpMonth = (): Obj => ({
  type: 'object',
  required: ['version', 'market', 'currency', 'month', 'updatedAt', 'dates', 'columns', 'series'],
  properties: {
    version: { type: 'integer' },
    market: { type: ['string', 'null'] },
    currency: { type: ['string', 'null'], description: 'currency code' },
    month: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
    updatedAt: { type: ['string', 'null'], description: 'ISO 8601 date-time with its UTC offset (+05:45)' },
    dates: { type: 'array', items: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } },
    columns: { type: 'array', items: { type: 'string' }, description: 'dateIndex, ltp, volume, turnover, trades' },
    series: {
      type: 'object',
      description:
        'symbol (may contain "/") → rows following columns; rows are sparse and may be shorter: [dateIndex, ltp] for funds (NAV); days without data are absent',
      additionalProperties: { type: 'array', items: { type: 'array', minItems: 2, items: { type: 'number' } } },
    },
  },
  additionalProperties: true,
});

function notices(layout: Layout): Obj {
  const properties: Obj = {
    general: arrayOf(codecSchema(noticeCodec, layout)),
    company: arrayOf(codecSchema(disclosureCodec, layout), 'company news (layout B contract)'),
    exchange: arrayOf(codecSchema(messageCodec, layout), 'exchange notices (layout B contract)'),
    last_updated: { type: ['string', 'null'], description: 'ISO 8601 date-time without offset, in UTC' },
  };
  return {
    type: 'object',
    required: layout === 'b' ? ['general', 'company', 'exchange', 'last_updated'] : ['general', 'last_updated'],
    properties,
    additionalProperties: true,
  };
}

const sectorCodes = (layout: Layout): Obj => ({
  type: 'object',
  description: 'sector name → its securities',
  additionalProperties: arrayOf(codecSchema(sectorCodeCodec, layout)),
});

const profiles = (layout: Layout): Obj => ({
  type: 'object',
  description: 'shared columns plus row arrays; the columns start with: ' + profileCodec.fields.flatMap((f) => f[layout]).join(', '),
  required: ['columns', 'rows'],
  properties: { columns: { type: 'array', items: { type: 'string' } }, rows: { type: 'array', items: { type: 'array' } } },
  additionalProperties: true,
});

const fieldDescriptions = (): Obj => ({ type: 'object', description: 'financial field → {full_form, description}', additionalProperties: true });

const dividendHistory = (): Obj => ({
  type: 'object',
  description:
    "columnar: each record follows columns; the symbol column is an index into symbols. Columns: the real file's (symbol, bonus, cash, total, announce, bookclose, fiscalYear), the contract's compact names (fiscal_year, total_dividend, announcement_date), then the latest-year record's other fields. latest_records: the rolling last year, same columns.",
  required: ['scraped_at', 'symbols', 'columns', 'records'],
  properties: {
    scraped_at: { type: ['string', 'null'], description: 'ISO 8601 date-time without offset, in UTC' },
    symbols: { type: 'array', items: { type: 'string' } },
    columns: { type: 'array', items: { type: 'string' }, prefixItems: DIVIDEND_COLUMNS_A.map((c) => ({ const: c })) },
    records: { type: 'array', items: { type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }] } },
    latest_records: { type: 'array', items: { type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }] } },
  },
  additionalProperties: true,
});

const mutualFunds = (layout: Layout): Obj =>
  layout === 'b'
    ? arrayOf(codecSchema(fundNavCodec, layout))
    : {
        type: 'object',
        required: ['scraped_at', 'records'],
        properties: { scraped_at: { type: ['string', 'null'] }, records: arrayOf(codecSchema(fundNavCodec, layout)) },
        additionalProperties: true,
      };

const about = (): Obj => ({
  type: 'object',
  description: 'Khoj: what this snapshot is. sample = true for the generated sample data.',
  required: ['sample', 'source', 'sourceLayout', 'generatedAt', 'notes'],
  properties: {
    sample: { type: 'boolean' },
    source: { type: 'string' },
    sourceLayout: { enum: ['a', 'b', null] },
    generatedAt: { type: 'string', description: 'ISO 8601 date-time (UTC)' },
    notes: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
});

const BUILDERS: { [K in FileKind]: (layout: Layout) => Obj } = {
  stocks,
  status: record(statusCodec),
  indices: list(indexCodec),
  summary: list(summaryCodec),
  sectorIndices: list(sectorIndexCodec),
  topStocks,
  summaryHistory,
  supplyDemand,
  ltpManifest: record(ltpManifestCodec),
  ltpMonth,
  notices,
  disclosures: list(disclosureCodec),
  messages: list(messageCodec),
  brokers: list(brokerCodec),
  securities: list(securityCodec),
  sectorCodes,
  profiles,
  financials: list(financialsCodec),
  companyMeta: record(companyMetaCodec),
  fieldDescriptions,
  ipoUpcoming: list(ipoCodec),
  ipoOld: list(ipoCodec),
  dividendHistory,
  dividendLatest: list(dividendCodec),
  dividendAllYears: list(dividendCodec),
  dividendMeta: record(dividendMetaCodec),
  mutualFunds,
  about,
  // Mirrored as the upstream publishes them, checked by series-files.ts rather than a schema.
  indexManifest: series('index history manifest: {version, latestDate, availableMonths, retention}'),
  indexMonth: series('one month of every index: {month, dates, columns, series: code → rows}'),
  ltpDay: series('intraday prices of one day: {date, times, columns, series: symbol → rows}'),
  floorManifest: series('floor sheet manifest: {version, latestDate, availableDates, columns}'),
  floorDay: series('floor sheet of one day: {date, totals, columns, transactions}'),
  floorLookup: series('floor sheet look-up: id → name or {symbol, name}'),
};

function series(description: string): (layout: Layout) => Obj {
  return () => ({ type: 'object', description, additionalProperties: true });
}

const cache = new Map<string, Obj>();

/** The schema of a file as we write it in a layout (the same object every call, so validators cache). */
export function outputSchema(kind: FileKind, layout: Layout): Obj {
  const key = `${kind}:${layout}`;
  let s = cache.get(key);
  if (!s) {
    s = BUILDERS[kind](layout);
    cache.set(key, s);
  }
  return s;
}
