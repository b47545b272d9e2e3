// The refresher's status reply for the settings screen: the files, the phase the refresh policy
// sees, the queue and the rate window; with device storage failing, a reply that says so.

import { planRefresh } from '../../../core/market/refresh-plan.ts';
import { DEFAULT_SETTINGS, upstreamOf } from '../../../core/market/settings.ts';
import type { FileState, MarketStatusReply } from '../../../core/market/messages.ts';
import type { FileStatus } from '../../../databases/market/db.ts';
import type { Context, Parts } from './parts.ts';

export async function refresherStatus({ deps, queue, window, epoch, storedStatus }: Parts): Promise<MarketStatusReply> {
  let c: Context;
  let rows: FileStatus[];
  try {
    c = await epoch.get();
    rows = await deps.store.allStatus();
  } catch (e) {
    // Device storage fails: the status still answers, and says so.
    const problem = deps.storage.failed(e);
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
  const now = deps.clock.now();
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
    files: rows.map(fileState),
    pending: queue.size,
    nextWake: wake,
    sentLastMinute: window.lastMinute(now),
    storage: deps.storage.problem(),
  };
}

function fileState(s: FileStatus): FileState {
  const f: FileState = { path: s.path, stale: s.stale };
  if (s.fetchedAt !== undefined) f.fetchedAt = s.fetchedAt;
  if (s.source !== undefined) f.source = s.source;
  if (s.problem !== undefined) f.problem = s.problem;
  if (s.checkedAt !== undefined) f.checkedAt = s.checkedAt;
  return f;
}
