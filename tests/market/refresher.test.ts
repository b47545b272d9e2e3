// The worker's market refresher (src/sw/market/refresher.ts) without a browser: its queue, rate
// limit and settings epoch run against an in-memory store, a fake clock and a fake network that
// serves the real layout-A upstream files (../shared/data/market/layout-a), with the real core's
// validators and converters.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileBody, FileStatus, RefreshMeta } from '../../src/databases/market/db.ts';
import { filesFrom } from '../../src/core/market/convert.ts';
import { keptAside, readFileValue, validateMarketFile } from '../../src/core/market/index.ts';
import type { MarketUpdated } from '../../src/core/market/messages.ts';
import { DEFAULT_SETTINGS, type MarketSettings } from '../../src/core/market/settings.ts';
import type { StorageProblem } from '../../src/core/errors.ts';
import { createRefresher, type RefresherDeps } from '../../src/sw/market/refresher.ts';
import type { StorageTracker } from '../../src/sw/storage.ts';
import { A_ROOT, hasMarketData, loadTexts } from './real-data.ts';

const UP = 'https://upstream.test/yonepse';
const OTHER = 'https://other.test/mirror';
const MINUTE = 60_000;

type Mode = 'good' | 'down' | 'garbage';

/** One world: the store, the clock, the network, and what went through them. */
function world(texts: Map<string, string>, settings: MarketSettings = { ...DEFAULT_SETTINGS, upstream: UP }) {
  const files = new Map<string, FileBody>();
  const status = new Map<string, FileStatus>();
  let meta: RefreshMeta = { sent: [] };
  let t = Date.UTC(2026, 10, 25, 6, 0); // 11:45 in Nepal, a trading day
  let mode: Mode = 'good';
  const requests: Array<{ url: string; at: number }> = [];
  const updates: MarketUpdated[] = [];
  let problem: StorageProblem | null = null;
  const storage: StorageTracker = {
    problem: () => problem,
    failed: () => (problem = 'other'),
    worked: () => void (problem = null),
    mark: (h) => h,
  };
  const deps: RefresherDeps = {
    store: {
      readFile: async (path) => ({ file: files.get(path), status: status.get(path) }),
      readText: async (path) => files.get(path)?.body,
      storeFetched: async (produced, f) => {
        for (const p of produced) {
          files.set(p.path, { path: p.path, body: p.body, layout: p.layout, fetchedAt: f.fetchedAt, source: f.source });
          status.set(p.path, { path: p.path, stale: false, fetchedAt: f.fetchedAt, source: f.source, checkedAt: f.fetchedAt, checkedUpstream: f.source });
        }
      },
      markStale: async (paths, why, checked) => {
        for (const path of new Set([...paths, ...(checked?.paths ?? [])])) {
          const s: FileStatus = { ...status.get(path), path, stale: true, problem: why };
          if (checked?.paths.includes(path)) Object.assign(s, { checkedAt: checked.at, checkedUpstream: checked.upstream });
          status.set(path, s);
        }
      },
      allStatus: async () => [...status.values()],
      readMeta: async () => meta,
      writeMeta: async (m) => void (meta = m),
      readSettings: async () => settings,
    },
    core: () => ({ validate: validateMarketFile, read: readFileValue, filesFrom, keptAside }),
    fetch: async (url) => {
      requests.push({ url, at: t });
      if (mode === 'down') throw new TypeError('Failed to fetch');
      const path = url.slice(url.indexOf('/data/') + '/data/'.length);
      const text = texts.get(decodeURIComponent(path));
      if (text === undefined) return new Response('not here', { status: 404 });
      return new Response(mode === 'garbage' ? text.slice(0, text.length / 2) : text, { status: 200 });
    },
    clock: { now: () => t, sleepUntil: async (at) => void (t = Math.max(t, at)), fetchTimeout: (ms) => ms, fileLimit: (b) => b },
    storage,
    updated: async (m) => void updates.push(m),
  };
  return {
    refresher: createRefresher(deps),
    files,
    status,
    requests,
    updates,
    setMode: (m: Mode) => void (mode = m),
    advance: (ms: number) => void (t += ms),
    settings: (s: MarketSettings) => void (settings = s),
  };
}

