// The field tables of every record type: which names each layout writes (the contract's first,
// then the real files'), which are read, and their types. See codec.ts for the rules. The
// reference records, dividends and fund NAVs are in reference-records.ts.

import { type Codec, codec, isObject, labelOf, same, bool, int, num, str } from './codec.ts';
import type {
  DailySummary,
  Disclosure,
  DocumentRef,
  ExchangeMessage,
  IndexRow,
  LtpManifest,
  MarketStatus,
  Notice,
  OrderRow,
  SectorIndex,
  StockRow,
  SummaryMetric,
  TopMover,
  TopTrade,
  TopTransaction,
  TopTurnover,
} from './types/index.ts';

// --- market ----------------------------------------------------------------------------------

/** `market_cap` (crores, contract; millions upstream) is handled by adapters.ts around this codec. */
export const stockRowCodec: Codec<StockRow> = codec<StockRow>(
  'stock row',
  [
    str('symbol', 'symbol', { required: true }),
    str('name', 'name', { required: true }),
    num('ltp', 'ltp', { doc: 'last traded price; an open-ended fund: latest NAV' }),
    num('previousClose', 'previous_close', { doc: "an open-ended fund: last week's NAV" }),
    num('change', 'change'),
    num('percentChange', 'percent_change'),
    num('high', 'high'),
    num('low', 'low'),
    num('volume', 'volume'),
    num('turnover', 'turnover', { doc: 'NPR' }),
    num('trades', 'trades'),
    str('lastUpdated', 'last_updated', { hint: 'datetime-nepal', doc: 'a date alone on open-ended fund rows (the NAV date)' }),
    num('marketCapNpr', 'market_cap_npr', { doc: 'market capitalisation in NPR (fund rows: fund size)' }),
    str('assetType', 'asset_type', { omitNull: true, doc: '"open_ended_mutual_fund" on mutual-fund rows (NAV semantics)' }),
  ],
  labelOf('symbol'),
);

export const statusCodec: Codec<MarketStatus> = codec<MarketStatus>('market status', [
  bool('isOpen', 'is_open', { required: true }),
  str('lastChecked', 'last_checked', { required: true, hint: 'datetime-utc' }),
]);

export const indexCodec: Codec<IndexRow> = codec<IndexRow>(
  'index row',
  [
    int('id'),
    str('generatedTime', 'generatedTime', { hint: 'datetime-nepal' }),
    str('index', 'index', { required: true, doc: 'index name' }),
    num('close'),
    num('high'),
    num('low'),
    num('previousClose'),
    num('change'),
    num('perChange', 'perChange', { doc: 'percent' }),
    num('fiftyTwoWeekHigh'),
    num('fiftyTwoWeekLow'),
    num('currentValue'),
  ],
  labelOf('index'),
);

export const sectorIndexCodec: Codec<SectorIndex> = codec<SectorIndex>(
  'sector index',
  [
    int('id'),
    str('indexCode', 'indexCode', { required: true }),
    str('indexName', 'indexName', { required: true }),
    str('description'),
    same('sectorMaster', 'sectorMaster', 'object'),
    str('activeStatus'),
    str('keyIndexFlag'),
    num('baseYearMarketCapitalization'),
  ],
  labelOf('indexCode'),
);

const topCommon = [str('securityName'), int('securityId')];
export const topMoverCodec: Codec<TopMover> = codec<TopMover>(
  'top mover',
  [str('symbol', 'symbol', { required: true }), num('ltp'), num('cp'), num('pointChange'), num('percentageChange'), ...topCommon],
  labelOf('symbol'),
);
export const topTurnoverCodec: Codec<TopTurnover> = codec<TopTurnover>(
  'top turnover item',
  [str('symbol', 'symbol', { required: true }), num('turnover'), num('closingPrice'), ...topCommon],
  labelOf('symbol'),
);
export const topTradeCodec: Codec<TopTrade> = codec<TopTrade>(
  'top trade item',
  [str('symbol', 'symbol', { required: true }), num('shareTraded'), num('closingPrice'), ...topCommon],
  labelOf('symbol'),
);
export const topTransactionCodec: Codec<TopTransaction> = codec<TopTransaction>(
  'top transaction item',
  [int('securityId'), num('totalTrades'), num('lastTradedPrice'), str('securityName'), str('symbol', 'symbol', { required: true })],
  labelOf('symbol'),
);

export const summaryCodec: Codec<SummaryMetric> = codec<SummaryMetric>(
  'summary metric',
  [str('detail', 'detail', { required: true, doc: 'label' }), num('value')],
  labelOf('detail'),
);

