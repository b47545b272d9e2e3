/// <reference lib="webworker" />
// "Save the whole dictionary" in the worker: one run at a time (a second ask joins it), its state
// for the offline status, and every window told how it goes. The run itself is in the on-demand
// script (whole/run.ts, through save-tools.ts); this side gives it the worker's storage, route
// and build files (whole/deps.ts).

import type { WholeSaveProgress } from '../../core/dictionary/messages.ts';
import { KhojError } from '../../core/errors.ts';
import type { Broadcast } from '../broadcast.ts';
import type { StorageTracker } from '../storage.ts';
import { storedHeadwords } from './derive.ts';
import { answerDictionary } from './route.ts';
import { saveTools } from './save-tools.ts';
import { getFile, putFile, storedSummary, textOf } from './store.ts';
import { checkForNewBuild, storedLetters, storedManifest, storedMeanings, storedPack, storedSizes, version } from './versions.ts';
import type { SaveDeps } from './whole/deps.ts';

export interface SaveContext {
  /** the /api/v1/ folder's URL, ending in "/" */
  base: string;
  storage: StorageTracker;
  broadcast: Broadcast;
}

let running: Promise<WholeSaveProgress> | undefined;
let abort: AbortController | undefined;
let last: WholeSaveProgress | undefined;

/** The save under way, or how the last one ended; undefined before any in this run of the worker. */
export const wholeSaveState = (): WholeSaveProgress | undefined => last;

/** Saves the whole dictionary; a save under way is joined. Resolves with how it ended. */
export function saveWhole(ctx: SaveContext): Promise<WholeSaveProgress> {
  running ??= run(ctx).finally(() => (running = undefined));
  return running;
}

/** Stops the save under way, if any (it ends "cancelled"). */
export const cancelWholeSave = (): void => abort?.abort();

async function run(ctx: SaveContext): Promise<WholeSaveProgress> {
  const mine = (abort = new AbortController());
  let told = 0;
  const report = (p: WholeSaveProgress, force: boolean) => {
    last = p;
    // Every step's start and end, and its bytes at most every 250 ms: enough for a progress bar,
    // and each one a render and a layout of the page (at 4× CPU one took 114 ms at every 100 ms).
    if (!force && performance.now() - told < 250) return;
    told = performance.now();
    void ctx.broadcast('dictionary-save-progress', p);
  };
  try {
    return await saveTools().runWholeSave(depsOf(ctx), mine.signal, report);
  } finally {
    if (abort === mine) abort = undefined;
  }
}

function depsOf(ctx: SaveContext): SaveDeps {
  return {
    base: ctx.base,
    async build() {
      let v = await version();
      if (!v) {
        await checkForNewBuild(ctx.base);
        v = await version();
      }
      if (!v) throw new KhojError('network', 'no dictionary build is known yet');
      return v;
    },
    stored: async (v) => new Set((await storedSummary(v)).paths),
    files: async () => {
      const [manifest, letters, meanings, pack, sizes] = await Promise.all([storedManifest(), storedLetters(), storedMeanings(), storedPack(), storedSizes()]);
      return { manifest, letters, meanings, pack, sizes };
    },
    text: async (v, path) => {
      const row = await getFile(v, path);
      return row && textOf(row);
    },
    put: (v, path, bytes) =>
      putFile(v, path, bytes).catch((e: unknown) => {
        ctx.storage.failed(e);
        throw e;
      }),
    answer: (path, request) => answerDictionary(path, request, ctx),
    headwords: (v) => storedHeadwords(v),
    // A broken download is asked again after 1 s, then 2, 4, 8 and 16 (whole/pack-fetch.ts).
    retryMs: 1000,
  };
}
