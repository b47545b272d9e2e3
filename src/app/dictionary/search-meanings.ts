/// <reference lib="webworker" />
// Meaning search in the search worker: the meaning index's shards a query needs and the chunks
// holding its best results, fetched through the service worker (so they are stored, and
// answered offline once stored), with an answer after each file so the page shows progress.

import { chunkOfEntry } from '../../core/dictionary/chunk-of.ts';
import { KhojError } from '../../core/errors.ts';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile } from '../../core/dictionary/meanings/files.ts';
import { meaningQuery, MeaningShards, termMatcher } from '../../core/dictionary/meanings/search.ts';
import { snippetFor } from '../../core/dictionary/meanings/snippet.ts';
import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import type { ChunkFile, ChunkInfo, Manifest } from '../../core/dictionary/types.ts';
import type { MeaningHit, SearchAnswer } from './search-protocol.ts';

/**
 * A file of /api/v1 through the service worker: its JSON, 'unsaved' (offline, not on the device)
 * or undefined (absent); it throws KhojError "damaged" when the file failed its check (fetched twice).
 */
export type GetFile = <T>(rel: string) => Promise<T | 'unsaved' | undefined>;

type Answer = SearchAnswer;

/** Files fetched at once: enough to fill a phone's connection, few enough to be first in line for the next search. */
const PARALLEL = 3;
/** Chunks kept parsed between searches (typing refines the same results). */
const KEEP_CHUNKS = 12;

let built: { version: string; index: MeaningsIndexFile; shards: MeaningShards; chunks: ChunkInfo[] } | undefined;
const chunks = new Map<number, ChunkFile>();
/** The newest request: an older one stops fetching as soon as it notices. */
let latest = 0;

/** One search under way: its number, how it gets files and posts answers, and the files it has fetched of those to come. */
interface Search {
  id: number;
  get: GetFile;
  post: (a: Answer) => void;
  searchedAs: { searchedAs?: string };
  progress: { done: number; total: number };
}

/**
 * `id`: this search's number, higher than every earlier one's. No meaning index: thrown on the call's
 * error path, as a missing file is anywhere (the page words it: client/fetch.ts errorMessage).
 */
export async function searchMeanings(id: number, q: string, limit: number, get: GetFile, post: (a: Answer) => void): Promise<void> {
  latest = id;
  const query = meaningQuery(q);
  const searchedAs = query.text !== q.trim().normalize('NFC') ? { searchedAs: query.text } : {};
  const state = await load(get);
  if (state === 'unsaved') return post({ words: [], unsaved: ['meanings'], ...searchedAs, done: true });
  if (!state) throw new KhojError('http', 'no meaning index', { status: 404 });
  const { index, shards } = state;
  const wanted = index.shards.filter((s) => query.keys.includes(s.key) && !shards.has(s.key));
  // Files still to come for this answer: the shards now, the chunks once the results are known.
  const search: Search = { id, get, post, searchedAs, progress: { done: 0, total: wanted.length } };
  const { unsaved, damaged } = await fetchShards(search, wanted, shards);
  if (id !== latest) return;
  // Without one of its shards a search would miss what that shard holds: no answer rather than a wrong one.
  if (damaged) return post({ words: [], damaged: ['meanings'], ...searchedAs, done: true });
  if (unsaved) return post({ words: [], unsaved: ['meanings'], ...searchedAs, done: true });
  // No entry holding every word: those holding most of them, and the page says so.
  let result = shards.search(query, { limit, prefix: true });
  const some = result.total === 0 && query.terms.length > 1;
  if (some) result = shards.search(query, { limit, prefix: true, partial: true });
  await answerWithEntries(search, state.chunks, termMatcher(query, true), result, some);
}

