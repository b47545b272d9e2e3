// Answers /api/v1/** from IndexedDB, falling back to the network and storing what it
// fetched. Never lets a storage failure break a lookup.

import type { BuildIndex } from '../../core/dictionary/check-file.ts';
import { checkFile } from './check.ts';
import { MEANINGS_INDEX } from '../../core/dictionary/meanings/files.ts';
import { type ApiPathKind, classifyApiPath, notFoundBody } from '../../core/dictionary/paths.ts';
import { type AnswerSource, SOURCE_HEADER, STORAGE_HEADER, STORED_ONLY_HEADER, type StorageProblem } from '../../core/answer-headers.ts';
import { json } from '../respond.ts';
import type { StorageTracker } from '../storage.ts';
import { sameBytes, sha256, sha256Hex } from './digest.ts';
import { bufferOf, dropFile, type FileRow, getFile, putFile, textOf } from './store.ts';
import { KhojError } from '../../core/errors.ts';
import { checkForNewBuild, ensureManifest, ensureMeanings, storedIndex, storedLetters, storedManifest, storedMeanings, version } from './versions.ts';
import { madeLetter } from './derive.ts';

export interface RouteContext {
  /** absolute URL of the /api/v1/ folder, ending in a slash */
  base: string;
  /** the section's storage tracker: its answers mark only their own failures (marksEveryAnswer: false) */
  storage: StorageTracker;
}

/**
 * Rows this run of the worker has verified, by version and path, as Blobs of their bytes:
 * answered from here without reading IndexedDB again or copying the bytes (about 8 MB kept,
 * oldest out first). Rows are only written checked; verifying each once per run finds damage
 * done to storage meanwhile, or an older worker's rows.
 */
const verified = new Map<string, Blob>();
let verifiedBytes = 0;

function remember(key: string, blob: Blob): Blob {
  for (const [k, b] of verified) {
    if (verifiedBytes + blob.size <= 8e6) break;
    verified.delete(k);
    verifiedBytes -= b.size;
  }
  verified.set(key, blob);
  verifiedBytes += blob.size;
  return blob;
}

/**
 * The stored body, if it is still the file that was checked and stored: a row this worker wrote
 * by its digest (a hash of its bytes, no parse), an older worker's text by the full check, after
 * which it is stored again as bytes, so that it is verified cheaply from then on.
 */
async function intact(key: string, rel: string, row: FileRow): Promise<BodyInit | undefined> {
  if (row.body instanceof ArrayBuffer && row.digest) return sameBytes(await sha256(row.body), row.digest) ? remember(key, new Blob([row.body])) : undefined;
  const text = textOf(row);
  if (!checkFile(rel, text, await storedIndex(), await shardDigest(rel, new TextEncoder().encode(text))).ok) return undefined;
  void putFile(row.version, rel, text).catch(() => undefined);
  return text;
}

/** One request being answered: its path and kind, and how an answer is made and a storage failure noted. */
interface Answering {
  rel: string;
  kind: Exclude<ApiPathKind, 'unknown'>;
  request: Request;
  ctx: RouteContext;
  failed: (e: unknown) => void;
  answer: (body: BodyInit, source: AnswerSource) => Response;
}

export async function answerDictionary(rel: string, request: Request, ctx: RouteContext): Promise<Response> {
  // Every answer made while storage failed says so, so the page can tell the reader.
  let problem: StorageProblem | undefined;
  const failed = (e: unknown) => void (problem = ctx.storage.failed(e));
  const answer = (body: BodyInit, source: AnswerSource) => json(body, 200, { [SOURCE_HEADER]: source, ...(problem ? { [STORAGE_HEADER]: problem } : {}) });
  const kind = classifyApiPath(rel);
  if (kind === 'unknown') return json(notFoundBody(rel), 404);
  const a: Answering = { rel, kind, request, ctx, failed, answer };
  const stored = await fromStore(a);
  if (stored.response) return stored.response;
  if (request.headers.has(STORED_ONLY_HEADER)) return json({ error: 'not stored on this device', status: 504 }, 504);
  return fromNetwork(a, stored.v);
}

