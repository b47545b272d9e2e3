// The validators a background refresh runs before replacing a stored file: every real and
// generated file passes; truncated, non-JSON and wrong-shaped files are refused with the reason.

import { describe, expect, it } from 'vitest';
import { generateSample } from '../../data-build/market/generate.ts';
import { detectLayout, kindOfPath } from '../../src/core/market/endpoints.ts';
import { validateMarketFile, validateSnapshot } from '../../src/core/market/validate.ts';
import { snapshotFiles } from '../../src/core/market/write.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { hasMarketData, realSnapshots } from './real-data.ts';

const generated = snapshotFiles(generateSample());
const messages = (v: ReturnType<typeof validateMarketFile>) => v.problems.map(formatProblem).join('\n');

describe('validateMarketFile', () => {
  it('accepts every generated file, by its path in either layout', () => {
    for (const [path, text] of generated) {
      const v = validateMarketFile(path, text);
      expect(v.ok, `${path}: ${messages(v)}`).toBe(true);
    }
    expect(validateMarketFile('/data/market/status.json', generated.get('market/status.json')!)).toMatchObject({ ok: true, kind: 'status', layout: 'a' });
    expect(validateMarketFile('market_status.json', generated.get('market_status.json')!)).toMatchObject({ ok: true, kind: 'status', layout: 'b' });
  });

  it.skipIf(!hasMarketData)('accepts every real file', () => {
    let n = 0;
    for (const snap of realSnapshots()) {
      for (const [path, text] of snap.texts) {
        const v = validateMarketFile(path, text, snap.layout);
        if (v.kind === undefined) continue; // files outside both endpoint tables (dps.json, ltp/daily, indices/…)
        expect(v.ok, `${snap.name} ${path}: ${messages(v)}`).toBe(true);
        n++;
      }
    }
    expect(n).toBeGreaterThan(80);
  });

  it('refuses truncated, empty and non-JSON text', () => {
    const text = generated.get('exchange_data.json')!;
    expect(messages(validateMarketFile('exchange_data.json', text.slice(0, 5000)))).toMatch(
      /^exchange_data\.json: not valid JSON at the end \(5000 characters\): truncated\?/,
    );
    expect(messages(validateMarketFile('market/status.json', ''))).toBe('market/status.json: empty file');
    expect(messages(validateMarketFile('market/status.json', '<html>502 Bad Gateway</html>'))).toMatch(/not valid JSON at line 1, column 1/);
  });

  it('refuses the wrong shape, naming the record and the field', () => {
    const rows = JSON.parse(generated.get('exchange_data.json')!) as Array<Record<string, unknown>>;
    rows[5]!.volume = 'many';
    expect(messages(validateMarketFile('exchange_data.json', JSON.stringify(rows)))).toBe(
      `exchange_data.json: entry 5 "${rows[5]!.symbol}": volume: expected a number, found string "many"`,
    );
    expect(messages(validateMarketFile('market/status.json', '{"is_open": true}'))).toBe('market/status.json: missing required field "last_checked"');
    expect(messages(validateMarketFile('indices.json', '{"index": "NEPSE"}'))).toMatch(/indices\.json: expected an array of index row records, found object/);
    expect(messages(validateMarketFile('top_stocks.json', '[]'))).toMatch(/expected an object with top_gainer/);
    const notices = JSON.parse(generated.get('notices.json')!) as { general: Array<Record<string, unknown>> };
    delete notices.general[1]!.noticeHeading;
    expect(messages(validateMarketFile('notices.json', JSON.stringify(notices)))).toBe(
      'notices.json: entry 1 "1297": general: missing required field "title" or "noticeHeading"',
    );
  });

  it('refuses a monthly price history with bad rows or the wrong month', () => {
    const month = JSON.parse(generated.get('ltp/monthly/2026-10.json')!) as { series: Record<string, number[][]>; month: string };
    const [symbol] = Object.keys(month.series);
    month.series[symbol!]![2] = [99, 10];
    expect(messages(validateMarketFile('ltp/monthly/2026-10.json', JSON.stringify(month)))).toContain(
      `entry 0 "${symbol}": series[2]: dateIndex 99 is outside dates`,
    );
    month.series[symbol!]![2] = [1];
    expect(messages(validateMarketFile('ltp/monthly/2026-10.json', JSON.stringify(month)))).toContain('expected a row of 2 to 5 numbers, found 1 values');
    const good = generated.get('ltp/monthly/2026-10.json')!;
    expect(messages(validateMarketFile('ltp/monthly/2026-09.json', good))).toBe('ltp/monthly/2026-09.json: month: says "2026-10", the path 2026-09');
  });

  it("knows each path's file kind and layout, and a tree's layout", () => {
    expect(kindOfPath('/data/ltp/monthly/2026-05.json')).toEqual({ kind: 'ltpMonth', layout: 'a', month: '2026-05' });
    expect(kindOfPath('proposed_dividend/latest_1y.json')).toEqual({ kind: 'dividendLatest', layout: 'b' });
    expect(kindOfPath('nepse_sector_wise_codes.json')).toEqual({ kind: 'sectorCodes', layout: 'b' });
    expect(detectLayout(['market_status.json', 'nepse_data.json', 'notices.json'])).toBe('b');
    expect(detectLayout(['data/market/status.json', 'data/nepse_data.json', 'data/ltp/monthly/2026-01.json'])).toBe('a');
    expect(detectLayout(generated.keys())).toBe('a'); // ours holds both: A carries more
    expect(detectLayout(['nepse_data.json'])).toBeUndefined();
  });

  it('refuses files of neither layout', () => {
    expect(validateMarketFile('market/unknown.json', '{}')).toMatchObject({ ok: false });
    expect(validateMarketFile('ltp/manifest.json', generated.get('ltp/manifest.json')!, 'b').ok).toBe(false);
  });
});

describe.skipIf(!hasMarketData)('validateSnapshot: a whole refresh before it replaces the stored one', () => {
  const snaps = realSnapshots().slice(0, 3);
  it('the three real layout-B snapshots in turn (refresh 1 → 2 → 3) are each whole', () => {
    for (const s of snaps) {
      const r = validateSnapshot('b', s.texts);
      expect(r.problems.map(formatProblem), s.name).toEqual([]);
      expect(r.snapshot!.stocks.length).toBeGreaterThan(300);
    }
    const [one, two, three] = snaps.map((s) => validateSnapshot('b', s.texts).snapshot!);
    expect(one!.status.isOpen).toBe(true);
    expect(two!.status.isOpen).toBe(false);
    expect(three!.summaryHistory![0]!.businessDate).toBe('2026-05-07');
  });

  it('a refresh with a broken required file is refused as a whole', () => {
    const texts = new Map(snaps[2]!.texts);
    texts.set('nepse_data.json', texts.get('nepse_data.json')!.slice(0, 1000));
    const r = validateSnapshot('b', texts);
    expect(r.snapshot).toBeUndefined();
    expect(r.problems.map(formatProblem)[0]).toMatch(/^nepse_data\.json: not valid JSON at the end/);
  });
});