/** Requests in the busiest 60 s window. */
const busiest = (times: number[]) => Math.max(0, ...times.map((a) => times.filter((b) => b >= a && b < a + MINUTE).length));

describe.runIf(hasMarketData)('the market refresher, on the real layout-A files', () => {
  // Read only with the data here: a skipped describe still runs its body to collect its tests.
  const texts = hasMarketData ? loadTexts(join(A_ROOT, 'data'), true) : new Map<string, string>();

  it('finds the layout, fetches what is due within 10 requests a minute, stores only valid files, and ends with when to wake', async () => {
    const w = world(texts);
    await w.refresher.refresh({});
    expect(w.requests[0]!.url).toBe(`${UP}/data/market/status.json`);
    expect(w.requests.length).toBeGreaterThan(10);
    expect(busiest(w.requests.map((r) => r.at))).toBeLessThanOrEqual(10);
    expect(w.files.get('market/status.json')?.source).toBe(UP);
    for (const f of w.files.values()) expect(validateMarketFile(f.path, f.body, f.layout).ok, f.path).toBe(true);
    const last = w.updates.at(-1)!;
    expect(last).toMatchObject({ done: true, pending: 0 });
    expect(last.nextWake).toBeGreaterThan(w.requests.at(-1)!.at);
    // While the window was full, the page was told until when.
    expect(w.updates.some((u) => u.nextRequestAt !== undefined)).toBe(true);
    const s = await w.refresher.status();
    expect(s).toMatchObject({ upstream: UP, layout: 'a', pending: 0, storage: null });
    expect(s.sentLastMinute).toBeLessThanOrEqual(10);
  });

  it('an upstream that is down: one request, the stored texts stay as they were, marked stale with the reason', async () => {
    const w = world(texts);
    await w.refresher.refresh({});
    const before = new Map([...w.files].map(([p, f]) => [p, f.body]));
    w.advance(60 * MINUTE);
    w.setMode('down');
    const sent = w.requests.length;
    await w.refresher.refresh({ kinds: ['stocks'] });
    expect(w.requests.length - sent).toBe(1);
    expect(new Map([...w.files].map(([p, f]) => [p, f.body]))).toEqual(before);
    // Stored as data: the code, and what the browser said (for details), no sentence.
    expect(w.status.get('market/status.json')).toMatchObject({ stale: true, problem: { code: 'unreachable', said: 'Failed to fetch' } });
  });

  it('an answer cut in half never replaces the good copy; the next good answer clears the stale mark', async () => {
    const w = world(texts);
    await w.refresher.refresh({});
    const good = w.files.get('market/status.json')!.body;
    w.advance(60 * MINUTE);
    w.setMode('garbage');
    await w.refresher.refresh({ paths: ['market/status.json'] });
    expect(w.files.get('market/status.json')!.body).toBe(good);
    expect(w.status.get('market/status.json')?.stale).toBe(true);
    // The validators' problems kept as records (file, record, field), not as a line of English.
    const why = w.status.get('market/status.json')!.problem!;
    expect(why).toMatchObject({ code: 'invalid', problems: [expect.objectContaining({ file: 'market/status.json', message: expect.any(String) })] });
    w.advance(60 * MINUTE);
    w.setMode('good');
    await w.refresher.refresh({ paths: ['market/status.json'] });
    expect(w.status.get('market/status.json')).toMatchObject({ stale: false, source: UP });
  });

  it('new settings: the status shows the new upstream at once, and the refresh that follows fetches from it alone', async () => {
    const w = world(texts);
    await w.refresher.refresh({});
    w.advance(60 * MINUTE);
    w.settings({ ...DEFAULT_SETTINGS, upstream: OTHER });
    const sent = w.requests.length;
    const { reply, then } = await w.refresher.settingsChanged();
    expect(reply.upstream).toBe(OTHER);
    await then;
    const after = w.requests.slice(sent);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.url.startsWith(`${OTHER}/data/`))).toBe(true);
    expect(w.files.get('market/status.json')?.source).toBe(OTHER);
  });
});
