// Background refresh of the market files from the upstream. One queue, drained one request at a
// time, never faster than the core's rate limit (10 in any 60 s). What is due comes from the
// core's refresh policy (core/market/refresh-plan.ts); each fetched file is validated by the core (imported on first
// use, core.ts) before it replaces anything (convert.ts writes it under every path that holds the
// same data); a failed, cut short, non-JSON or wrongly shaped answer, or one older or emptier than
// the copy the same upstream gave before (the core's plausibility rules), leaves the stored text
// alone and marks it stale.
//
// Triggers: periodic background sync, and calls from the page (focus, visibility, coming
// online, the refresh button, tests). Progress goes to every window as `market-updated`.
// Everything it touches comes in as RefresherDeps, so the queue runs in a unit test without a
// browser (tests/market/refresher.test.ts); refresh.ts wires it into the worker.

// The core's modules, not its index: the index brings the adapters, which only core.ts loads.
import { type FileKind, STATUS_PATH } from '../../core/market/endpoints.ts';
import { scheduleRequests, trackedFiles } from '../../core/market/refresh-policy.ts';
import type { Layout, MarketStatus } from '../../core/market/types/index.ts';
import { formatProblem, type Problem } from '../../core/problems.ts';
import type { MarketCore } from './core-script.ts';
import type { FileBody, FileStatus, RefreshMeta } from '../../shared/market/db.ts';
import type { Produced } from '../../core/market/convert.ts';
import { filesAsked, type Job, jobOrder, planRefresh } from '../../core/market/refresh-plan.ts';
import { DEFAULT_SETTINGS, type MarketSettings, upstreamOf } from '../../core/market/settings.ts';
import type { FileState, MarketStatusReply, MarketUpdated } from '../../core/market/messages.ts';
import { relatedPaths } from '../../core/market/related-paths.ts';
import { MAX_FILE_BYTES, readTextBounded } from '../../core/bounded-body.ts';
import { KhojError } from '../../core/errors.ts';
import type { StorageTracker } from '../storage.ts';
import type { Fetched } from './store.ts';

const FETCH_TIMEOUT_MS = 30_000;
const MINUTE = 60_000;

interface Context {
  settings: MarketSettings;
  upstream: string;
  /** the upstream's layout: set, or found from its status file; undefined until then */
  layout?: Layout;
  meta: RefreshMeta;
}

interface Ask {
  kinds?: FileKind[];
  paths?: string[];
}

interface QueuedJob extends Job {
  /** finding the layout: the layouts still to try, this job's first */
  detect?: Layout[];
}

interface Outcome {
  touched: string[];
  /** of touched, marked stale only (their text unchanged) */
  markedStale?: string[];
  failed?: { path: string; problem: string };
}

/** What the refresher reads and writes, and how it reaches the world: the worker's (refresh.ts) or a test's. */
export interface RefresherDeps {
  store: {
    readFile(path: string): Promise<{ file?: FileBody; status?: FileStatus }>;
    readText(path: string): Promise<string | undefined>;
    storeFetched(produced: readonly Produced[], fetched: Fetched): Promise<void>;
    markStale(paths: readonly string[], problem: string, checked?: { paths: readonly string[]; at: number; upstream: string }): Promise<void>;
    allStatus(): Promise<FileStatus[]>;
    readMeta(): Promise<RefreshMeta>;
    writeMeta(m: RefreshMeta): Promise<void>;
    readSettings(): Promise<MarketSettings>;
  };
  /** the validators and converters (loaded on first use in the worker) */
  core(): Pick<MarketCore, 'validate' | 'read' | 'filesFrom' | 'keptAside'>;
  fetch(url: string, init: RequestInit): Promise<Response>;
  clock: {
    now(): number;
    /** resolves at `at`, or sooner (the caller looks again) */
    sleepUntil(at: number): Promise<void>;
    fetchTimeout(ms: number): number;
    fileLimit(bytes: number): number;
  };
  storage: StorageTracker;
  /** tells every window what changed */
  updated(m: MarketUpdated): Promise<void>;
}

export type Refresher = ReturnType<typeof createRefresher>;

