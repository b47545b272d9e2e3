// The field tables of every record type: which names each layout writes (the contract's first,
// then the real files'), which are read, and their types. See codec.ts for the rules.

import { type Codec, codec, type FieldDef, isObject, labelOf, same } from './codec.ts';
import type {
  Broker,
  CompanyFinancials,
  CompanyMeta,
  CompanyProfile,
  DailySummary,
  Disclosure,
  DividendMeta,
  DividendRecord,
  DocumentRef,
  ExchangeMessage,
  FinancialReport,
  FundNav,
  IndexRow,
  Ipo,
  LtpManifest,
  MarketStatus,
  Notice,
  OrderRow,
  ReportDocument,
  SectorCodeItem,
  SectorIndex,
  Security,
  StockRow,
  SummaryMetric,
  TopMover,
  TopTrade,
  TopTransaction,
  TopTurnover,
} from './types/index.ts';

const num = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'number', more);
const int = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'integer', more);
const str = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'string', more);
const bool = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'boolean', more);

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

// --- reference data ------------------------------------------------------------------------------

const listOf = (key: string) => (raw: unknown) =>
  Array.isArray(raw) && raw.every((x) => isObject(x) && typeof x[key] === 'string') ? raw.map((x) => (x as Record<string, string>)[key]) : undefined;

export const brokerCodec: Codec<Broker> = codec<Broker>(
  'broker',
  [
    int('id'),
    int('memberCode', 'memberCode', { required: true }),
    str('memberName', 'memberName', { required: true }),
    {
      key: 'membershipType',
      a: ['membershipType'],
      b: [],
      type: 'string',
      struct: {
        name: 'membershipTypeMaster',
        layouts: ['b'],
        get: (raw) => (isObject(raw) && typeof raw.membershipType === 'string' ? raw.membershipType : undefined),
        build: (v) => ({ membershipType: v }),
      },
    },
    { key: 'phone', a: ['phone'], b: ['authorizedContactPersonNumber'], type: 'string' },
    {
      key: 'provinces',
      a: ['provinces'],
      b: [],
      type: 'strings',
      struct: { name: 'provinceList', layouts: ['b'], get: listOf('description'), build: (v) => (v as string[]).map((description) => ({ description })) },
    },
    {
      key: 'districts',
      a: ['districts'],
      b: [],
      type: 'strings',
      struct: { name: 'districtList', layouts: ['b'], get: listOf('districtName'), build: (v) => (v as string[]).map((districtName) => ({ districtName })) },
    },
    {
      key: 'tmsLink',
      a: ['tmsLink'],
      b: [],
      type: 'string',
      struct: {
        name: 'memberTMSLinkMapping',
        layouts: ['b'],
        get: (raw) => (isObject(raw) && typeof raw.tmsLink === 'string' ? raw.tmsLink : undefined),
        build: (v) => ({ tmsLink: v }),
      },
    },
    int('branchCount', 'branchCount', { from: (o) => (Array.isArray(o.memberBranchMappings) ? o.memberBranchMappings.length : undefined) }),
    str('activeStatus'),
    str('isDealer'),
  ],
  labelOf('memberName', 'memberCode'),
);

export const securityCodec: Codec<Security> = codec<Security>(
  'security',
  [int('id'), str('companyName'), str('symbol', 'symbol', { required: true }), str('securityName'), str('status'), str('sectorName'), str('instrumentType')],
  labelOf('symbol'),
);

export const sectorCodeCodec: Codec<SectorCodeItem> = codec<SectorCodeItem>(
  'sector code',
  [str('symbol', 'symbol', { required: true }), str('name')],
  labelOf('symbol'),
);

export const profileCodec: Codec<CompanyProfile> = codec<CompanyProfile>(
  'company profile',
  [
    int('id'),
    str('symbol', 'symbol', { required: true }),
    str('profile'),
    str('email'),
    str('phone'),
    str('fax'),
    str('contactPerson', 'contact_person'),
    str('addressType', 'address_type'),
    str('address'),
    str('imageUrl'),
    str('status'),
    str('logoPath', 'logo_path'),
  ],
  labelOf('symbol'),
);

export const reportDocumentCodec: Codec<ReportDocument> = codec<ReportDocument>('report document', [
  str('submittedDate', 'submitted_date', { hint: 'date' }),
  str('path', 'path', { doc: 'path below company/metadata.json document_base_url' }),
]);

export const reportCodec: Codec<FinancialReport> = codec<FinancialReport>('financial report', [
  str('type'),
  str('quarter', 'quarter', { omitNull: true }),
  str('fy'),
  str('fyNepali', 'fy_nepali'),
  num('pe'),
  num('eps'),
  num('paidUpCapital', 'paid_up_capital'),
  num('profit'),
  num('netWorthPerShare', 'net_worth_per_share'),
  same('documents', 'documents', { list: reportDocumentCodec as Codec<unknown> }),
]);

