// `npm run data -- --only market --market <layout A>` with the series files beyond the contract:
// the real layout-A samples (index history, intraday prices) and a floor sheet in the upstream's
// shape are mirrored at the same paths, every manifest listing exactly what is published; an
// invalid file is reported and left out; an unreadable one fails the build and the last output stays.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataBuild } from '../../harness/run.ts';
import { A_ROOT, hasMarketData, MARKET } from './real-data.ts';
import { FLOOR_BROKERS, FLOOR_DAY, FLOOR_MANIFEST, FLOOR_STOCKS } from './floor-sheet-fixture.ts';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-series-${name}-`));
const market = (args: string[]) => dataBuild(['--only', 'market', ...args]);
const json = (dir: string, rel: string) => JSON.parse(readFileSync(join(dir, rel), 'utf8')) as Record<string, unknown>;
const put = (dir: string, rel: string, value: unknown) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), typeof value === 'string' ? value : JSON.stringify(value));
};

/** The real layout-A folder plus a floor sheet of two days (only the second listed day is there). */
function source(): string {
  const dir = tmp('src');
  cpSync(A_ROOT, dir, { recursive: true });
  put(dir, 'data/floor_sheet/manifest.json', FLOOR_MANIFEST);
  put(dir, 'data/floor_sheet/daily/2026-09-03.json', FLOOR_DAY);
  put(dir, 'data/floor_sheet/lookups/stocks.json', FLOOR_STOCKS);
  put(dir, 'data/floor_sheet/lookups/brokers.json', FLOOR_BROKERS);
  return dir;
}

describe.skipIf(!hasMarketData)('series files in the build', () => {
  let src = '';
  let out = '';
  let stderr = '';
  beforeAll(async () => {
    src = source();
    out = tmp('out');
    const r = await market(['--market', src, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
  });

  it('mirrors the real index month and intraday day at their paths, unchanged in content', () => {
    expect(json(out, 'data/indices/monthly/2026-08.json')).toEqual(json(A_ROOT, 'data/indices/monthly/2026-08.sample.json'));
    expect(json(out, 'data/ltp/daily/2026-08-12.json')).toEqual(json(A_ROOT, 'data/ltp/daily/2026-08-12.sample.json'));
    expect(json(out, 'data/floor_sheet/daily/2026-09-03.json')).toEqual(FLOOR_DAY);
    expect(json(out, 'data/floor_sheet/lookups/stocks.json')).toEqual(FLOOR_STOCKS);
    expect(json(out, 'data/floor_sheet/lookups/brokers.json')).toEqual(FLOOR_BROKERS);
  });

  it('every manifest lists exactly the files published', () => {
    const im = json(out, 'data/indices/manifest.json');
    expect(im.availableMonths).toEqual(['2026-08']);
    expect(im.latestDate).toBe('2026-08-31');
    expect(im.finalizedThrough).toBe('2026-08-31');
    expect(json(out, 'data/ltp/manifest.json').availableDays).toEqual(['2026-08-12']);
    const fm = json(out, 'data/floor_sheet/manifest.json');
    expect(fm.availableDates).toEqual(['2026-09-03']);
    expect(fm.latestDate).toBe('2026-09-03');
    expect(fm.columns).toEqual(FLOOR_DAY.columns);
  });

  it('says what it mirrored and what was missing', () => {
    expect(stderr).toMatch(/index history: 1 of 350 months listed \(2026-08 … 2026-08\), 1 index codes/);
    expect(stderr).toMatch(/intraday prices: 1 of 58 days listed/);
    expect(stderr).toMatch(/floor sheet: 1 day \(the newest 5 of 2 listed, 2026-09-03 … 2026-09-03\)/);
    expect(stderr).toMatch(
      /indices\/manifest\.json: availableMonths: 349 of the 350 listed are missing or invalid \(1997-07, 1997-08, 1997-09 … 2026-07, 2026-09\)/,
    );
  });

  it('an invalid month is reported with its record and problem, left out, and the manifest lists none', async () => {
    const bad = source();
    const m = json(bad, 'data/indices/monthly/2026-08.sample.json') as { series: Record<string, number[][]> };
    m.series.BANKSUBIND![5]![6] = -1;
    put(bad, 'data/indices/monthly/2026-08.sample.json', m);
    const o = tmp('bad');
    const r = await market(['--market', bad, '--out', o]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/indices\/monthly\/2026-08\.sample\.json: entry 0 "BANKSUBIND": series\[5\]: volume is negative \(-1\)/);
    expect(r.stderr).toMatch(/index history: none of the 350 months listed is there; not published/);
    // The manifest is there, listing no month: the history screen asks for no month file.
    expect(json(o, 'data/indices/manifest.json').availableMonths).toEqual([]);
    expect(existsSync(join(o, 'data/indices/monthly/2026-08.json'))).toBe(false);
  });

  it('a source with no index history (layout B): an index manifest listing no month, so the app asks for no month file', async () => {
    const o = tmp('no-history');
    const r = await market(['--market', join(MARKET, 'layout-b/2026-05-07T1123Z'), '--out', o]);
    expect(r.code, r.stderr).toBe(0);
    expect(json(o, 'data/indices/manifest.json')).toMatchObject({ latestDate: '2026-05-07', availableMonths: [] });
  });

  it('--floor-sheet-days keeps the newest days only; a bad value is a usage error', async () => {
    const two = source();
    put(two, 'data/floor_sheet/daily/2026-09-02.json', { ...FLOOR_DAY, date: '2026-09-02' });
    const o = tmp('days');
    const r = await market(['--market', two, '--out', o, '--floor-sheet-days', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(o, 'data/floor_sheet/manifest.json').availableDates).toEqual(['2026-09-03']);
    expect(existsSync(join(o, 'data/floor_sheet/daily/2026-09-02.json'))).toBe(false);
    const bad = await market(['--market', two, '--out', o, '--floor-sheet-days', 'all']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--floor-sheet-days must be a whole number, not "all"/);
  });

  it('a truncated floor-sheet day fails the build, naming it, and the previous output stays', async () => {
    const before = readFileSync(join(out, 'data/floor_sheet/daily/2026-09-03.json'), 'utf8');
    const bad = source();
    put(bad, 'data/floor_sheet/daily/2026-09-03.json', JSON.stringify(FLOOR_DAY).slice(0, 200));
    const r = await market(['--market', bad, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/floor_sheet\/daily\/2026-09-03\.json.*(truncated|not valid JSON)/);
    expect(readFileSync(join(out, 'data/floor_sheet/daily/2026-09-03.json'), 'utf8')).toBe(before);
  });
});