/** One refresher: its queue, rate-limit window and settings epoch live here, not in module globals. */
export function createRefresher({ store, core: marketCore, fetch, clock: hooks, storage, updated }: RefresherDeps) {
  const { readFile, readText, storeFetched, markStale, allStatus, readMeta, writeMeta, readSettings } = store;
  const clock = () => hooks.now();
  const { sleepUntil, fetchTimeout, fileLimit } = hooks;
  let context: Promise<Context> | undefined;
  const noteStorage = (e: unknown) => void storage.failed(e);

  /** Times of the requests sent to any upstream (the rate limit's window), kept across settings changes. */
  let sent: number[] | undefined;
  /** Bumped when the settings change: answers to requests made before are dropped. */
  let epoch = 0;
  const queue = new Map<string, QueuedJob>();
  let draining: Promise<void> | undefined;
  /** What was asked while the layout was still unknown, planned once it is found. */
  let waiting: Ask | undefined;

  async function loadContext(): Promise<Context> {
    const [settings, meta] = await Promise.all([readSettings(), readMeta()]);
    sent ??= meta.sent;
    const upstream = upstreamOf(settings);
    const layout = settings.layout !== 'auto' ? settings.layout : meta.upstream === upstream ? meta.layout : undefined;
    return layout ? { settings, upstream, layout, meta } : { settings, upstream, meta };
  }

  function getContext(): Promise<Context> {
    const c = (context ??= loadContext());
    c.catch(() => (context = undefined));
    return c;
  }

  const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

  /** The stored status, as the refresh policy reads it. */
  async function storedStatus(layout: Layout): Promise<MarketStatus | null> {
    for (const path of [STATUS_PATH[layout], STATUS_PATH[layout === 'a' ? 'b' : 'a']]) {
      const text = await readText(path).catch(() => undefined);
      if (text === undefined) continue;
      try {
        const v = marketCore().read('status', JSON.parse(text), path).value;
        if (v) return v;
      } catch {
        // unreadable: as if absent
      }
    }
    return null;
  }

  function enqueue(job: QueuedJob): void {
    const old = queue.get(job.path);
    queue.set(job.path, old ? { ...job, forced: job.forced || old.forced } : job);
  }

  /** Queues what is due and what is asked for (or, with the layout unknown, finding it first). */
  async function plan(c: Context, ask: Ask): Promise<void> {
    if (!c.layout) {
      waiting = { kinds: [...(waiting?.kinds ?? []), ...(ask.kinds ?? [])], paths: [...(waiting?.paths ?? []), ...(ask.paths ?? [])] };
      if (![...queue.values()].some((j) => j.detect)) {
        const order: Layout[] = ['a', 'b'];
        enqueue({ path: STATUS_PATH.a, kind: 'status', cadence: 'live', forced: true, detect: order });
      }
      return;
    }
    const p = planRefresh(c.layout, c.upstream, await allStatus(), await storedStatus(c.layout), ask, clock());
    for (const j of p.jobs) enqueue(j);
  }

  /** When to refresh next: the soonest a tracked file falls due, at least a minute away. */
  async function wakeTime(c: Context): Promise<number> {
    const now = clock();
    if (!c.layout) return now + 5 * MINUTE;
    const p = planRefresh(c.layout, c.upstream, await allStatus(), await storedStatus(c.layout), {}, now);
    return Math.max(p.wake, now + MINUTE);
  }

  /** Refreshes what is due and what is asked for; resolves when the queue is empty. */
  async function refresh(ask: Ask): Promise<void> {
    await plan(await getContext(), ask);
    draining ??= drain().finally(() => (draining = undefined));
    await draining;
  }

  async function drain(): Promise<void> {
    for (;;) {
      while (queue.size) {
        const c = await getContext();
        const job = [...queue.values()].sort((x, y) => Number(!x.detect) - Number(!y.detect) || jobOrder(x, y))[0]!;
        const now = clock();
        const at = scheduleRequests([job], sent ?? [], now)[0]!.at;
        if (at > now) {
          // The rate limit: wait for the window to free up (the page is told until when).
          await updated({ touched: [], failed: [], pending: queue.size, done: false, nextRequestAt: at });
          await sleepUntil(at);
          continue;
        }
        queue.delete(job.path);
        const e = epoch;
        const out = await run(job, c).catch((err: unknown): Outcome => {
          storage.failed(err);
          return { touched: [], failed: { path: job.path, problem: `storage: ${errorText(err)}` } };
        });
        if (e === epoch)
          await updated({
            touched: out.touched,
            ...(out.markedStale ? { markedStale: out.markedStale } : {}),
            failed: out.failed ? [out.failed] : [],
            pending: queue.size,
            done: false,
            storage: storage.problem(),
          });
      }
      const wake = await wakeTime(await getContext());
      // Asked for while the last answer was written: go on.
      if (queue.size) continue;
      await updated({ touched: [], failed: [], pending: 0, done: true, nextWake: wake, storage: storage.problem() });
      if (!queue.size) return;
    }
  }

  const describe = (problems: readonly Problem[]) => {
    const text = problems.slice(0, 3).map(formatProblem).join('; ') + (problems.length > 3 ? ` (+${problems.length - 3} more)` : '');
    return text.length > 400 ? `${text.slice(0, 399)}…` : text;
  };

  /** Fetches one file from the upstream, validates it and stores it, or marks the stored one stale. */
  async function run(job: QueuedJob, c: Context): Promise<Outcome> {
    const e = epoch;
    const now = clock();
    sent = [...(sent ?? []).filter((t) => t > now - MINUTE), now];
    await writeMeta({ ...c.meta, sent }).catch(noteStorage);
    const layout = job.detect?.[0] ?? c.layout!;

    const failure = async (problem: string, down = false): Promise<Outcome> => {
      if (e !== epoch) return { touched: [] };
      // Finding the layout: a status file missing or wrong here may mean the other layout.
      if (!down && job.detect && job.detect.length > 1) {
        const next = job.detect[1]!;
        enqueue({ ...job, path: STATUS_PATH[next], detect: job.detect.slice(1) });
        return { touched: [] };
      }
      const paths = new Set(relatedPaths(job.kind, layout, job.path));
      const tried = [job.path];
      if (job.detect || down) {
        // Nothing else can be refreshed now: all it was to refresh stays as old as it is.
        const rest: Array<[Layout, Array<{ kind: FileKind; path: string }>]> = job.detect
          ? [
              ['a', trackedFiles('a', now)],
              ['b', trackedFiles('b', now)],
            ]
          : [[layout, [...queue.values()]]];
        for (const [l, files] of rest) for (const f of files) for (const p of relatedPaths(f.kind, l, f.path)) paths.add(p);
        if (down) tried.push(...queue.keys());
        queue.clear();
        waiting = undefined;
      }
      await markStale([...paths], problem, { paths: tried, at: now, upstream: c.upstream });
      return { touched: [...paths], markedStale: [...paths], failed: { path: job.path, problem } };
    };

    let res: Response;
    try {
      const url = `${c.upstream}/data/${job.path.split('/').map(encodeURIComponent).join('/')}`;
      // The browser's HTTP cache revalidates (ETag/Last-Modified) without a CORS preflight.
      res = await fetch(url, { cache: 'no-cache', credentials: 'omit', signal: AbortSignal.timeout(fetchTimeout(FETCH_TIMEOUT_MS)) });
    } catch (err) {
      return failure(`upstream unreachable: ${errorText(err)}`, true);
    }
    if (!res.ok) return failure(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    let text: string;
    try {
      // The upstream may be any host the reader set: its answer is held to the build's file limit.
      text = await readTextBounded(res, fileLimit(MAX_FILE_BYTES));
    } catch (err) {
      if (KhojError.is(err, 'too-large')) return failure(err.message);
      return failure(`the answer was cut short: ${errorText(err)}`);
    }
    const core = marketCore();
    const v = core.validate(job.path, text, layout);
    if (!v.ok || !v.kind) return failure(describe(v.problems));
    if (e !== epoch) return { touched: [] };
    // Well-formed is not enough: an answer older than, or emptied of, the copy this upstream gave
    // before is kept aside (the stored copy stays, stale), unless a newer status says the day changed.
    const old = (await readFile(job.path)).file;
    if (old && old.source === c.upstream) {
      const aside = core.keptAside(v.kind, job.path, v.value, old.body, old.fetchedAt, await storedStatus(layout));
      if (aside) return failure(`kept aside as stale: ${aside}`);
    }
    const produced = await core.filesFrom(v.kind, layout, job.path, text, v.value, readText);
    const etag = res.headers.get('ETag');
    const lastModified = res.headers.get('Last-Modified');
    await storeFetched(produced, { fetchedAt: clock(), source: c.upstream, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) });
    storage.worked('write');
    if (job.detect) {
      c.layout = layout;
      c.meta.upstream = c.upstream;
      c.meta.layout = layout;
      await writeMeta({ ...c.meta, sent: sent ?? [] }).catch(noteStorage);
      const ask = waiting ?? {};
      waiting = undefined;
      await plan(c, ask);
    }
    return { touched: produced.map((p) => p.path) };
  }

  async function status(): Promise<MarketStatusReply> {
    let c: Context;
    let rows: Awaited<ReturnType<typeof allStatus>>;
    try {
      c = await getContext();
      rows = await allStatus();
    } catch (e) {
      // Device storage fails: the status still answers, and says so.
      const problem = storage.failed(e);
      return {
        upstream: upstreamOf(DEFAULT_SETTINGS),
        settings: DEFAULT_SETTINGS,
        layout: null,
        phase: 'unknown',
        reason: `device storage: ${problem}`,
        why: 'storage',
        files: [],
        pending: queue.size,
        nextWake: null,
        sentLastMinute: 0,
        storage: problem,
      };
    }
    const files = rows.map((s) => {
      const f: FileState = { path: s.path, stale: s.stale };
      if (s.fetchedAt !== undefined) f.fetchedAt = s.fetchedAt;
      if (s.source !== undefined) f.source = s.source;
      if (s.problem !== undefined) f.problem = s.problem;
      if (s.checkedAt !== undefined) f.checkedAt = s.checkedAt;
      return f;
    });
    const now = clock();
    let phase = 'unknown';
    let reason = 'the upstream layout is not known yet';
    let why: MarketStatusReply['why'] = 'no-layout';
    let wake: number | null = null;
    if (c.layout) {
      const p = planRefresh(c.layout, c.upstream, rows, await storedStatus(c.layout), {}, now);
      ({ phase, reason, why } = p.state);
      wake = p.wake;
    }
    return {
      upstream: c.upstream,
      settings: c.settings,
      layout: c.layout ?? null,
      phase,
      reason,
      why,
      files,
      pending: queue.size,
      nextWake: wake,
      sentLastMinute: (sent ?? []).filter((t) => t > now - MINUTE).length,
      storage: storage.problem(),
    };
  }

  /** The new settings taken: the status that shows them (the page says "saved" then); the refresh from the new upstream goes on after. */
  async function settingsChanged(): Promise<{ reply: MarketStatusReply; then: Promise<void> }> {
    epoch++;
    queue.clear();
    waiting = undefined;
    context = undefined;
    const reply = await status();
    // Everything is due at a new upstream (attempts elsewhere do not count).
    return { reply, then: refresh({}) };
  }

  /**
   * For an answer with nothing stored and no bundled copy: fetches the file now, if the upstream's
   * layout is known, has that data, and the rate limit allows a request at once. True if stored.
   */
  async function fetchNow(path: string): Promise<boolean> {
    const c = await getContext();
    if (!c.layout) return false;
    const [f] = filesAsked(c.layout, [], [path], clock());
    if (!f || queue.has(f.path)) return false;
    if (scheduleRequests([f], sent ?? [], clock())[0]!.at > clock()) return false;
    const out = await run({ ...f, forced: true }, c);
    void updated({
      touched: out.touched,
      ...(out.markedStale ? { markedStale: out.markedStale } : {}),
      failed: out.failed ? [out.failed] : [],
      pending: queue.size,
      done: false,
    });
    return !out.failed && out.touched.includes(path);
  }

  return { refresh, status, settingsChanged, fetchNow };
}
