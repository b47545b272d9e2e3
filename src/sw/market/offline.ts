/// <reference lib="webworker" />
// The market's small part for offline use: the app's own snapshot of the files the screens read
// (never the upstream: its rate limit is for refreshes), checked, kept unless a file is there.

import { marketSnapshotPaths } from '../../core/market/snapshot-paths.ts';
import type { StorageTracker } from '../storage.ts';
import { marketCore } from './core.ts';
import { readFile, storeBundled } from './store.ts';

export async function saveMarketSnapshot(base: string, storage: StorageTracker): Promise<void> {
  for (const path of marketSnapshotPaths()) {
    try {
      if ((await readFile(path)).file) continue;
      const res = await fetch(`${base}data/${path}`);
      if (!res.ok) continue;
      const text = await res.text();
      const v = marketCore().validate(path, text);
      if (v.ok && v.layout) await storeBundled(path, text, v.layout, Date.now());
    } catch (e) {
      // offline, or storage trouble (noted): the screen fetches it on first use instead
      if (!(e instanceof TypeError)) storage.failed(e);
    }
  }
}

/** Market files of the snapshot stored (0: none). */
export const marketOffline = (): Promise<number> =>
  Promise.all(
    marketSnapshotPaths().map((p) =>
      readFile(p).then(
        (r) => (r.file ? 1 : 0),
        () => 0,
      ),
    ),
  ).then((n) => n.reduce((a: number, b) => a + b, 0));
