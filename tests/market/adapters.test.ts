// Adapters on every real snapshot (the three layout-B snapshots, the layout-A files with their
// trimmed samples, the ltp-derived history) and on the generated one: real files → model → both
// layouts → read back → the same model; every field the real files carried is still there.

import { describe, expect, it } from 'vitest';
import { generateSample } from '../../data-build/market/generate.ts';
import { deriveLtpHistory } from '../../src/core/market/derive.ts';
import { readSnapshot } from '../../src/core/market/read.ts';
import type { Layout, MarketSnapshot } from '../../src/core/market/types/index.ts';
import { layoutFiles, snapshotFiles } from '../../src/core/market/write.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { hasMarketData, parsed, realSnapshots } from './real-data.ts';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
/** Parts of the model only layout A has files for. */
const A_ONLY = ['ltp', 'profiles', 'financials', 'companyMeta', 'fieldDescriptions'] as const;

function read(layout: Layout, files: Map<string, unknown>): MarketSnapshot {
  const r = readSnapshot({ layout, files, label: 'test' });
  expect(r.problems.map(formatProblem)).toEqual([]);
  return r.snapshot!;
}

/** Writes one layout, reads it back: what that layout carries comes back unchanged. */
function roundTrip(m: MarketSnapshot, layout: Layout): void {
  const written = new Map([...layoutFiles(m, layout)].map(([k, v]) => [k, clone(v)]));
  const back = clone(read(layout, written));
  const expected = clone(m);
  if (layout === 'b') {
    // Layout B has no price history or company files: its reader makes a day of history from the stock rows.
    for (const k of A_ONLY) (expected as unknown as Record<string, unknown>)[k] = null;
    expected.ltp = clone(deriveLtpHistory(m.stocks, m.status, m.summaryHistory) ?? null);
  }
  expect(back).toEqual(expected);
}

/** Every key of every record of `source` is in `ours` with the same value (keys in `skip` aside). */
function missingKeys(source: unknown, ours: unknown, skip: ReadonlySet<string>, where = ''): string[] {
  if (Array.isArray(source)) {
    if (!Array.isArray(ours) || ours.length !== source.length)
      return [`${where}: ${Array.isArray(ours) ? `${ours.length} items, source ${source.length}` : 'not an array'}`];
    return source.flatMap((x, i) => missingKeys(x, ours[i], skip, `${where}[${i}]`));
  }
  if (source && typeof source === 'object') {
    if (!ours || typeof ours !== 'object') return [`${where}: not an object`];
    return Object.entries(source).flatMap(([k, v]) =>
      skip.has(k) ? [] : !(k in ours) ? [`${where}.${k}: missing`] : missingKeys(v, (ours as Record<string, unknown>)[k], skip, `${where}.${k}`),
    );
  }
  return Object.is(source, ours) || source === ours ? [] : [`${where}: ${JSON.stringify(source)} became ${JSON.stringify(ours)}`];
}

/** What each real file may change on its way through (shape changes are checked through the model). */
const CHANGED: Record<string, string[] | 'shape'> = {
  'nepse_data.json': ['market_cap'],
  'exchange_data.json': ['market_cap'],
  'market/live.json': ['market_cap'],
  'other/brokers.json': ['provinces'],
  'ltp/manifest.json': ['availableMonths', 'availableDays', 'latestDate', 'finalizedThrough'],
  'market/history.json': 'shape',
  'company/profiles.json': 'shape',
  'dividend/history.json': 'shape',
};

