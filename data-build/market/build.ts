// The market snapshot build (data-build/market/README.md): a snapshot in layout A or B (folder or base URL), or the
// generated sample, read into one normalised model → both layouts written under data/, checked
// against their schemas and read back, then swapped in atomically with the two openapi.yaml files.

import { formatAsOf } from '../../src/core/market/format.ts';
import { kindOfPath } from '../../src/core/market/endpoints.ts';
import { readSnapshot, type SnapshotResult } from '../../src/core/market/read.ts';
import { outputSchema } from '../../src/core/market/schemas.ts';
import type { Layout, MarketSnapshot } from '../../src/core/market/types/index.ts';
import { layoutFiles, snapshotFiles, unwritten } from '../../src/core/market/write.ts';
import { DataError, formatProblem, type Problem, ProblemList } from '../../src/core/problems.ts';
import { writeFileAtomic, writeSubtree } from '../output.ts';
import { schemaProblems } from '../schema.ts';
import { generateSampleFiles } from './generate.ts';
import { marketOpenApi } from './openapi.ts';
import { readSource } from './read-source.ts';
import { FLOOR_SHEET_DAYS, readSeries, type SeriesFiles } from './series.ts';
import { FLOOR_MANIFEST, INDEX_MANIFEST, listingProblems, seriesKindOfPath, seriesProblems } from '../../src/core/market/series-files.ts';
import { assert } from '../../src/core/assert.ts';

export const SUBTREE = 'data';
export const OPENAPI_A = 'api/openapi.yaml';
export const OPENAPI_B = 'openapi.yaml';

export interface MarketOptions {
  /** folder or base URL of a snapshot in layout A or B; undefined for the generated sample */
  source?: string;
  layout?: 'a' | 'b';
  /** the sample generator's seed (default DEFAULT_SEED) */
  seed?: number;
  /** the sample's reference instant, ISO 8601 (default DEFAULT_REFERENCE; never the wall clock) */
  referenceDate?: string;
  /** floor-sheet days mirrored, the newest (default FLOOR_SHEET_DAYS) */
  floorSheetDays?: number;
}

export interface MarketBuild {
  snapshot: MarketSnapshot;
  /** path below data/ → text, both layouts */
  files: Map<string, string>;
  read?: SnapshotResult;
  /** the series files beyond the contract (layout A sources; the sample's index history) */
  series?: SeriesFiles;
  input: string;
}

/** Reads or generates the snapshot; throws DataError for bad input. */
export async function prepareMarket(opts: MarketOptions): Promise<MarketBuild & { layout?: Layout; detected?: boolean; samples?: string[] }> {
  if (opts.source === undefined) {
    let made: ReturnType<typeof generateSampleFiles>;
    try {
      made = generateSampleFiles({ seed: opts.seed, referenceDate: opts.referenceDate });
    } catch (e) {
      if (e instanceof RangeError) throw new DataError([{ file: 'market sample', message: e.message }]);
      throw e;
    }
    const { snapshot } = made;
    const files = snapshotFiles(snapshot);
    for (const [p, t] of made.series) files.set(p, t);
    const months = made.series.size - 1;
    const series: SeriesFiles = {
      files: made.series,
      ltpDays: [],
      skipped: [],
      summary: [`index history: ${months} months, generated with the prices (indices/manifest.json, indices/monthly/)`],
      samples: [],
    };
    return { snapshot, files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), series, input: snapshot.about.source };
  }
  const src = await readSource(opts.source, opts.layout);
  const read = readSnapshot({
    layout: src.layout,
    files: src.files,
    unreadable: src.unreadable,
    label: opts.source,
    name: (p) => src.actual.get(p) ?? `${src.root.href.replace(/\/$/, '')}/${p}`,
  });
  if (!read.snapshot) throw new DataError(read.problems.slice(0, 50), Math.max(0, read.problems.length - 50));
  const name = (p: string) => src.actual.get(p) ?? `${src.root.href.replace(/\/$/, '')}/${p}`;
  // Layout B has none of the series files; layout A's are mirrored at their own paths.
  const series = src.layout === 'a' ? await readSeries(src.root, src.files.get('ltp/manifest.json'), name, opts.floorSheetDays ?? FLOOR_SHEET_DAYS) : undefined;
  const ltpExtra = read.snapshot.ltp?.manifest.extra;
  // ltp/manifest.json lists in availableDays exactly the ltp/daily files published.
  if (ltpExtra) {
    if (series?.ltpDays.length) ltpExtra.availableDays = series.ltpDays;
    else delete ltpExtra.availableDays;
  }
  const files = snapshotFiles(read.snapshot);
  for (const [p, t] of series?.files ?? []) files.set(p, t);
  withIndexManifest(files, read.snapshot);
  return {
    snapshot: read.snapshot,
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    read,
    ...(series ? { series } : {}),
    input: src.root.href,
    layout: src.layout,
    detected: src.detected,
    samples: [...src.samples, ...(series?.samples ?? [])],
  };
}

/**
 * A source build that mirrors no index history (layout B, a layout A source without it) still
 * says so where the app looks, indices/manifest.json, listing no month: the history screen then asks
 * for no file the build did not publish (a 404 on every such build; issue 38).
 */
function withIndexManifest(files: Map<string, string>, snapshot: MarketSnapshot): Map<string, string> {
  const latestDate = snapshot.ltp?.manifest.latestDate ?? snapshot.summaryHistory?.at(-1)?.businessDate ?? snapshot.status.lastChecked.slice(0, 10);
  if (!files.has(INDEX_MANIFEST) && latestDate) files.set(INDEX_MANIFEST, JSON.stringify({ version: 1, latestDate, availableMonths: [], retention: 'none' }));
  return files;
}

