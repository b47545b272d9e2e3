/// <reference lib="webworker" />
// The dictionary in the worker: /api/v1 answered from IndexedDB (route.ts), its build checked on
// activation and when the page asks (versions.ts), and its status for the page.

import type { WorkerSection } from '../worker-section.ts';
import { dictionaryCheck } from './check.ts';
import { saveTools } from './save-tools.ts';
import { dictionaryOffline, saveDictionarySample } from './offline.ts';
import { answerDictionary } from './route.ts';
import { forgetFiles, readRetry, storedSummary, writeTime } from './store.ts';
import { DICTIONARY_SAMPLE_PATHS } from '../../core/dictionary/offline.ts';
import { classifyApiPath } from '../../core/dictionary/paths.ts';
import { checkForNewBuild, version } from './versions.ts';
import { cancelWholeSave, saveWhole } from './save-whole.ts';
import { partCalls } from './pack-part.ts';

const filesBase = (base: string, prefix: string) => new URL(`${prefix}/`, base).href;

export const dictionaryWorker: WorkerSection<'dictionary'> = {
  id: 'dictionary',
  answer(rel, prefix, request, ctx) {
    if (request.method !== 'GET' || !rel.startsWith(`${prefix}/`)) return undefined;
    const path = rel.slice(prefix.length + 1);
    // The pack is read by the worker's own save, never stored as a file: a request for it goes to the network.
    if (classifyApiPath(path) === 'pack') return undefined;
    return answerDictionary(path, request, { base: filesBase(ctx.base, prefix), storage: ctx.storage });
  },
  // On first activation the index files (metadata, manifest, letters) are stored, so the build
  // is known before the first lookup; no data file is precached.
  // Both on-demand scripts are imported at install, so the browser keeps them with the worker.
  onInstall: () => {
    dictionaryCheck();
    saveTools();
  },
  onActivate: (ctx) =>
    checkForNewBuild(filesBase(ctx.base, ctx.declaration.prefixes[0]!)).then(
      () => undefined,
      () => undefined,
    ),
  saveOffline: (ctx) => saveDictionarySample(filesBase(ctx.base, ctx.declaration.prefixes[0]!), ctx.storage),
  offlineStatus: () => dictionaryOffline(),
  calls: (ctx) => ({
    ...partCalls(ctx),
    // Page loads and coming online wait for a failed switch's back-off; `force` tries now. The asker is told how it went.
    'dictionary-check': async ({ force }) => {
      const base = filesBase(ctx.base, ctx.declaration.prefixes[0]!);
      try {
        const changed = await checkForNewBuild(base, force === true);
        const v = await version();
        if (changed) await ctx.broadcast('dictionary-updated', { version: v! });
        return { version: v };
      } catch (e) {
        // offline or a broken upstream: the old build is kept whole
        return { version: await version().catch(() => null), problem: e instanceof Error ? e.message : String(e) };
      }
    },
    'dictionary-save-whole': () => saveWhole({ base: filesBase(ctx.base, ctx.declaration.prefixes[0]!), storage: ctx.storage, broadcast: ctx.broadcast }),
    'dictionary-save-cancel': () => cancelWholeSave(),
    // The small part stays (the app keeps working offline as after a first visit); the rest is fetched again when asked for.
    'dictionary-forget': async () => {
      const v = await version();
      if (!v) return { freed: 0 };
      const { paths } = await storedSummary(v);
      const keep = new Set([...DICTIONARY_SAMPLE_PATHS, ...paths.filter((p) => classifyApiPath(p) === 'root')]);
      return { freed: await forgetFiles(v, keep) };
    },
    'dictionary-status': async () => {
      const common = { build: ctx.build, writeMs: Math.round(writeTime.ms) };
      try {
        const v = await version();
        const s = v ? await storedSummary(v) : { paths: [], bytes: 0 };
        return {
          ...common,
          version: v,
          files: s.paths.length,
          paths: s.paths,
          bytes: s.bytes,
          storage: ctx.storage.problem(),
          retry: (await readRetry()) ?? null,
        };
      } catch (e) {
        return { ...common, version: null, files: 0, paths: [], bytes: 0, storage: ctx.storage.failed(e) };
      }
    },
  }),
};
