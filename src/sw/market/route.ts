// Answers /data/** (the market files, either layout) at once from IndexedDB; a file not stored
// yet comes from the app's own origin (the bundled snapshot) and is kept, else from the upstream.
// Every answer says when its text was fetched, where from, and whether it is stale.

import { kindOfPath } from '../../core/market/endpoints.ts';
import { SOURCE_HEADER } from '../../core/answer-headers.ts';
import { storageOf } from '../storage.ts';
import { json } from '../respond.ts';
import { marketCore } from './core.ts';
import type { FileBody, FileStatus } from '../../browser/market-db.ts';
import { HEADERS } from '../../core/market/messages.ts';
import { fetchNow } from './refresh.ts';
import { readFile, storeBundled } from './store.ts';
import { MAX_FILE_BYTES, readTextBounded } from '../../core/bounded-body.ts';
import { fileLimit } from '../test-hooks.ts';

/** `rel` is the path below the worker's scope, e.g. `data/market/status.json`; undefined for paths that are not the market's. */
export function answerMarket(rel: string, request: Request): Promise<Response> | undefined {
  if (!rel.startsWith('data/')) return undefined;
  const path = rel.slice('data/'.length);
  if (!kindOfPath(path)) return undefined;
  return answer(path, request);
}

/** The market's device storage: every answer made while a failure stands carries it, as the catalog's do. */
const storage = storageOf('market');
const marked = storage.mark;

// Header values are bytes: a problem text may hold any character.
const headerText = (s: string) => encodeURIComponent(s).slice(0, 2000);

function stored(file: FileBody, status: FileStatus | undefined): Response {
  const headers: Record<string, string> = {
    [SOURCE_HEADER]: 'idb',
    [HEADERS.fetchedAt]: new Date(file.fetchedAt).toISOString(),
    [HEADERS.origin]: file.source,
    [HEADERS.stale]: status?.stale ? '1' : '0',
  };
  if (status?.stale && status.problem) headers[HEADERS.problem] = headerText(status.problem);
  if (status?.checkedAt !== undefined) headers[HEADERS.checkedAt] = new Date(status.checkedAt).toISOString();
  return json(file.body, 200, marked(headers));
}

async function read(path: string): Promise<{ file?: FileBody; status?: FileStatus } | undefined> {
  try {
    const got = await readFile(path);
    storage.worked('read');
    return got;
  } catch (e) {
    storage.failed(e);
    return undefined; // storage unavailable: answer from the network, keeping nothing
  }
}

async function answer(path: string, request: Request): Promise<Response> {
  const first = await read(path);
  if (first?.file) return stored(first.file, first.status);

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
        const again = kept ? await read(path) : undefined;
        if (again?.file) return stored(again.file, again.status);
      }
      return json(
        text,
        200,
        marked({ [SOURCE_HEADER]: 'network', [HEADERS.fetchedAt]: new Date(now).toISOString(), [HEADERS.origin]: 'bundled', [HEADERS.stale]: '0' }),
      );
    }
    missing = res.status === 404;
  } catch {
    // offline
  }

  // Not bundled: the upstream, if it has the file and the rate limit allows.
  if (first && (await fetchNow(path).catch(() => false))) {
    const got = await read(path);
    if (got?.file) return stored(got.file, got.status);
  }
  return missing
    ? json({ error: `no market file data/${path} here or upstream`, status: 404 }, 404)
    : json({ error: 'offline, and this market file is not stored on this device yet', status: 503 }, 503);
}