describe.skipIf(!hasMarketData)('real snapshots', () => {
  for (const snap of realSnapshots()) {
    describe(snap.name, () => {
      const files = parsed(snap.texts);
      const r = readSnapshot({ layout: snap.layout, files, label: snap.name });
      const m = r.snapshot!;

      it('reads without a fatal problem', () => {
        expect(r.problems.map(formatProblem)).toEqual([]);
        expect(m.stocks.length).toBeGreaterThan(0);
        expect(m.indices.map((i) => i.index)).toContain('NEPSE Index');
      });

      it('layout A written and read back gives the same model', () => roundTrip(m, 'a'));
      it('layout B written and read back gives the same model (what B carries)', () => roundTrip(m, 'b'));

      it('our whole output tree, read as layout A, gives the same model', () => {
        const tree = new Map([...snapshotFiles(m)].map(([k, t]) => [k, JSON.parse(t) as unknown]));
        expect(clone(read('a', tree))).toEqual(clone(m));
      });

      it(`keeps every field of every real ${snap.layout.toUpperCase()} record, under its own name, in layout ${snap.layout.toUpperCase()}`, () => {
        const ours = layoutFiles(m, snap.layout);
        const problems: string[] = [];
        let checked = 0;
        for (const [path, value] of files) {
          const rule = CHANGED[path];
          if (rule === 'shape' || !ours.has(path)) continue;
          if (path.startsWith('ltp/monthly/') && !m.ltp?.manifest.availableMonths.includes(path.slice(12, 19))) continue;
          problems.push(...missingKeys(value, clone(ours.get(path)), new Set(rule ?? []), path));
          checked++;
        }
        expect(problems.slice(0, 10)).toEqual([]);
        expect(checked).toBeGreaterThan(10);
      });
    });
  }

  it('reports what the real files do unlike the contract', () => {
    const [b1, b2, , a] = realSnapshots();
    const odd = (s: typeof b1) => [...readSnapshot({ layout: s!.layout, files: parsed(s!.texts), label: '' }).oddities.counts.keys()].join('\n');
    const during = odd(b1);
    expect(during).toMatch(/nepse_data\.json: open-ended mutual fund rows/);
    expect(during).toMatch(/nepse_data\.json: rows with market_cap null/);
    expect(during).toMatch(/symbols containing "\/"/);
    expect(during).toMatch(/notices\.json: only a general list/);
    expect(odd(b2)).toMatch(/market_cap in millions of NPR/);
    const la = odd(a);
    expect(la).toMatch(/market\/history\.json: an array of daily objects/);
    expect(la).toMatch(/other\/brokers\.json: provinces published as text/);
    expect(la).toMatch(/ltp\/manifest\.json: availableDays/);
    expect(la).toMatch(/ltp\/monthly\/\*\.json: months with back-filled rows: 0 for unknown turnover and trades/);
    expect(la).toMatch(/ltp\/monthly\/\*\.json: months with sparse rows shorter than columns/);
    expect(la).toMatch(/ltp\/monthly\/\*\.json: months with symbols containing "\/"/);
  });

  it('normalises what the layouts name differently', () => {
    const [b1, b2, , a] = realSnapshots().map((s) => readSnapshot({ layout: s.layout, files: parsed(s.texts), label: '' }).snapshot!);
    // Mutual-fund rows: NAV semantics, fund size in NPR; other rows' millions become NPR.
    const csby = b2!.stocks.find((r) => r.symbol === 'CSBY')!;
    expect(csby).toMatchObject({ assetType: 'open_ended_mutual_fund', high: null, volume: null, lastUpdated: '2026-05-05', marketCapNpr: 698755340 });
    expect(b2!.stocks.find((r) => r.symbol === 'NABIL')!.marketCapNpr).toBe(141318.7e6);
    expect(b1!.stocks.find((r) => r.symbol === 'GBILD86/87')).toBeDefined();
    // Layout A's notices, brokers and documents carry the same facts under other names.
    expect(a!.notices!.general[0]).toMatchObject({
      id: 1220,
      featured: true,
      type: 'Company Notice',
      expiryDate: '2027-02-10',
      filePath: 'c0699e3d57114311dc167a9904939e94.pdf',
    });
    expect(a!.brokers![0]).toMatchObject({
      memberCode: 1,
      provinces: ['3'],
      districts: ['Kathmandu', 'Baglung'],
      tmsLink: 'tms01.nepsetms.com.np',
      branchCount: 2,
    });
    expect(b1!.brokers![0]).toMatchObject({
      memberCode: 1,
      membershipType: 'Trading Cum Clearing Member',
      provinces: ['Province 3', 'Province 4'],
      tmsLink: 'tms01.nepsetms.com.np',
      branchCount: 2,
    });
    const doc = b1!.disclosures![0]!.documents[0]!;
    expect(doc.fileUrl).toBe(
      `https://www.nepalstock.com.np/api/nots/security/fetchFiles?fileLocation=${doc.filePath!.split('/').map(encodeURIComponent).join('/')}`,
    );
    // A's compact disclosures gain the B path of their documents.
    expect(a!.disclosures![0]!.documents[0]!.filePath).toBe('nlic_user/2026-07-17/NLIC_Land purchase in Birgunj_1784263587368.pdf');
    // History newest first whatever the source order; dividends of both layouts in one shape.
    expect(a!.summaryHistory![0]!.businessDate).toBe('2026-09-16');
    expect(a!.dividends!.history![1]).toMatchObject({
      symbol: a!.dividends!.history![1]!.symbol,
      bonus: '10.00',
      cash: '0.5263',
      total: '10.5263',
      fiscalYear: '2082/2083',
      scrapedAt: '2026-09-17T16:42:21',
    });
    expect(b1!.dividends!.latest![1]).toMatchObject({ symbol: 'CIGL', bonus: null, bookcloseDate: null, status: -1 });
  });
});

