// Answers /api/v1/** from IndexedDB, falling back to the network and storing what it
// fetched. Never lets a storage failure break a lookup.

import { type BuildIndex, checkFile } from '../../core/dictionary/check-file.ts';
import { MEANINGS_INDEX } from '../../core/dictionary/meanings/files.ts';
import { classifyApiPath, notFoundBody } from '../../core/dictionary/paths.ts';
import { type AnswerSource, SOURCE_HEADER, STORAGE_HEADER, STORED_ONLY_HEADER, type StorageProblem } from '../../core/sw-protocol.ts';
import { json } from '../respond.ts';
import type { StorageTracker } from '../storage.ts';
import { dropFile, getFile, putFile, StorageError } from './store.ts';
import { checkForNewBuild, ensureManifest, storedIndex, storedLetters, storedManifest, storedMeanings, version } from './versions.ts';

export interface RouteContext {
  /** absolute URL of the /api/v1/ folder, ending in a slash */
  base: string;
  /** the section's storage tracker: its answers mark only their own failures (marksEveryAnswer: false) */
  storage: StorageTracker;
}

/**
 * Stored rows (version, path) already checked by this run of the worker: a row is checked once
 * when first read (rows are only written checked; this finds damage done to storage meanwhile,
 * or rows an older worker wrote), not on every lookup: a real letter file is 1 MB of JSON.
 */
const checked = new Set<string>();

export async function answerDictionary(rel: string, request: Request, ctx: RouteContext): Promise<Response> {
  // Every answer made while storage failed says so, so the page can tell the reader.
  let problem: StorageProblem | undefined;
  const failed = (e: unknown) => void (problem = ctx.storage.failed(e));
  const answer = (body: string, source: AnswerSource) => json(body, 200, { [SOURCE_HEADER]: source, ...(problem ? { [STORAGE_HEADER]: problem } : {}) });
  const kind = classifyApiPath(rel);
  if (kind === 'unknown') return json(notFoundBody(rel), 404);

  // 1. The stored file of the current build.
  let v: string | null = null;
  try {
    v = await version();
    if (v) {
      const row = await getFile(v, rel);
      // A row that is not a whole file of this build (a bad write, an older worker's) is fetched again.
      if (row && (checked.has(`${v}\n${rel}`) || checkFile(rel, row.body, await storedIndex()).ok)) {
        checked.add(`${v}\n${rel}`);
        return answer(row.body, 'idb');
      }
      if (row) await dropFile(v, rel);
      else if (await knownMissing(rel, kind)) return json(notFoundBody(rel), 404);
    }
  } catch (e) {
    failed(e);
  }

  if (request.headers.has(STORED_ONLY_HEADER)) return json({ error: 'not stored on this device', status: 504 }, 504);

  // 2. The network, storing what belongs to our build (or starts one).
  let res: Response;
  try {
    res = await fetch(request);
  } catch {
    return json({ error: 'offline, and this file has not been saved on this device yet', status: 503 }, 503);
  }
  if (res.status === 404) return json(notFoundBody(rel), 404);
  // A host's error page or a broken file is never passed on as the file: a JSON 502 names it.
  const bad = (error: string) => json({ error, status: 502 }, 502);
  if (!res.ok) return bad(`${rel}: the server answered HTTP ${res.status}`);
  let body: string;
  try {
    body = await res.text();
  } catch {
    return bad(`${rel}: the connection broke while it was being read`);
  }
  let index: BuildIndex = {};
  try {
    // No build known yet (first run, or an activation still under way): learn it first,
    // which stores the index files, so this file can be filed under it.
    if (!v) {
      // Offline or a broken server: the file is answered anyway. A storage failure: say so.
      await checkForNewBuild(ctx.base).catch((e: unknown) => e instanceof StorageError && failed(e));
      v = await version();
    }
    if (kind === 'chunk') await ensureManifest(ctx.base);
    index = await storedIndex();
  } catch (e) {
    failed(e);
  }
  const c = checkFile(rel, body, index);
  if (!c.ok && !c.otherBuild) return bad(c.problem);
  try {
    // A chunk is filed under a build only against that build's manifest.
    if (c.ok && v && (kind !== 'chunk' || index.manifest)) await putFile(v, rel, body);
    // The server has a newer build: switch to it in the background, files and all.
    else if (!c.ok) void checkForNewBuild(ctx.base).catch(() => undefined);
  } catch (e) {
    failed(e);
  }
  return answer(body, 'network');
}

/** With the current build's index stored, a letter or chunk it lacks is a 404 even offline. */
async function knownMissing(rel: string, kind: 'root' | 'letter' | 'chunk' | 'meanings'): Promise<boolean> {
  if (kind === 'letter') {
    const letters = await storedLetters();
    return !!letters && !letters.letters.some((l) => l.path === rel);
  }
  if (kind === 'chunk') {
    const manifest = await storedManifest();
    return !!manifest && !manifest.chunks.some((c) => c.path === rel);
  }
  if (kind === 'meanings' && rel !== MEANINGS_INDEX) {
    const meanings = await storedMeanings();
    return !!meanings && !meanings.shards.some((s) => s.path === rel);
  }
  return false;
}
