/// <reference lib="webworker" />
// The dictionary in the worker: /api/v1 answered from IndexedDB (route.ts), its build checked on
// activation and when the page asks (versions.ts), and its status for the page.

import type { FromWorker, ToWorker } from '../../core/sw-protocol.ts';
import type { WorkerSection } from '../section.ts';
import { dictionaryCheck } from './check.ts';
import { dictionaryOffline, saveDictionarySample } from './offline.ts';
import { answerDictionary } from './route.ts';
import { readRetry, storedSummary, writeTime } from './store.ts';
import { checkForNewBuild, version } from './versions.ts';

const filesBase = (base: string, prefix: string) => new URL(`${prefix}/`, base).href;

export const dictionarySection: WorkerSection = {
  id: 'dictionary',
  answer(rel, prefix, request, ctx) {
    if (request.method !== 'GET' || !rel.startsWith(`${prefix}/`)) return undefined;
    return answerDictionary(rel.slice(prefix.length + 1), request, { base: filesBase(ctx.base, prefix), storage: ctx.storage });
  },
  // On first activation the index files (metadata, manifest, letters) are stored, so the build
  // is known before the first lookup; no data file is precached.
  onInstall: () => void dictionaryCheck(),
  onActivate: (ctx) =>
    checkForNewBuild(filesBase(ctx.base, ctx.declaration.prefixes[0]!)).then(
      () => undefined,
      () => undefined,
    ),
  saveOffline: (ctx) => saveDictionarySample(filesBase(ctx.base, ctx.declaration.prefixes[0]!), ctx.storage),
  offlineStatus: () => dictionaryOffline(),
  onMessage(m, reply, ctx) {
    const message = m as ToWorker;
    const base = filesBase(ctx.base, ctx.declaration.prefixes[0]!);
    if (message.type === 'dictionary-check')
      // Page loads and coming online wait for a failed switch's back-off; `force` tries now. The asker is told how it went.
      return checkForNewBuild(base, message.force === true).then(
        async (changed) => {
          const v = await version();
          reply({ type: 'dictionary-checked', version: v } satisfies FromWorker);
          if (changed) await ctx.broadcast({ type: 'dictionary-updated', version: v! } satisfies FromWorker);
        },
        // offline or a broken upstream: the old build is kept whole
        async (e: unknown) =>
          reply({
            type: 'dictionary-checked',
            version: await version().catch(() => null),
            problem: e instanceof Error ? e.message : String(e),
          } satisfies FromWorker),
      );
    if (message.type === 'dictionary-status')
      return (async () => {
        let answer: FromWorker;
        try {
          const v = await version();
          const s = v ? await storedSummary(v) : { paths: [], bytes: 0 };
          const retry = (await readRetry()) ?? null;
          answer = {
            type: 'dictionary-status',
            id: message.id,
            build: ctx.build,
            version: v,
            files: s.paths.length,
            paths: s.paths,
            bytes: s.bytes,
            writeMs: Math.round(writeTime.ms),
            storage: ctx.storage.problem(),
            retry,
          };
        } catch (e) {
          answer = {
            type: 'dictionary-status',
            id: message.id,
            build: ctx.build,
            version: null,
            files: 0,
            paths: [],
            bytes: 0,
            writeMs: Math.round(writeTime.ms),
            storage: ctx.storage.failed(e),
          };
        }
        reply(answer);
      })();
    return undefined;
  },
};
