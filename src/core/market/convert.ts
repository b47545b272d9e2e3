// One validated upstream file → every stored file that holds the same data: the other names of
// its layout (the same bytes) and the other layout's file, written from the model by the core's
// adapters. So the page reads the same paths whichever layout the upstream speaks.

import { ADAPTERS, ENDPOINT_OF, type DividendRecord, type FileAdapter, type FileKind, type Layout, readFileValue } from './index.ts';
import { DIVIDENDS_A, DIVIDENDS_B, other } from './related-paths.ts';
import { isSeriesKind } from './series-paths.ts';

export interface Produced {
  path: string;
  body: string;
  layout: Layout;
  /** written from the other layout's file */
  converted: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const write = (kind: FileKind, value: unknown, layout: Layout) => JSON.stringify((ADAPTERS[kind] as FileAdapter<any>).write(value, layout));

type Stored = (path: string) => Promise<string | undefined>;

async function storedValue<K extends FileKind>(kind: K, path: string, stored: Stored) {
  const text = await stored(path);
  if (text === undefined) return undefined;
  try {
    return readFileValue(kind, JSON.parse(text), path).value;
  } catch {
    return undefined;
  }
}

const newest = (rows: readonly DividendRecord[]) =>
  rows
    .map((r) => r.scrapedAt)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1) ?? null;

/**
 * The files to store for one upstream file that passed validation: `text` under `path` and its
 * other names in the same layout, and the other layout's file(s) written from `value` (the model
 * `validateMarketFile` read). `stored` gives a stored file's text (dividends need the other half).
 */
export async function filesFrom(kind: FileKind, layout: Layout, path: string, text: string, value: unknown, stored: Stored): Promise<Produced[]> {
  // Months, days and the series files have one path, in layout A only: stored as published.
  if (kind === 'ltpMonth' || isSeriesKind(kind)) return [{ path, body: text, layout, converted: false }];
  const out: Produced[] = [path, ...ENDPOINT_OF[kind][layout].filter((p) => p !== path)].map((p) => ({ path: p, body: text, layout, converted: false }));
  const to = other(layout);
  if (kind === 'dividendHistory') {
    const d = value as { history: DividendRecord[] | null; latest: DividendRecord[] | null };
    if (d.history) out.push({ path: DIVIDENDS_B.all, body: write('dividendAllYears', d.history, 'b'), layout: 'b', converted: true });
    if (d.latest) out.push({ path: DIVIDENDS_B.latest, body: write('dividendLatest', d.latest, 'b'), layout: 'b', converted: true });
  } else if (kind === 'dividendLatest' || kind === 'dividendAllYears') {
    // The other half: the other B file as stored, else what the stored A file holds.
    const stored_a = await storedValue('dividendHistory', DIVIDENDS_A, stored);
    const rows = value as DividendRecord[];
    let latest: DividendRecord[] | null;
    let history: DividendRecord[] | null;
    if (kind === 'dividendLatest') {
      latest = rows;
      history = (await storedValue('dividendAllYears', DIVIDENDS_B.all, stored)) ?? stored_a?.history ?? null;
    } else {
      history = rows;
      latest = (await storedValue('dividendLatest', DIVIDENDS_B.latest, stored)) ?? stored_a?.latest ?? null;
    }
    const scrapedAt = newest([...(latest ?? []), ...(history ?? [])]);
    out.push({ path: DIVIDENDS_A, body: write('dividendHistory', { scrapedAt, history, latest }, 'a'), layout: 'a', converted: true });
  } else {
    // Names both layouts share (the stock rows' files) keep the upstream's own text.
    const paths = ENDPOINT_OF[kind][to].filter((p) => !out.some((o) => o.path === p));
    const body = paths.length ? write(kind, value, to) : '';
    for (const p of paths) out.push({ path: p, body, layout: to, converted: true });
  }
  return out;
}
