// What a refresh fetches, decided by the core's refresh policy (marketState, trackedFiles,
// dueFiles, nextWake) from what is stored. Pure: no storage, no network.

import { type Cadence, ENDPOINT_OF, type FileKind, kindOfPath } from './endpoints.ts';
import { isSeriesKind } from './series-paths.ts';
import { dueFiles, type MarketState, marketState, nextWake, type TrackedFile, trackedFiles } from './refresh-policy.ts';
import type { Layout, MarketStatus } from './types/index.ts';

export interface Job extends TrackedFile {
  /** asked for by the reader or a test: fetched whether due or not */
  forced: boolean;
}

export interface StatusLike {
  path: string;
  checkedAt?: number;
  checkedUpstream?: string;
}

/** When each file was last tried at this upstream (attempts elsewhere do not count). */
export function lastFetchedAt(statuses: readonly StatusLike[], upstream: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) if (s.checkedAt !== undefined && s.checkedUpstream === upstream) out[s.path] = s.checkedAt;
  return out;
}

/** Kinds that one layout splits differently: asking for one means these in the other layout. */
const SAME_DATA: Partial<Record<FileKind, FileKind[]>> = {
  dividendHistory: ['dividendLatest', 'dividendAllYears'],
  dividendLatest: ['dividendHistory'],
  dividendAllYears: ['dividendHistory'],
};

/** The upstream files (in its layout) that hold the data of these kinds or paths (of either layout). */
export function filesAsked(layout: Layout, kinds: readonly FileKind[], paths: readonly string[], now: number): TrackedFile[] {
  const tracked = trackedFiles(layout, now);
  const out = new Map<string, TrackedFile>();
  const addKind = (kind: FileKind) => {
    const f = tracked.find((t) => t.kind === kind);
    if (f) out.set(f.path, f);
    else if (ENDPOINT_OF[kind][layout].length === 0) for (const k of SAME_DATA[kind] ?? []) addKind(k);
  };
  for (const k of kinds) addKind(k);
  for (const p of paths) {
    const w = kindOfPath(p);
    if (!w) continue;
    // A month of price history: that month, from a layout A upstream (layout B has none).
    if (w.kind === 'ltpMonth') {
      if (layout === 'a') out.set(`ltp/monthly/${w.month}.json`, { path: `ltp/monthly/${w.month}.json`, kind: 'ltpMonth', cadence: 'live' as Cadence });
    } else if (isSeriesKind(w.kind)) {
      // A series file (a month of index history, a day of intraday prices or floor sheet): that file, from layout A.
      const rel = p.replace(/^\/+/, '').replace(/^data\//, '');
      if (layout === 'a') out.set(rel, { path: rel, kind: w.kind, cadence: ENDPOINT_OF[w.kind].cadence });
    } else addKind(w.kind);
  }
  return [...out.values()];
}

export interface Plan {
  state: MarketState;
  /** due and forced files, in the order to fetch them */
  jobs: Job[];
  /** when the soonest tracked file falls due (ms) */
  wake: number;
}

/** Files of one upstream to fetch now: those due by the policy, and those asked for. */
export function planRefresh(
  layout: Layout,
  upstream: string,
  statuses: readonly StatusLike[],
  status: MarketStatus | null,
  ask: { kinds?: readonly FileKind[]; paths?: readonly string[] },
  now: number,
): Plan {
  const files = trackedFiles(layout, now);
  const last = lastFetchedAt(statuses, upstream);
  const state = marketState(status, now);
  const jobs = new Map<string, Job>();
  for (const f of dueFiles(files, last, state, now)) jobs.set(f.path, { ...f, forced: false });
  for (const f of filesAsked(layout, ask.kinds ?? [], ask.paths ?? [], now)) jobs.set(f.path, { ...f, forced: true });
  return { state, jobs: [...jobs.values()].sort(jobOrder), wake: nextWake(files, last, state, now) };
}

const ORDER = new Map<FileKind, number>([['status', -1], ...Object.keys(ENDPOINT_OF).map((k, i) => [k as FileKind, i] as const)]);

/** Fetch order: the status first (it sets the cadence), then what was asked for, then the file table's order. */
export function jobOrder(x: Job, y: Job): number {
  const sx = x.kind === 'status' ? 0 : 1;
  const sy = y.kind === 'status' ? 0 : 1;
  if (sx !== sy) return sx - sy;
  if (x.forced !== y.forced) return x.forced ? -1 : 1;
  return (ORDER.get(x.kind) ?? 99) - (ORDER.get(y.kind) ?? 99);
}
