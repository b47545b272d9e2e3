/// <reference lib="webworker" />
// A content pack's dictionary part, the worker's calls (the work is in the on-demand save script:
// whole/pack-part.ts): this side gives it the dictionary's store, the contract's checks and the
// build check's switch, and tells every window when the build changed.

import type { Handlers } from '../../core/rpc/serve.ts';
import type { WorkerProtocol } from '../../core/worker-protocol.ts';
import type { Broadcast } from '../broadcast.ts';
import type { StorageTracker } from '../storage.ts';
import { checkFile } from './check.ts';
import { dictionaryOffline } from './offline.ts';
import { saveTools } from './save-tools.ts';
import { fileSizes, forgetFiles, getFile, putFile } from './store.ts';
import { switchToStaged, version } from './versions.ts';
import type { PartDeps } from './whole/pack-part.ts';

type PartCalls = Pick<
  Handlers<WorkerProtocol>,
  'dictionary-part-plan' | 'dictionary-part-block' | 'dictionary-part-start' | 'dictionary-part-take' | 'dictionary-part-end' | 'dictionary-part-drop'
>;

export function partCalls(ctx: { storage: StorageTracker; broadcast: Broadcast }): PartCalls {
  const deps: PartDeps = {
    version,
    whole: async () => (await dictionaryOffline()).whole,
    sizes: fileSizes,
    bytes: async (v, path) => {
      const row = await getFile(v, path);
      return row && (typeof row.body === 'string' ? new TextEncoder().encode(row.body) : new Uint8Array(row.body));
    },
    put: (v, path, bytes) =>
      putFile(v, path, bytes).catch((e: unknown) => {
        ctx.storage.failed(e);
        throw e;
      }),
    check: checkFile,
    switchTo: switchToStaged,
    drop: async (v) => void (await forgetFiles(v, new Set())),
  };
  const tools = saveTools;
  return {
    'dictionary-part-plan': () => tools().partPlan(deps),
    'dictionary-part-block': ({ version: v, paths, files }) => tools().partBlock(deps, v, paths, files),
    'dictionary-part-start': ({ index }) => tools().partStart(deps, index),
    'dictionary-part-take': ({ id, block, bytes }) => tools().partTake(deps, id, block, bytes),
    'dictionary-part-end': async ({ id }) => {
      const end = await tools().partEnd(deps, id);
      if (end.switched) await ctx.broadcast('dictionary-updated', { version: end.version });
      return end;
    },
    'dictionary-part-drop': ({ id }) => tools().partDrop(deps, id),
  };
}