/** 1. The stored file of the current build, if it is there and intact; else that build's version (null when none is known). */
async function fromStore({ rel, kind, failed, answer }: Answering): Promise<{ response?: Response; v: string | null }> {
  let v: string | null = null;
  try {
    v = await version();
    if (v) {
      const key = `${v}\n${rel}`;
      const known = verified.get(key);
      if (known) return { response: answer(known, 'idb'), v };
      const row = await getFile(v, rel);
      // A row that is not a whole file of this build (a bad write, damage since) is fetched again.
      const body = row && (await intact(key, rel, row));
      if (body) return { response: answer(body, 'idb'), v };
      if (row) await dropFile(v, rel);
      else if (await knownMissing(rel, kind)) return { response: json(notFoundBody(rel), 404), v };
      // A letter's list is made from the headword list, online or not: no download (derive.ts).
      const made = kind === 'letter' ? await madeLetter(v, rel) : undefined;
      if (made) {
        await putFile(v, rel, made).catch(failed);
        return { response: answer(bufferOf(made), 'idb'), v };
      }
    }
  } catch (e) {
    failed(e);
  }
  return { v };
}

/**
 * The build a fetched file is filed under and its stored index. No build known yet (first run, or
 * an activation still under way): learn it first, which stores the index files.
 */
async function buildFor({ kind, rel, ctx, failed }: Answering, known: string | null): Promise<{ v: string | null; index: BuildIndex }> {
  let v = known;
  let index: BuildIndex = {};
  try {
    if (!v) {
      // Offline or a broken server: the file is answered anyway. A storage failure: say so.
      await checkForNewBuild(ctx.base).catch((e: unknown) => KhojError.is(e, 'storage') && failed(e));
      v = await version();
    }
    if (kind === 'chunk') await ensureManifest(ctx.base);
    if (isShard(rel)) await ensureMeanings(ctx.base);
    index = await storedIndex();
  } catch (e) {
    failed(e);
  }
  return { v, index };
}

/** 2. The network, storing what belongs to our build (or starts one). */
async function fromNetwork(a: Answering, known: string | null): Promise<Response> {
  const { rel, kind, request, ctx, failed, answer } = a;
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
  // Bytes, stored and answered as they came; the text only for the check.
  let bytes: ArrayBuffer;
  try {
    bytes = await res.arrayBuffer();
  } catch {
    return bad(`${rel}: the connection broke while it was being read`);
  }
  const shard = isShard(rel);
  const { v, index } = await buildFor(a, known);
  const check = async (b: ArrayBuffer) => checkFile(rel, new TextDecoder().decode(b), index, await shardDigest(rel, b));
  let c = await check(bytes);
  if (!c.ok && !c.otherBuild && shard) {
    // A damaged shard may be a copy kept on the way (the HTTP cache, a proxy): asked for once
    // more, past the cache. Search would read a damaged one wrongly, so it is never answered.
    const again = await fetch(new Request(request, { cache: 'reload' }))
      .then((r) => (r.ok ? r.arrayBuffer() : undefined))
      .catch(() => undefined);
    if (again) c = await check((bytes = again));
    if (!c.ok) return json({ error: c.problem, status: 502, damaged: true }, 502);
  }
  if (!c.ok && !c.otherBuild) return bad(c.problem);
  try {
    // A chunk is filed under a build only against that build's manifest, a shard against its meaning index.
    if (c.ok && v && (kind !== 'chunk' || index.manifest) && (!shard || index.meanings)) await putFile(v, rel, bytes);
    // The server has a newer build: switch to it in the background, files and all.
    else if (!c.ok) void checkForNewBuild(ctx.base).catch(() => undefined);
  } catch (e) {
    failed(e);
  }
  return answer(bytes, 'network');
}

const isShard = (rel: string) => classifyApiPath(rel) === 'meanings' && rel !== MEANINGS_INDEX;

/** A meaning shard's digest, which its check needs (check-shard.ts); undefined for other files. */
const shardDigest = async (rel: string, bytes: BufferSource): Promise<string | undefined> => (isShard(rel) ? sha256Hex(bytes) : undefined);

/** With the current build's index stored, a letter or chunk it lacks is a 404 even offline. */
async function knownMissing(rel: string, kind: Exclude<ApiPathKind, 'unknown'>): Promise<boolean> {
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
