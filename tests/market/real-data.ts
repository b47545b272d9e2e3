// The real market snapshots in ../shared/data/market: loaded as the core reads them (parsed JSON
// by path below data/). In CI their absence fails loudly; elsewhere those tests are skipped with a
// printed reason.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Layout } from '../../src/core/market/types/index.ts';
import { MARKET_DATA, realData } from '../../harness/shared-data.ts';

export const MARKET = MARKET_DATA;
export const hasMarketData = realData('real market data', [join(MARKET, 'INDEX.md'), join(MARKET, 'layout-b')]);

export const B_SNAPSHOTS = ['2026-05-06T0623Z', '2026-05-06T1054Z', '2026-05-07T1123Z'] as const;
export const bRoot = (snap: string) => join(MARKET, 'layout-b', snap);
export const A_ROOT = join(MARKET, 'layout-a');

/** Every JSON file under a folder: path below it → text. `.sample.json` stands for `.json` when asked. */
export function loadTexts(dir: string, samples = false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.json')) {
        const rel = relative(dir, p).split(sep).join('/');
        out.set(samples ? rel.replace(/\.sample\.json$/, '.json') : rel, readFileSync(p, 'utf8'));
      }
    }
  };
  walk(dir);
  return out;
}

export const parsed = (texts: Map<string, string>) => new Map([...texts].map(([k, v]) => [k, JSON.parse(v) as unknown]));

export interface RealSnapshot {
  name: string;
  layout: Layout;
  texts: Map<string, string>;
}

/** The three layout-B snapshots, the layout-A files (trimmed samples included), and layout A with the ltp-derived history. */
export function realSnapshots(): RealSnapshot[] {
  if (!hasMarketData) return [];
  const a = loadTexts(join(A_ROOT, 'data'), true);
  const derived = new Map([...a].filter(([k]) => !k.startsWith('ltp/')));
  for (const [k, v] of loadTexts(join(MARKET, 'ltp-derived'))) derived.set(`ltp/${k}`, v);
  return [
    ...B_SNAPSHOTS.map((s) => ({ name: `layout-b/${s}`, layout: 'b' as const, texts: loadTexts(join(bRoot(s), 'data')) })),
    { name: 'layout-a (with *.sample.json)', layout: 'a', texts: a },
    { name: 'layout-a + ltp-derived', layout: 'a', texts: derived },
  ];
}