describe('superset names in what we write', () => {
  const m = generateSample();
  const a = layoutFiles(m, 'a');
  const b = layoutFiles(m, 'b');

  it("notices: the contract's names of each layout and the real ones", () => {
    const na = (a.get('notify/notices.json') as { general: Record<string, unknown>[] }).general[2]!;
    for (const k of [
      'id',
      'title',
      'body',
      'expiresAt',
      'type',
      'featured',
      'filePath',
      'noticeHeading',
      'noticeBody',
      'noticeFilePath',
      'noticeExpiryDate',
      'feature',
      'noticeTypeId',
      'modifiedDate',
      'publishToWebsite',
    ])
      expect(na).toHaveProperty(k);
    expect(na.title).toBe(na.noticeHeading);
    const nb = b.get('notices.json') as Record<string, Record<string, unknown>[]>;
    for (const k of ['general', 'company', 'exchange', 'last_updated']) expect(nb).toHaveProperty(k);
    for (const k of ['id', 'noticeHeading', 'noticeDetail', 'publishedDate', 'noticeBody', 'noticeFilePath', 'noticeExpiryDate', 'feature', 'noticeTypeId'])
      expect(nb.general![2]).toHaveProperty(k);
    for (const k of ['id', 'newsHeadline', 'newsBody', 'addedDate']) expect(nb.company![0]).toHaveProperty(k);
    for (const k of ['id', 'messageTitle', 'messageBody', 'expiryDate']) expect(nb.exchange![0]).toHaveProperty(k);
  });

  it("disclosures, messages and brokers in each layout's names", () => {
    const da = (a.get('notify/disclosures.json') as Record<string, unknown>[])[0]!;
    for (const k of ['id', 'symbol', 'title', 'body', 'source', 'publishedAt', 'documents']) expect(da).toHaveProperty(k);
    for (const k of ['id', 'submittedDate', 'fileUrl']) expect((da.documents as Record<string, unknown>[])[0]).toHaveProperty(k);
    const db = (b.get('disclosures.json') as Record<string, unknown>[])[0]!;
    for (const k of ['id', 'newsHeadline', 'newsBody', 'addedDate', 'applicationDocumentDetailsList']) expect(db).toHaveProperty(k);
    for (const k of ['filePath', 'encryptedId']) expect((db.applicationDocumentDetailsList as Record<string, unknown>[])[0]).toHaveProperty(k);
    const mb = (b.get('exchange_messages.json') as Record<string, unknown>[])[0]!;
    for (const k of ['id', 'messageTitle', 'messageBody', 'expiryDate', 'filePath']) expect(mb).toHaveProperty(k);
    const ma = (a.get('notify/exchange_messages.json') as Record<string, unknown>[])[0]!;
    for (const k of ['id', 'symbol', 'title', 'body', 'publishedAt', 'expiresAt']) expect(ma).toHaveProperty(k);
    const ba = (a.get('other/brokers.json') as Record<string, unknown>[])[0]!;
    for (const k of ['memberCode', 'memberName', 'membershipType', 'phone', 'provinces', 'districts', 'tmsLink', 'branchCount', 'activeStatus', 'isDealer'])
      expect(ba).toHaveProperty(k);
    const bb = (b.get('brokers.json') as Record<string, unknown>[])[0]!;
    for (const k of ['memberCode', 'memberName', 'membershipTypeMaster', 'provinceList', 'districtList', 'memberTMSLinkMapping', 'memberBranchMappings'])
      expect(bb).toHaveProperty(k);
    expect((bb.provinceList as Array<{ description: string }>).map((p) => p.description)).toEqual(ba.provinces);
  });

  it('stock rows: market_cap in crores (contract), market_cap_npr exact', () => {
    const row = (a.get('exchange_data.json') as Array<Record<string, number | null>>).find((r) => r.market_cap !== null && r.asset_type === undefined)!;
    expect(row.market_cap).toBeCloseTo(row.market_cap_npr! / 1e7, 2);
    expect(Object.keys(row).slice(0, 13)).toEqual([
      'symbol',
      'name',
      'ltp',
      'previous_close',
      'change',
      'percent_change',
      'high',
      'low',
      'volume',
      'turnover',
      'trades',
      'last_updated',
      'market_cap',
    ]);
  });

  it('history: per-day objects newest first in both layouts (as the live upstream publishes); dividends columnar in layout A', () => {
    const h = a.get('market/history.json') as Array<Record<string, unknown>>;
    expect(Array.isArray(h)).toBe(true);
    expect(Object.keys(h[0]!)).toEqual(['businessDate', 'totalTurnover', 'totalTradedShares', 'totalTransactions', 'tradedScrips']);
    expect(h[0]!.businessDate).toBe(m.summaryHistory![0]!.businessDate);
    expect(h.map((d) => d.businessDate)).toEqual([...h.map((d) => d.businessDate as string)].sort().reverse());
    expect(b.get('market_summary_history.json')).toEqual(h);
    const d = a.get('dividend/history.json') as { columns: string[]; records: unknown[][]; symbols: string[] };
    expect(d.columns.slice(0, 10)).toEqual([
      'symbol',
      'bonus',
      'cash',
      'total',
      'announce',
      'bookclose',
      'fiscalYear',
      'fiscal_year',
      'total_dividend',
      'announcement_date',
    ]);
    expect(d.symbols[d.records[0]![0] as number]).toBe(m.dividends!.history![0]!.symbol);
    const p = a.get('company/profiles.json') as { columns: string[]; rows: unknown[][] };
    expect(p.rows[0]!.length).toBe(p.columns.length);
  });
});
