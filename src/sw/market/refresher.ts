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
// browser (tests/market/refresher.test.ts); refresh.ts wires it into the worker. Its seams live in
// refresher/: the queue, the rate window, the settings epoch, one file's fetch, the status reply.

// The core's modules, not its index: the index brings the adapters, which only core.ts loads.
import { STATUS_PATH } from '../../core/market/endpoints.ts';
import type { Layout, MarketStatus } from '../../core/market/types/index.ts';
import { filesAsked, planRefresh } from '../../core/market/refresh-plan.ts';
import type { MarketStatusReply } from '../../core/market/messages.ts';
import { type Ask, type Context, errorText, MINUTE, type Outcome, type Parts, type RefresherDeps } from './refresher/parts.ts';
import { RefreshQueue } from './refresher/queue.ts';
import { RateWindow } from './refresher/rate-window.ts';
import { SettingsEpoch } from './refresher/settings-epoch.ts';
import { fetchFile } from './refresher/fetch-file.ts';
import { refresherStatus } from './refresher/status.ts';
import { refreshProblem } from '../../core/market/refresh-problem.ts';

export type { RefresherDeps } from './refresher/parts.ts';
export type Refresher = ReturnType<typeof createRefresher>;

/** One refresher: its queue, rate-limit window and settings epoch live here, not in module globals. */
export function createRefresher(deps: RefresherDeps) {
  const window = new RateWindow();
  const parts: Parts = {
    deps,
    queue: new RefreshQueue(),
    window,
    epoch: new SettingsEpoch(deps.store, window),
    storedStatus: (layout) => storedStatus(deps, layout),
    plan: (c, ask) => plan(parts, c, ask),
  };
  const { queue, epoch } = parts;
  let draining: Promise<void> | undefined;

  /** Refreshes what is due and what is asked for; resolves when the queue is empty. */
  async function refresh(ask: Ask): Promise<void> {
    await plan(parts, await epoch.get(), ask);
    draining ??= drain(parts).finally(() => (draining = undefined));
    await draining;
  }

  /** The new settings taken: the status that shows them (the page says "saved" then); the refresh from the new upstream goes on after. */
  async function settingsChanged(): Promise<{ reply: MarketStatusReply; then: Promise<void> }> {
    epoch.change();
    queue.clear();
    const reply = await refresherStatus(parts);
    // Everything is due at a new upstream (attempts elsewhere do not count).
    return { reply, then: refresh({}) };
  }

  return { refresh, status: () => refresherStatus(parts), settingsChanged, fetchNow: (path: string) => fetchNow(parts, path) };
}

/** The stored status, as the refresh policy reads it. */
async function storedStatus({ store, core }: RefresherDeps, layout: Layout): Promise<MarketStatus | null> {
  for (const path of [STATUS_PATH[layout], STATUS_PATH[layout === 'a' ? 'b' : 'a']]) {
    const text = await store.readText(path).catch(() => undefined);
    if (text === undefined) continue;
    try {
      const v = core().read('status', JSON.parse(text), path).value;
      if (v) return v;
    } catch {
      // unreadable: as if absent
    }
  }
  return null;
}

/** Queues what is due and what is asked for (or, with the layout unknown, finding it first). */
async function plan({ deps, queue }: Parts, c: Context, ask: Ask): Promise<void> {
  if (!c.layout) {
    queue.wait(ask);
    if (!queue.detecting()) queue.add({ path: STATUS_PATH.a, kind: 'status', cadence: 'live', forced: true, detect: ['a', 'b'] });
    return;
  }
  const p = planRefresh(c.layout, c.upstream, await deps.store.allStatus(), await storedStatus(deps, c.layout), ask, deps.clock.now());
  for (const j of p.jobs) queue.add(j);
}

/** When to refresh next: the soonest a tracked file falls due, at least a minute away. */
async function wakeTime({ deps }: Parts, c: Context): Promise<number> {
  const now = deps.clock.now();
  if (!c.layout) return now + 5 * MINUTE;
  const p = planRefresh(c.layout, c.upstream, await deps.store.allStatus(), await storedStatus(deps, c.layout), {}, now);
  return Math.max(p.wake, now + MINUTE);
}

/** Runs the queue one request at a time, within the rate window, until it is empty. */
async function drain(parts: Parts): Promise<void> {
  const { deps, queue, window, epoch } = parts;
  const { updated, storage } = deps;
  for (;;) {
    while (queue.size) {
      const c = await epoch.get();
      const job = queue.next();
      const now = deps.clock.now();
      const at = window.nextAt(now);
      if (at > now) {
        // The rate limit: wait for the window to free up (the page is told until when).
        await updated({ touched: [], failed: [], pending: queue.size, done: false, nextRequestAt: at });
        await deps.clock.sleepUntil(at);
        continue;
      }
      queue.take(job);
      const current = epoch.mark();
      const out = await fetchFile(parts, job, c).catch((err: unknown): Outcome => {
        storage.failed(err);
        return { touched: [], failed: { path: job.path, problem: refreshProblem('storage', { said: errorText(err) }) } };
      });
      if (current()) await updated({ ...progress(out, queue.size), storage: storage.problem() });
    }
    const wake = await wakeTime(parts, await epoch.get());
    // Asked for while the last answer was written: go on.
    if (queue.size) continue;
    await updated({ touched: [], failed: [], pending: 0, done: true, nextWake: wake, storage: storage.problem() });
    if (!queue.size) return;
  }
}

const progress = (out: Outcome, pending: number) => ({
  touched: out.touched,
  ...(out.markedStale ? { markedStale: out.markedStale } : {}),
  failed: out.failed ? [out.failed] : [],
  pending,
  done: false,
});

/**
 * For an answer with nothing stored and no bundled copy: fetches the file now, if the upstream's
 * layout is known, has that data, and the rate limit allows a request at once. True if stored.
 */
async function fetchNow(parts: Parts, path: string): Promise<boolean> {
  const { deps, queue, window } = parts;
  const c = await parts.epoch.get();
  if (!c.layout) return false;
  const [f] = filesAsked(c.layout, [], [path], deps.clock.now());
  if (!f || queue.has(f.path)) return false;
  if (window.nextAt(deps.clock.now()) > deps.clock.now()) return false;
  const out = await fetchFile(parts, { ...f, forced: true }, c);
  void deps.updated(progress(out, queue.size));
  return !out.failed && out.touched.includes(path);
}