export const financialsCodec: Codec<CompanyFinancials> = codec<CompanyFinancials>(
  'company financials',
  [int('id'), str('symbol', 'symbol', { required: true }), same('reports', 'reports', { list: reportCodec as Codec<unknown> })],
  labelOf('symbol'),
);

export const companyMetaCodec: Codec<CompanyMeta> = codec<CompanyMeta>('company metadata', [
  str('lastUpdated', 'last_updated', { hint: 'datetime-utc' }),
  str('source'),
  str('documentBaseUrl', 'document_base_url'),
  int('count'),
]);

export const ipoCodec: Codec<Ipo> = codec<Ipo>(
  'IPO record',
  [
    str('company', 'company', { required: true }),
    str('units', 'units', { hint: 'decimal-text', doc: 'digit-grouped (lakh style)' }),
    str('dateRange', 'date_range', { doc: 'Bikram Sambat' }),
    str('announcementDate', 'announcement_date', { doc: 'e.g. "Jun 04, 2026"' }),
    str('fullText', 'full_text'),
    str('url'),
    bool('isReservedShare', 'is_reserved_share'),
    str('reservedFor', 'reserved_for'),
    str('scrapedAt', 'scraped_at', { hint: 'datetime-utc' }),
  ],
  labelOf('company'),
);

// --- dividends -------------------------------------------------------------------------------------

const B_BLANK: ['b'] = ['b'];
export const dividendCodec: Codec<DividendRecord> = codec<DividendRecord>(
  'dividend record',
  [
    int('id', 'id', { doc: "the company's id upstream" }),
    str('symbol', 'symbol', { required: true }),
    str('companyName', 'company_name'),
    str('companyUrl', 'company_url'),
    str('bonus', 'bonus_share', { alias: ['bonus'], blank: B_BLANK, hint: 'decimal-text', doc: 'bonus share percent' }),
    str('cash', 'cash_dividend', { alias: ['cash'], blank: B_BLANK, hint: 'decimal-text', doc: 'cash dividend percent' }),
    str('total', 'total_dividend', { alias: ['total'], blank: B_BLANK, hint: 'decimal-text' }),
    str('announcementDate', 'announcement_date', { alias: ['announce'], hint: 'date' }),
    str('bookcloseDate', 'bookclose_date', { alias: ['bookclose'], blank: B_BLANK, doc: 'e.g. "2026-04-09 [Closed]"' }),
    str('distributionDate', 'distribution_date'),
    str('bonusListingDate', 'bonus_listing_date'),
    str('fiscalYear', 'fiscal_year', { alias: ['fiscalYear'], doc: 'Bikram Sambat, YYYY/YYYY' }),
    str('ltp', 'ltp', { hint: 'decimal-text' }),
    str('priceAsOf', 'price_as_of', { hint: 'date' }),
    int('status'),
    str('scrapedAt', 'scraped_at', { hint: 'datetime-utc' }),
  ],
  labelOf('symbol'),
);

export const dividendMetaCodec: Codec<DividendMeta> = codec<DividendMeta>('dividend run metadata', [
  str('lastRunAt', 'last_run_at', { hint: 'datetime-utc' }),
  str('mode'),
  int('latestCount', 'latest_count'),
  int('historyCount', 'history_count'),
  int('recordCount', 'record_count', { doc: "layout A's name for the all-years record count" }),
  bool('smokePassed', 'smoke_passed', { omitNull: true, doc: 'absent when the source does not say' }),
]);

export const fundNavCodec: Codec<FundNav> = codec<FundNav>(
  'mutual fund NAV',
  [
    int('companyId', 'company_id'),
    str('symbol', 'symbol', { required: true }),
    str('fundName', 'fund_name'),
    num('fundSize', 'fund_size', { doc: 'NPR' }),
    num('dailyNav', 'daily_nav'),
    str('dailyNavDate', 'daily_nav_date', { hint: 'date' }),
    num('weeklyNav', 'weekly_nav'),
    str('weeklyNavDate', 'weekly_nav_date', { hint: 'date' }),
    num('monthlyNav', 'monthly_nav'),
    str('monthlyNavDate', 'monthly_nav_date', { doc: 'a date or a Nepali month, e.g. "Chaitra 2082"' }),
    num('ltp'),
    str('priceAsOf', 'price_as_of'),
    num('premiumDiscountPercent', 'premium_discount_percent'),
    num('refundNav', 'refund_nav'),
    str('sourceUrl', 'source_url'),
    str('scrapedAt', 'scraped_at', { hint: 'datetime-utc' }),
  ],
  labelOf('symbol'),
);