/** The index's shards the query needs that are not loaded yet, each added as it comes; whether one was not saved or damaged. */
async function fetchShards({ id, get, post, searchedAs, progress }: Search, wanted: MeaningsIndexFile['shards'], shards: MeaningShards) {
  if (wanted.length) post({ words: [], hits: [], ...searchedAs, progress: { ...progress } });
  let unsaved = false;
  let damaged = false;
  await inTurn(wanted, async (info) => {
    if (id !== latest) return;
    const shard = await get<MeaningShardFile>(info.path).catch((e: unknown) => {
      if (!KhojError.is(e, 'damaged')) throw e;
      damaged = true;
      return undefined;
    });
    if (shard === 'unsaved') unsaved = true;
    else if (shard) shards.add(shard);
    progress.done++;
    if (id === latest) post({ words: [], hits: [], ...searchedAs, progress: { ...progress } });
  });
  return { unsaved, damaged };
}

/** The results' words and matched senses, from the chunks holding them (kept ones first, the rest fetched), answered as each comes. */
async function answerWithEntries(
  { id, get, post, searchedAs, progress }: Search,
  chunkList: ChunkInfo[],
  matches: ReturnType<typeof termMatcher>,
  result: ReturnType<MeaningShards['search']>,
  some: boolean,
): Promise<void> {
  const hits: Array<MeaningHit | null> = result.ids.map(() => null);
  const byChunk = new Map<ChunkInfo, number[]>();
  result.ids.forEach((entry, i) => {
    const info = chunkOfEntry(chunkList, entry);
    if (info) byChunk.set(info, [...(byChunk.get(info) ?? []), i]);
  });
  const fill = (info: ChunkInfo, chunk: ChunkFile) => {
    for (const i of byChunk.get(info)!) {
      const entry = chunk.entries[result.ids[i]! - info.start];
      const snippet = entry && snippetFor(entry, matches);
      if (entry) hits[i] = { word: entry.word, ...(snippet ? { snippet } : {}) };
    }
  };
  const toFetch = [...byChunk.keys()].filter((info) => {
    const kept = chunks.get(info.chunk);
    if (kept) {
      keep(info.chunk, kept);
      fill(info, kept);
    }
    return !kept;
  });
  progress.total += toFetch.length;
  let missing = 0;
  const answer = (done: boolean): Answer => ({
    words: hits.flatMap((h) => (h ? [h.word] : [])),
    hits: [...hits],
    total: result.total,
    ...(some ? { someWords: true } : {}),
    ...searchedAs,
    ...(progress.total ? { progress: { ...progress } } : {}),
    ...(missing ? { missing } : {}),
    done,
  });
  if (toFetch.length) post(answer(false));
  await inTurn(toFetch, async (info) => {
    if (id !== latest) return;
    const chunk = await get<ChunkFile>(info.path);
    progress.done++;
    if (chunk === 'unsaved' || !chunk) {
      missing += byChunk.get(info)!.length;
      return;
    }
    keep(info.chunk, chunk);
    fill(info, chunk);
    if (id === latest) post(answer(false));
  });
  if (id === latest) post(answer(true));
}

/** The meaning index and the manifest of the build the service worker answers for. */
async function load(get: GetFile): Promise<typeof built | 'unsaved'> {
  const index = await get<MeaningsIndexFile>(MEANINGS_INDEX);
  if (index === 'unsaved' || !index) return index;
  if (built?.version === index.generatedAt) return built;
  const manifest = await get<Manifest>(ROOT_FILES.manifest);
  if (manifest === 'unsaved' || !manifest) return manifest;
  chunks.clear();
  return (built = { version: index.generatedAt, index, shards: new MeaningShards(index.entries), chunks: manifest.chunks });
}

function keep(n: number, chunk: ChunkFile): void {
  chunks.delete(n);
  chunks.set(n, chunk);
  if (chunks.size > KEEP_CHUNKS) chunks.delete(chunks.keys().next().value!);
}

/** Runs `task` over `items`, PARALLEL at a time, in order of starting. */
async function inTurn<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}
