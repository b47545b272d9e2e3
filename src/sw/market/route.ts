// Answers /data/** (the market files, either layout) at once from IndexedDB; a file not stored
// yet comes from the app's own origin (the bundled snapshot) and is kept, else from the upstream.
// Every answer says when its text was fetched, where from, and whether it is stale.

import { kindOfPath } from '../../core/market/endpoints.ts';
import { SOURCE_HEADER } from '../../core/answer-headers.ts';
import type { StorageTracker } from '../storage.ts';
import { json } from '../respond.ts';
import { marketCore } from './core.ts';
import type { FileBody, FileStatus } from '../../databases/market/db.ts';
import { HEADERS } from '../../core/market/messages.ts';
import type { RefreshProblem } from '../../core/market/refresh-problem.ts';
import { readFile, storeBundled } from './store.ts';
import { MAX_FILE_BYTES, readTextBounded } from '../../core/bounded-body.ts';
import { fileLimit } from '../test-hooks.ts';

/** What an answer needs: the market's device storage (every answer made while a failure stands carries it, as the catalog's do), and the refresher's fetch of a file not stored. */
export interface RouteDeps {
  storage: StorageTracker;
  fetchNow(path: string): Promise<boolean>;
}

/** `rel` is the path below the worker's scope, e.g. `data/market/status.json`; undefined for paths that are not the market's. */
export function answerMarket(rel: string, request: Request, deps: RouteDeps): Promise<Response> | undefined {
  if (!rel.startsWith('data/')) return undefined;
  const path = rel.slice('data/'.length);
  if (!kindOfPath(path)) return undefined;
  return answer(path, request, deps);
}

// Header values are bytes: the problem's data as JSON, escaped (what the browser said may hold any character).
const headerText = (p: RefreshProblem) => encodeURIComponent(JSON.stringify(p));

function stored(file: FileBody, status: FileStatus | undefined, storage: StorageTracker): Response {
  const headers: Record<string, string> = {
    [SOURCE_HEADER]: 'idb',
    [HEADERS.fetchedAt]: new Date(file.fetchedAt).toISOString(),
    [HEADERS.origin]: file.source,
    [HEADERS.stale]: status?.stale ? '1' : '0',
  };
  if (status?.stale && status.problem) headers[HEADERS.problem] = headerText(status.problem);
  if (status?.checkedAt !== undefined) headers[HEADERS.checkedAt] = new Date(status.checkedAt).toISOString();
  return json(file.body, 200, storage.mark(headers));
}

async function read(path: string, storage: StorageTracker): Promise<{ file?: FileBody; status?: FileStatus } | undefined> {
  try {
    const got = await readFile(path);
    storage.worked('read');
    return got;
  } catch (e) {
    storage.failed(e);
    return undefined; // storage unavailable: answer from the network, keeping nothing
  }
}

async function answer(path: string, request: Request, { storage, fetchNow }: RouteDeps): Promise<Response> {
  const first = await read(path, storage);
  if (first?.file) return stored(first.file, first.status, storage);

  // The app's own copy (the bundled snapshot), checked before it is kept.
  let missing = false;
  try {
    const res = await fetch(request);
    if (res.ok) {
      // Over the limit: treated as no answer (the upstream is tried, or the stored copy stands).
      const text = await readTextBounded(res, fileLimit(MAX_FILE_BYTES));
      const now = Date.now();
      const v = marketCore().validate(path, text);
      if (v.ok && v.layout && first) {
        let kept = true;
        try {
          await storeBundled(path, text, v.layout, now);
          storage.worked('write');
        } catch (e) {
          storage.failed(e);
          kept = false;
        }
        const again = kept ? await read(path, storage) : undefined;
        if (again?.file) return stored(again.file, again.status, storage);
      }
      return json(
        text,
        200,
        storage.mark({ [SOURCE_HEADER]: 'network', [HEADERS.fetchedAt]: new Date(now).toISOString(), [HEADERS.origin]: 'bundled', [HEADERS.stale]: '0' }),
      );
    }
    missing = res.status === 404;
  } catch {
    // offline
  }

  // Not bundled: the upstream, if it has the file and the rate limit allows.
  if (first && (await fetchNow(path).catch(() => false))) {
    const got = await read(path, storage);
    if (got?.file) return stored(got.file, got.status, storage);
  }
  return missing
    ? json({ error: `no market file data/${path} here or upstream`, status: 404 }, 404)
    : json({ error: 'offline, and this market file is not stored on this device yet', status: 503 }, 503);
}
