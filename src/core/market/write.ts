// The model written out as each layout publishes it: path below data/ → JSON value, and both
// layouts together as the text of every file (paths both layouts share must agree byte for byte).

import { ADAPTERS, type FileAdapter } from './adapters/index.ts';
import { ENDPOINTS, type FileKind, ltpMonthPath } from './endpoints.ts';
import { isSeriesKind, type SeriesKind } from './series-paths.ts';
import type { Layout, MarketSnapshot } from './types/index.ts';
import { assert } from '../assert.ts';

/** The model part each endpoint is written from; null when the snapshot has none. */
export function partOf(s: MarketSnapshot, kind: Exclude<FileKind, 'ltpMonth' | SeriesKind>): unknown {
  switch (kind) {
    case 'ltpManifest':
      return s.ltp && { ...s.ltp.manifest, availableMonths: s.ltp.months.map((m) => m.month) };
    case 'dividendHistory':
      return s.dividends && (s.dividends.history || s.dividends.latest) ? s.dividends : null;
    case 'dividendLatest':
      return s.dividends?.latest ?? null;
    case 'dividendAllYears':
      return s.dividends?.history ?? null;
    case 'dividendMeta':
      return s.dividends?.meta ?? null;
    default:
      return s[kind] ?? null;
  }
}

/** Every file of one layout: path below data/ → JSON value. */
export function layoutFiles(s: MarketSnapshot, layout: Layout): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const e of ENDPOINTS) {
    // The series files are not part of the model (data-build/market/series.ts mirrors them).
    if (!e[layout].length || isSeriesKind(e.kind)) continue;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const adapter = ADAPTERS[e.kind] as FileAdapter<any>;
    if (e.kind === 'ltpMonth') {
      for (const m of s.ltp?.months ?? []) out.set(ltpMonthPath(m.month), adapter.write(m, layout));
      continue;
    }
    const part = partOf(s, e.kind);
    if (part === null || part === undefined) continue;
    const value = adapter.write(part, layout);
    for (const path of e[layout]) out.set(path, value);
  }
  return out;
}

/** Both layouts: path below data/ → minified JSON text, sorted by path. */
export function snapshotFiles(s: MarketSnapshot): Map<string, string> {
  const text = new Map<string, string>();
  for (const layout of ['a', 'b'] as const) {
    for (const [path, value] of layoutFiles(s, layout)) {
      const t = JSON.stringify(value);
      const had = text.get(path);
      assert(had === undefined || had === t, `layouts A and B disagree on ${path}`);
      text.set(path, t);
    }
  }
  return new Map([...text].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The files missing from each layout's endpoint table because the snapshot has no such part. */
export function unwritten(s: MarketSnapshot): Array<{ layout: Layout; path: string }> {
  const out: Array<{ layout: Layout; path: string }> = [];
  for (const layout of ['a', 'b'] as const) {
    const have = layoutFiles(s, layout);
    for (const e of ENDPOINTS) {
      if (!e.contract) continue;
      for (const path of e[layout]) {
        if (e.kind === 'ltpMonth' ? !s.ltp?.months.length : !have.has(path)) out.push({ layout, path });
      }
    }
  }
  return out;
}
