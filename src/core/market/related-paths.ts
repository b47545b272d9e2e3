// Which stored files hold the same data as one market file: its other names in its layout and
// the other layout's file(s). Only the endpoint tables: the worker marks these stale without
// loading the converters (convert.ts) that write them.

import { ENDPOINT_OF, type FileKind } from './endpoints.ts';
import { isSeriesKind } from './series-paths.ts';
import type { Layout } from './types/index.ts';

export const other = (l: Layout): Layout => (l === 'a' ? 'b' : 'a');

/** Layout A keeps dividends in one file, layout B in two: these are converted together. */
export const DIVIDENDS_B = { latest: 'proposed_dividend/latest_1y.json', all: 'proposed_dividend/history_all_years.json' } as const;
export const DIVIDENDS_A = 'dividend/history.json';

/** Every path below data/ holding the data of `path` (of `kind` in `layout`), itself first. */
export function relatedPaths(kind: FileKind, layout: Layout, path: string): string[] {
  if (kind === 'ltpMonth' || isSeriesKind(kind)) return [path];
  const out = [path, ...ENDPOINT_OF[kind][layout].filter((p) => p !== path)];
  if (kind === 'dividendHistory') out.push(DIVIDENDS_B.latest, DIVIDENDS_B.all);
  else if (kind === 'dividendLatest' || kind === 'dividendAllYears') out.push(DIVIDENDS_A);
  else out.push(...ENDPOINT_OF[kind][other(layout)]);
  return [...new Set(out)];
}
