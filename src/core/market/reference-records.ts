// The field tables of the reference records (brokers, securities, sectors, company profiles and
// reports, IPOs) and of dividends and fund NAVs; records.ts has the market's and the notices'.
// See codec.ts for the rules.

import { type Codec, codec, isObject, labelOf, same, bool, int, num, str } from './codec.ts';
import type {
  Broker,
  CompanyFinancials,
  CompanyMeta,
  CompanyProfile,
  DividendMeta,
  DividendRecord,
  FinancialReport,
  FundNav,
  Ipo,
  ReportDocument,
  SectorCodeItem,
  Security,
} from './types/index.ts';

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
