// The service worker's pure parts: the upstream setting, what a refresh fetches (the core's
// policy applied to what is stored), and one upstream file stored under every path that holds
// its data, in both layouts.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSample } from '../../data-build/market/generate.ts';
import { fromNepal, naiveUtc } from '../../src/core/market/clock.ts';
import { readFileValue, snapshotFiles, trackedFiles, validateMarketFile } from '../../src/core/market/index.ts';
import { filesFrom } from '../../src/core/market/convert.ts';
import { relatedPaths } from '../../src/core/market/related-paths.ts';
import { filesAsked, jobOrder, lastFetchedAt, planRefresh } from '../../src/core/market/refresh-plan.ts';
import { DEFAULT_UPSTREAM, normaliseUpstream, PUBLIC_UPSTREAM, upstreamOf } from '../../src/core/market/settings.ts';

describe('upstream setting', () => {
  it('takes a base URL as people type it', () => {
    expect(normaliseUpstream(' https://example.org/yonepse/ ')).toBe('https://example.org/yonepse');
    expect(normaliseUpstream('https://example.org/yonepse/data/market/status.json?x=1#y')).toBe('https://example.org/yonepse');
    expect(normaliseUpstream('http://127.0.0.1:8080/data')).toBe('http://127.0.0.1:8080');
    expect(normaliseUpstream('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(normaliseUpstream('https://host/dataset')).toBe('https://host/dataset');
    for (const bad of ['', '   ', 'example.org', 'ftp://example.org', 'javascript:alert(1)']) expect(normaliseUpstream(bad)).toBeUndefined();
  });

  it('defaults to the public upstream (no build-time override here)', () => {
    expect(DEFAULT_UPSTREAM).toBe(PUBLIC_UPSTREAM);
    expect(upstreamOf({ upstream: '', layout: 'auto' })).toBe(PUBLIC_UPSTREAM);
    expect(upstreamOf({ upstream: 'http://x.test/a/', layout: 'b' })).toBe('http://x.test/a');
  });
});

describe('refresh plan', () => {
  const UP = 'http://up.test';
  // Tuesday 2026-11-24, 12:30 in Nepal: market hours.
  const noon = fromNepal('2026-11-24', 12, 30);
  const evening = fromNepal('2026-11-24', 18, 0);
  const openStatus = { isOpen: true, lastChecked: naiveUtc(noon - 60_000), extra: {} };

  it('fetches every tracked file never tried at this upstream, the status first', () => {
    const p = planRefresh('b', UP, [], null, {}, evening);
    expect(p.jobs.map((j) => j.path).sort()).toEqual(
      trackedFiles('b', evening)
        .map((f) => f.path)
        .sort(),
    );
    expect(p.jobs[0]!.path).toBe('market_status.json');
    expect(p.state.phase).toBe('closed');
    // Attempts at another upstream do not count.
    const elsewhere = trackedFiles('b', evening).map((f) => ({ path: f.path, checkedAt: evening, checkedUpstream: 'http://other.test' }));
    expect(planRefresh('b', UP, elsewhere, null, {}, evening).jobs).toHaveLength(elsewhere.length);
    expect(lastFetchedAt(elsewhere, UP)).toEqual({});
  });

  it('live files every 5 minutes while open, every 30 otherwise; asked-for files whether due or not', () => {
    const tried = (at: number) => trackedFiles('a', at).map((f) => ({ path: f.path, checkedAt: at, checkedUpstream: UP }));
    const open6 = planRefresh('a', UP, tried(noon - 6 * 60_000), openStatus, {}, noon);
    expect(open6.state.phase).toBe('open');
    expect(open6.jobs.every((j) => j.cadence === 'live')).toBe(true);
    expect(open6.jobs.map((j) => j.path)).toContain('nepse_data.json');
    expect(planRefresh('a', UP, tried(noon - 4 * 60_000), openStatus, {}, noon).jobs).toEqual([]);
    expect(planRefresh('a', UP, tried(evening - 20 * 60_000), openStatus, {}, evening).jobs).toEqual([]);
    expect(planRefresh('a', UP, tried(evening - 31 * 60_000), openStatus, {}, evening).jobs.length).toBeGreaterThan(5);
    const asked = planRefresh('a', UP, tried(noon - 60_000), openStatus, { kinds: ['brokers'], paths: ['exchange_data.json'] }, noon);
    expect(asked.jobs.map((j) => [j.path, j.forced])).toEqual([
      ['nepse_data.json', true],
      ['other/brokers.json', true],
    ]);
    expect(asked.wake).toBe(noon - 60_000 + 5 * 60_000);
  });

  it("maps what is asked to the upstream layout's files", () => {
    const at = evening;
    expect(filesAsked('b', ['status', 'stocks'], [], at).map((f) => f.path)).toEqual(['market_status.json', 'nepse_data.json']);
    expect(filesAsked('b', [], ['market/status.json', 'notify/disclosures.json'], at).map((f) => f.path)).toEqual(['market_status.json', 'disclosures.json']);
    expect(filesAsked('b', ['dividendHistory'], [], at).map((f) => f.path)).toEqual([
      'proposed_dividend/latest_1y.json',
      'proposed_dividend/history_all_years.json',
    ]);
    expect(filesAsked('a', ['dividendLatest'], [], at).map((f) => f.path)).toEqual(['dividend/history.json']);
    // Price history: any month from layout A; layout B has none.
    expect(filesAsked('a', [], ['ltp/monthly/2025-01.json'], at).map((f) => f.path)).toEqual(['ltp/monthly/2025-01.json']);
    expect(filesAsked('b', ['ltpManifest'], ['ltp/monthly/2025-01.json'], at)).toEqual([]);
    expect(filesAsked('a', [], ['nothing.json', '../x'], at)).toEqual([]);
  });

  it('orders the status first, then what was asked for, then the file table', () => {
    const j = (path: string, kind: 'status' | 'stocks' | 'brokers' | 'indices', forced: boolean) => ({ path, kind, cadence: 'live' as const, forced });
    const sorted = [j('b', 'brokers', false), j('i', 'indices', false), j('s', 'stocks', true), j('st', 'status', false)].sort(jobOrder);
    expect(sorted.map((x) => x.path)).toEqual(['st', 's', 'i', 'b']);
  });
});

describe('one upstream file, every path', () => {
  let files: Map<string, string>;
  beforeAll(() => {
    files = snapshotFiles(generateSample());
  });
  const stored = (m: Map<string, string>) => async (p: string) => m.get(p);

  async function from(path: string, layout: 'a' | 'b', text = files.get(path)!, have = new Map<string, string>()) {
    const v = validateMarketFile(path, text, layout);
    expect(v.ok, path).toBe(true);
    return filesFrom(v.kind!, layout, path, text, v.value, stored(have));
  }

  it("a layout B status becomes layout A's too, the same data", async () => {
    const out = await from('market_status.json', 'b');
    expect(out.map((o) => [o.path, o.layout, o.converted])).toEqual([
      ['market_status.json', 'b', false],
      ['market/status.json', 'a', true],
    ]);
    const read = (p: string) => readFileValue('status', JSON.parse(out.find((o) => o.path === p)!.body), p).value;
    expect(read('market/status.json')).toEqual(read('market_status.json'));
  });

  it("stock rows: names both layouts share keep the upstream's own bytes", async () => {
    const text = files.get('nepse_data.json')!;
    const out = await from('nepse_data.json', 'b', text);
    expect(out.map((o) => o.path)).toEqual(['nepse_data.json', 'exchange_data.json', 'market/live.json']);
    expect(out.filter((o) => !o.converted).every((o) => o.body === text)).toBe(true);
    expect(validateMarketFile('market/live.json', out[2]!.body, 'a').ok).toBe(true);
    expect(relatedPaths('stocks', 'b', 'nepse_data.json').sort()).toEqual(out.map((o) => o.path).sort());
  });

  it('every tracked file of either layout converts to a valid file of the other', async () => {
    for (const layout of ['a', 'b'] as const) {
      for (const f of trackedFiles(layout, Date.UTC(2026, 10, 20))) {
        if (!files.has(f.path)) continue;
        for (const o of await from(f.path, layout, files.get(f.path)!, files)) {
          expect(validateMarketFile(o.path, o.body, o.layout).ok, `${layout} ${f.path} → ${o.path}`).toBe(true);
        }
      }
    }
  });

  it("dividends: layout A's one file is layout B's two, and B's two make A's one", async () => {
    const a = await from('dividend/history.json', 'a');
    expect(a.map((o) => o.path)).toEqual(['dividend/history.json', 'proposed_dividend/history_all_years.json', 'proposed_dividend/latest_1y.json']);
    const have = new Map([['proposed_dividend/history_all_years.json', files.get('proposed_dividend/history_all_years.json')!]]);
    const b = await from('proposed_dividend/latest_1y.json', 'b', files.get('proposed_dividend/latest_1y.json')!, have);
    const made = b.find((o) => o.path === 'dividend/history.json')!;
    const value = readFileValue('dividendHistory', JSON.parse(made.body), made.path).value!;
    const original = readFileValue('dividendHistory', JSON.parse(files.get('dividend/history.json')!), 'dividend/history.json').value!;
    expect(value.latest?.length).toBe(original.latest?.length);
    expect(value.history?.length).toBe(original.history?.length);
  });
});

describe('real layout B snapshots, as a refresh stores them', () => {
  const dir = resolve(import.meta.dirname, '../../../shared/data/market/layout-b/2026-05-06T1054Z/data');
  const have = existsSync(dir);
  if (!have && process.env.CI === 'true') throw new Error(`CI: missing ${dir}`);
  if (!have) console.log(`skipped: no real snapshot in ${dir}`);

  it.skipIf(!have)('every tracked file validates, and converts to a valid layout A file with the same data', async () => {
    const now = Date.UTC(2026, 4, 6, 11);
    const texts = new Map<string, string>();
    for (const f of trackedFiles('b', now)) if (existsSync(join(dir, f.path))) texts.set(f.path, readFileSync(join(dir, f.path), 'utf8'));
    expect(texts.size).toBeGreaterThanOrEqual(18);
    for (const [path, text] of texts) {
      const v = validateMarketFile(path, text, 'b');
      expect(v.ok, `${path}: ${JSON.stringify(v.problems.slice(0, 2))}`).toBe(true);
      const out = await filesFrom(v.kind!, 'b', path, text, v.value, async (p) => texts.get(p));
      for (const o of out.filter((x) => x.converted)) {
        const back = validateMarketFile(o.path, o.body, 'a');
        expect(back.ok, `${path} → ${o.path}: ${JSON.stringify(back.problems.slice(0, 2))}`).toBe(true);
        if (v.kind !== 'dividendLatest' && v.kind !== 'dividendAllYears') expect(back.value, o.path).toEqual(v.value);
      }
    }
  });
});
