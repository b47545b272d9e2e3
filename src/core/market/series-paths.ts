// The paths of the series files beyond the contract (checked in series-files.ts): which kind a
// path is, and the month or day its name gives. Apart from the checks, so that the worker's
// routing and refresh policy carry none of them.

export type SeriesKind = 'indexManifest' | 'indexMonth' | 'ltpDay' | 'floorManifest' | 'floorDay' | 'floorLookup';
export const SERIES_KINDS: readonly SeriesKind[] = ['indexManifest', 'indexMonth', 'ltpDay', 'floorManifest', 'floorDay', 'floorLookup'];
export const isSeriesKind = (kind: string): kind is SeriesKind => (SERIES_KINDS as readonly string[]).includes(kind);

export const INDEX_MANIFEST = 'indices/manifest.json';
export const FLOOR_MANIFEST = 'floor_sheet/manifest.json';
export const indexMonthPath = (month: string): string => `indices/monthly/${month}.json`;
export const ltpDayPath = (date: string): string => `ltp/daily/${date}.json`;
export const floorDayPath = (date: string): string => `floor_sheet/daily/${date}.json`;
/** The lookup tables the floor sheet's ids refer to (stockId → {symbol, name}, broker → name). */
export const FLOOR_LOOKUPS = ['floor_sheet/lookups/stocks.json', 'floor_sheet/lookups/brokers.json'] as const;

const PATTERNS: ReadonlyArray<[SeriesKind, RegExp]> = [
  ['indexManifest', /^indices\/manifest\.json$/],
  ['indexMonth', /^indices\/monthly\/(\d{4}-\d{2})\.json$/],
  ['ltpDay', /^ltp\/daily\/(\d{4}-\d{2}-\d{2})\.json$/],
  ['floorManifest', /^floor_sheet\/manifest\.json$/],
  ['floorDay', /^floor_sheet\/daily\/(\d{4}-\d{2}-\d{2})\.json$/],
  ['floorLookup', /^floor_sheet\/lookups\/([a-z_]+)\.json$/],
];

/** Which series file a path below data/ is, and the month, day or lookup name its name gives. */
export function seriesKindOfPath(path: string): { kind: SeriesKind; key?: string } | undefined {
  const rel = path.replace(/^\/+/, '').replace(/^data\//, '');
  for (const [kind, re] of PATTERNS) {
    const m = re.exec(rel);
    if (m) return m[1] === undefined ? { kind } : { kind, key: m[1] };
  }
  return undefined;
}
