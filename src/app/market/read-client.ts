// The page's side of the market read worker (read.worker.ts): large texts are parsed and checked
// there, off the main thread; small ones (and every one where no worker can start) on the page,
// where the round trip would cost more than the reading.

import type { AdapterValue } from '../../core/market/adapters/index.ts';
import type { FileKind } from '../../core/market/index.ts';
import { asker } from '../../core/rpc/ask.ts';
import { parseFile } from './parse-file.ts';
import { READ_PROTOCOL } from './read-protocol.ts';

/**
 * Texts from this size on go to the worker: the dividend history, securities and price months
 * (100–290 KB; 50–250 ms each on a phone's CPU). The quote file (nepse_data.json, ~90 KB), which a
 * symbol page's first content is drawn from, stays on the page: no worker script to fetch first.
 */
export const WORKER_MIN_CHARS = 100_000;

let worker: Worker | null | undefined;
function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'function' ? new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module' }) : null;
  } catch {
    worker = null;
  }
  return worker;
}
const ask = asker(READ_PROTOCOL, getWorker);

/** The value `text` holds as a file of `kind` at `path`; rejects with the problem naming the file. */
export async function readText<K extends FileKind>(kind: K, path: string, text: string): Promise<AdapterValue<K>> {
  if (text.length < WORKER_MIN_CHARS || !getWorker()) return parseFile(kind, path, text);
  let answer;
  try {
    answer = await ask('read', { kind, path, text }, { timeoutMs: 0 });
  } catch {
    // The worker could not answer (its script failed to load): read here instead.
    return parseFile(kind, path, text);
  }
  if (answer.problem !== undefined) throw new Error(answer.problem);
  return answer.value as AdapterValue<K>;
}