/** Our output must pass its own schemas and read back without a problem before it replaces anything. */
export function selfCheck(snapshot: MarketSnapshot, files: Map<string, string>): void {
  const problems = new ProblemList(20);
  const parsed = new Map([...files].map(([p, t]) => [p, JSON.parse(t) as unknown]));
  for (const layout of ['a', 'b'] as const) {
    const paths = [...layoutFiles(snapshot, layout).keys()];
    for (const path of paths) {
      const where = kindOfPath(path, layout);
      if (!where) {
        problems.add({ file: path, message: `not a layout ${layout} path` });
        continue;
      }
      for (const p of schemaProblems(outputSchema(where.kind, layout), parsed.get(path), path)) problems.add(p);
    }
    const back = readSnapshot({ layout, files: new Map(paths.map((p) => [p, parsed.get(p)])), label: 'self-check' });
    for (const p of [...back.problems, ...back.skipped.filter((s) => !/^missing/.test(s.message))]) problems.add(p);
  }
  for (const p of seriesCheck(parsed)) problems.add(p);
  assert(!problems.count, `the market files fail their own check:\n${new DataError(problems.items, problems.more).message}`);
}

/** The series files pass their checks, and each manifest lists exactly the files published. */
function seriesCheck(parsed: Map<string, unknown>): Problem[] {
  const out: Problem[] = [];
  const keys = { indexMonth: [] as string[], ltpDay: [] as string[], floorDay: [] as string[] };
  for (const [path, value] of parsed) {
    const k = seriesKindOfPath(path);
    if (!k) continue;
    out.push(...seriesProblems(path, value));
    if (k.kind in keys && k.key) keys[k.kind as keyof typeof keys].push(k.key);
  }
  const list = (path: string, key: string) => {
    const v = (parsed.get(path) as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(v) ? (v as string[]) : [];
  };
  out.push(...listingProblems(INDEX_MANIFEST, 'availableMonths', list(INDEX_MANIFEST, 'availableMonths'), keys.indexMonth));
  out.push(...listingProblems('ltp/manifest.json', 'availableDays', list('ltp/manifest.json', 'availableDays'), keys.ltpDay));
  out.push(...listingProblems(FLOOR_MANIFEST, 'availableDates', list(FLOOR_MANIFEST, 'availableDates'), keys.floorDay));
  return out;
}

export async function buildMarket(opts: MarketOptions, outDir: string): Promise<string> {
  const start = performance.now();
  const built = await prepareMarket(opts);
  const { snapshot, files } = built;
  const written = await writeSubtree(outDir, SUBTREE, files, () => selfCheck(snapshot, files));
  writeFileAtomic(outDir, OPENAPI_A, marketOpenApi('a', snapshot.about));
  writeFileAtomic(outDir, OPENAPI_B, marketOpenApi('b', snapshot.about));
  return describe(built, outDir, written, Math.round(performance.now() - start));
}

function describe(b: Awaited<ReturnType<typeof prepareMarket>>, outDir: string, written: { files: number; bytes: number }, ms: number): string {
  const s = b.snapshot;
  const funds = s.stocks.filter((r) => r.assetType !== null).length;
  const lines = [
    b.layout
      ? `market: layout ${b.layout.toUpperCase()} snapshot ${b.input}${b.detected ? ' (layout detected)' : ''} → ${outDir}/${SUBTREE} in both layouts, ${outDir}/${OPENAPI_A}, ${outDir}/${OPENAPI_B}`
      : `market: SAMPLE DATA, ${b.input} → ${outDir}/${SUBTREE} in both layouts, ${outDir}/${OPENAPI_A}, ${outDir}/${OPENAPI_B}`,
    `  ${s.stocks.length} stock rows (${funds} open-ended funds), ${s.indices.length} indices, market ${s.status.isOpen ? 'open' : 'closed'} ${formatAsOf(s.status.lastChecked, 'utc', 'en')}; ` +
      `${s.ltp ? `${s.ltp.months.length} month${s.ltp.months.length === 1 ? '' : 's'} of price history to ${s.ltp.manifest.latestDate} (${s.ltp.manifest.latestStatus})` : 'no price history'}`,
    `  ${written.files} files, ${(written.bytes / 1e6).toFixed(1)} MB, ${ms} ms`,
  ];
  const section = (title: string, items: string[], max = 12) => {
    if (!items.length) return;
    lines.push(`  ${title}:`);
    for (const i of items.slice(0, max)) lines.push(`    ${i}`);
    if (items.length > max) lines.push(`    … and ${items.length - max} more`);
  };
  section('series files beyond the contract (mirrored at the same paths)', b.series?.summary ?? []);
  section(
    'series files skipped (missing or invalid: reported, not fatal)',
    (b.series?.skipped ?? []).map((p: Problem) => formatProblem(p)),
    30,
  );
  section('trimmed samples read in place of missing files', b.samples ?? []);
  section(
    'skipped (optional files missing or invalid: reported, not fatal)',
    (b.read?.skipped ?? []).map((p: Problem) => formatProblem(p)),
    30,
  );
  section('derived from other files', b.read?.derived ?? []);
  const odd = [...(b.read?.oddities.counts ?? [])].map(([kind, n]) => `${String(n).padStart(6)}  ${kind}`);
  section('real-file oddities accepted (counted, not fatal)', odd, 40);
  const missing = unwritten(s).map((u) => `layout ${u.layout.toUpperCase()} ${u.path}`);
  section('not written (the source has nothing for them)', missing, 20);
  return lines.join('\n');
}