export const dailySummaryCodec: Codec<DailySummary & { extra?: unknown }> = codec<DailySummary & { extra?: unknown }>(
  'daily summary',
  [
    str('businessDate', 'businessDate', { required: true, hint: 'date' }),
    num('totalTurnover'),
    num('totalTradedShares'),
    num('totalTransactions'),
    num('tradedScrips'),
  ],
  labelOf('businessDate'),
);
export const SUMMARY_COLUMNS = ['businessDate', 'totalTurnover', 'totalTradedShares', 'totalTransactions', 'tradedScrips'] as const;

export const orderRowCodec: Codec<OrderRow> = codec<OrderRow>(
  'order row',
  [num('totalQuantity'), num('totalOrder'), int('securityId'), str('symbol', 'symbol', { required: true }), str('securityName')],
  labelOf('symbol'),
);

export const ltpManifestCodec: Codec<LtpManifest> = codec<LtpManifest>('price history manifest', [
  int('version', 'version', { required: true }),
  str('latestDate', 'latestDate', { hint: 'date' }),
  same('availableMonths', 'availableMonths', 'strings', { required: true, doc: 'months with a file under ltp/monthly/, ascending' }),
  str('retention'),
  str('latestStatus', 'latestStatus', { doc: '"provisional" while the market is open, "final" after the close' }),
  str('finalizedThrough', 'finalizedThrough', { hint: 'date' }),
]);

// --- notices and documents ---------------------------------------------------------------------

export const documentCodec: Codec<DocumentRef> = codec<DocumentRef>('document', [
  int('id'),
  str('submittedDate', 'submittedDate', { hint: 'date' }),
  str('filePath', 'filePath', { doc: "path below the exchange's document base URL" }),
  str('encryptedId'),
  str('fileUrl'),
]);

export const noticeCodec: Codec<Notice> = codec<Notice>(
  'notice',
  [
    int('id', 'id', { required: true }),
    { key: 'heading', a: ['title', 'noticeHeading'], b: ['noticeHeading'], type: 'string', required: true },
    { key: 'body', a: ['body', 'noticeBody'], b: ['noticeDetail', 'noticeBody'], type: 'string', hint: 'html' },
    { key: 'expiryDate', a: ['expiresAt', 'noticeExpiryDate'], b: ['noticeExpiryDate'], type: 'string', hint: 'date' },
    {
      key: 'type',
      a: ['type'],
      b: [],
      type: 'string',
      struct: {
        name: 'noticeTypeId',
        layouts: ['b'],
        get: (raw) => (isObject(raw) && typeof raw.noticeType === 'string' ? raw.noticeType : undefined),
        build: (v) => ({ noticeType: v }),
      },
    },
    { key: 'featured', a: ['featured', 'feature'], b: ['feature'], type: 'boolean' },
    { key: 'filePath', a: ['filePath', 'noticeFilePath'], b: ['noticeFilePath'], type: 'string' },
    { key: 'publishedAt', a: ['publishedDate'], b: ['publishedDate'], type: 'string', omitNull: ['a'], doc: 'not published by the real files: null' },
  ],
  labelOf('id'),
);

export const disclosureCodec: Codec<Disclosure> = codec<Disclosure>(
  'disclosure',
  [
    int('id', 'id', { required: true }),
    str('symbol'),
    { key: 'title', a: ['title'], b: ['newsHeadline'], type: 'string', required: true },
    { key: 'body', a: ['body'], b: ['newsBody'], type: 'string', hint: 'html' },
    { key: 'source', a: ['source'], b: ['newsSource'], type: 'string' },
    { key: 'publishedAt', a: ['publishedAt'], b: ['addedDate'], type: 'string', hint: 'datetime-nepal' },
    { key: 'documents', a: ['documents'], b: ['applicationDocumentDetailsList'], type: { list: documentCodec as Codec<unknown> } },
  ],
  labelOf('id'),
);

export const messageCodec: Codec<ExchangeMessage> = codec<ExchangeMessage>(
  'exchange message',
  [
    int('id', 'id', { required: true }),
    str('symbol'),
    { key: 'title', a: ['title'], b: ['messageTitle'], type: 'string', required: true },
    { key: 'body', a: ['body'], b: ['messageBody'], type: 'string', hint: 'html' },
    { key: 'publishedAt', a: ['publishedAt'], b: ['addedDate'], type: 'string', hint: 'datetime-nepal' },
    { key: 'expiryDate', a: ['expiresAt'], b: ['expiryDate'], type: 'string', hint: 'date' },
    str('filePath'),
    str('fileUrl'),
  ],
  labelOf('id'),
);

export * from './reference-records.ts';
