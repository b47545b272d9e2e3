// The refresh's plausibility rules (src/core/market/plausible.ts, keptAside in validate.ts): a
// valid-shaped answer that is older than, or emptied of, the stored copy is kept aside; ordinary
// answers (the same snapshot, a newer one, a few rows fewer, a new trading day) pass. On every
// generated file in both layouts, and on the real snapshots where they are at hand.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSample } from '../../data-build/market/generate.ts';
import { ENDPOINT_OF, ENDPOINTS } from '../../src/core/market/endpoints.ts';
import { factsOf, implausible, MANY_ROWS } from '../../src/core/market/plausible.ts';
import { keptAside, validateMarketFile } from '../../src/core/market/validate.ts';
import { snapshotFiles } from '../../src/core/market/write.ts';
import type { MarketStatus } from '../../src/core/market/types/index.ts';
import { hasMarketData, realSnapshots } from './real-data.ts';

const generated = snapshotFiles(generateSample());
const DAY = 86_400_000;

/** Every year in the text moved `years` back: a host rolled back to an old snapshot. */
const rolledBack = (text: string, years = 5) => text.replace(/\b(20\d\d)-/g, (_, y: string) => `${Number(y) - years}-`);
/** Every list in the file emptied, as a scraper that found nothing writes it. */
function emptied(text: string): string {
  const v = JSON.parse(text) as unknown;
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object' && v !== null) return JSON.stringify(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? [] : x])));
  return text;
}

function aside(path: string, next: string, stored: string, status: MarketStatus | null = null, storedAt = Date.UTC(2026, 10, 20)) {
  const v = validateMarketFile(path, next);
  if (!v.ok) return `invalid: ${v.problems[0]?.message}`;
  return keptAside(v.kind!, path, v.value, stored, storedAt, status);
}

describe('keptAside', () => {
  it('lets the same snapshot through again, for every generated file', () => {
    for (const [path, text] of generated) {
      if (!validateMarketFile(path, text).ok) continue;
      expect(aside(path, text, text), path).toBeUndefined();
    }
  });

  it('keeps aside the answers a broken upstream gave: [] for the stock list, {"general":[]} for notices, a status years older', () => {
    const stocks = generated.get('nepse_data.json')!;
    expect(aside('nepse_data.json', '[]', stocks)).toMatch(/^empty, the stored copy has \d+ rows$/);
    expect(aside('exchange_data.json', '[]', stocks)).toMatch(/^empty/);
    const notices = generated.get('notices.json')!;
    expect(aside('notices.json', '{"general":[]}', notices)).toMatch(/^empty/);
    const status = generated.get('market/status.json')!;
    expect(aside('market/status.json', '{"is_open":false,"last_checked":"2019-01-01T09:25:00"}', status)).toMatch(
      /^older than the stored copy \(2019-01-01T09:25:00 < 2026-/,
    );
  });

  it('keeps aside every generated file rolled back by years or emptied, where it carries a time or many rows', () => {
    let older = 0;
    let empty = 0;
    for (const [path, text] of generated) {
      const v = validateMarketFile(path, text);
      if (!v.ok) continue;
      const facts = factsOf(v.kind!, v.value);
      if (facts.newest !== undefined && aside(path, rolledBack(text), text) !== undefined) older++;
      else if (facts.newest !== undefined) throw new Error(`${path}: a rolled-back copy passed`);
      if ((facts.rows ?? 0) >= MANY_ROWS) {
        expect(aside(path, emptied(text), text), path).toMatch(/^(empty|invalid)/);
        empty++;
      }
    }
    console.log(`generated files: ${older} rolled back and ${empty} emptied, each kept aside`);
    expect(older).toBeGreaterThanOrEqual(10);
    expect(empty).toBeGreaterThanOrEqual(15);
  });

  it('lets a newer snapshot through, and a shrunk list when a newer status says the day changed', () => {
    const stocks = generated.get('nepse_data.json')!;
    // The newest row first, so a shorter list keeps the file's time.
    const newest = factsOf('stocks', validateMarketFile('nepse_data.json', stocks).value).newestText!;
    const rows = (JSON.parse(stocks) as unknown[]).sort((x) => (JSON.stringify(x).includes(newest) ? -1 : 0));
    expect(aside('nepse_data.json', rolledBack(stocks, -1), stocks)).toBeUndefined();
    const few = JSON.stringify(rows.slice(0, 3));
    expect(aside('nepse_data.json', few, stocks)).toMatch(/^3 rows, the stored copy has/);
    const tomorrow: MarketStatus = { isOpen: true, lastChecked: '2026-11-21T06:00:00', extra: {} };
    expect(aside('nepse_data.json', few, stocks, tomorrow, Date.UTC(2026, 10, 20, 6))).toBeUndefined();
    expect(aside('nepse_data.json', JSON.stringify(rows.slice(0, Math.ceil(rows.length * 0.6))), stocks)).toBeUndefined();
  });

  it.skipIf(!hasMarketData)('on the real snapshots: each passes against the last, rolled back or emptied each is kept aside', () => {
    const snaps = realSnapshots();
    let n = 0;
    for (let i = 1; i < snaps.length; i++) {
      const [before, after] = [snaps[i - 1]!, snaps[i]!];
      if (before.layout !== after.layout) continue;
      for (const [path, text] of after.texts) {
        const prev = before.texts.get(path);
        const v = validateMarketFile(path, text, after.layout);
        if (!prev || !v.ok || !validateMarketFile(path, prev, before.layout).ok) continue;
        n++;
        expect(keptAside(v.kind!, path, v.value, prev, Date.now() - DAY, null), `${path}: the later real snapshot`).toBeUndefined();
        const back = validateMarketFile(path, prev, before.layout);
        const r = keptAside(back.kind!, path, back.value, text, Date.now() - DAY, null);
        // The earlier snapshot against the later one: older wherever the file's time moved.
        const moved = factsOf(v.kind!, v.value).newest !== factsOf(back.kind!, back.value).newest;
        if (moved) expect(r, `${path}: the earlier real snapshot`).toMatch(/^older/);
      }
    }
    console.log(`real snapshots: ${n} files checked against the previous snapshot`);
  });
});

describe('implausible (property)', () => {
  it('never lets a time go back, nor on the same day a many-row list go empty or a required one lose most rows; always lets a same-or-newer, same-or-bigger answer through', () => {
    const facts = fc.record({
      rows: fc.option(fc.nat({ max: 500 }), { nil: undefined }),
      newest: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: undefined }),
    });
    let runs = 0;
    fc.assert(
      fc.property(fc.constantFrom(...ENDPOINTS.map((e) => e.kind)), facts, facts, fc.boolean(), (kind, next, stored, newer) => {
        runs++;
        const r = implausible(kind, { ...next, newestText: String(next.newest) }, { ...stored, newestText: String(stored.newest) }, newer);
        const back = next.newest !== undefined && stored.newest !== undefined && next.newest < stored.newest;
        const many = !newer && (stored.rows ?? 0) >= MANY_ROWS;
        const lost = many && ((next.rows ?? 0) === 0 || ((next.rows ?? 0) < stored.rows! / 2 && ENDPOINT_OF[kind].required));
        expect(r !== undefined).toBe(back || lost);
      }),
      { numRuns: 2000 },
    );
    console.log(`implausible: ${runs} cases`);
  });
});
