/// <reference lib="webworker" />
// The search worker: headword and meaning indexes, built here off the main thread from
// the contract's files (fetched through the service worker, so offline too).

import { chunkPath, letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { compareCodePoints } from '../../core/dictionary/normalise.ts';
import { HeadwordIndex, type HeadwordHit } from '../../core/dictionary/search/headword-index.ts';
import { lettersFor } from '../../core/dictionary/search/letters.ts';
import { MeaningIndex } from '../../core/dictionary/search/meaning-index.ts';
import { MATCH_ORDER } from '../../core/dictionary/search/rank.ts';
import { STORED_ONLY_HEADER } from '../../core/sw-protocol.ts';
import { encodeSegment } from '../../core/text.ts';
import type { ChunkFile, LettersFile, Manifest, WordsByLetterFile } from '../../core/dictionary/types.ts';
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

let base = '';
const getJson = async <T>(rel: string, headers: Record<string, string> = {}): Promise<T | undefined> => {
  const res = await fetch(base + rel.split('/').map(encodeSegment).join('/'), { headers });
  return res.ok ? ((await res.json()) as T) : undefined;
};

// ---- headwords: one index per letter file, built when first needed ----

let known: Promise<Set<string>> | undefined;
const indexes = new Map<string, Promise<HeadwordIndex | undefined>>();

const letters = () => (known ??= getJson<LettersFile>(ROOT_FILES.letters).then((l) => new Set(l?.letters.map((x) => x.letter) ?? [])));

/** Letters whose word list the service worker could not give: offline, and not on the device. */
const unsaved = new Set<string>();

async function letterWords(letter: string): Promise<WordsByLetterFile | undefined> {
  const res = await fetch(base + letterPath(letter).split('/').map(encodeURIComponent).join('/'));
  // 503/504: offline and not saved (a network failure with no worker, likewise): tried again next time.
  if (res.status === 503 || res.status === 504) throw Object.assign(new Error(letter), { unsaved: true });
  return res.ok ? ((await res.json()) as WordsByLetterFile) : undefined;
}

function indexOf(letter: string): Promise<HeadwordIndex | undefined> {
  let p = indexes.get(letter);
  if (!p) {
    p = letterWords(letter).then(
      (f) => (unsaved.delete(letter), f ? new HeadwordIndex(f.words.map((w) => w.word)) : undefined),
      (e: unknown) => {
        indexes.delete(letter);
        if ((e as { unsaved?: boolean }).unsaved || !navigator.onLine) {
          unsaved.add(letter);
          return undefined;
        }
        throw e;
      },
    );
    p.catch(() => indexes.delete(letter));
    indexes.set(letter, p);
  }
  return p;
}

const tier = (h: HeadwordHit) => MATCH_ORDER.indexOf(h.kind);

async function searchWords(q: string, limit: number): Promise<{ words: string[]; missing: string[] }> {
  const have = await letters();
  const wanted = lettersFor(q).filter((l) => have.has(l));
  const hits = (await Promise.all(wanted.map(async (l) => (await indexOf(l))?.search(q, limit) ?? []))).flat();
  // Letters are merged by how each word matched, then shorter, then dictionary order.
  hits.sort((a, b) => tier(a) - tier(b) || [...a.word].length - [...b.word].length || compareCodePoints(a.word, b.word));
  const words = [...new Set(hits.map((h) => h.word))].slice(0, limit);
  // Once someone searches, the other letters are indexed while they read.
  void warmUp(have);
  return { words, missing: wanted.filter((l) => unsaved.has(l)) };
}

let warming = false;
let ready = 0;
async function warmUp(have: Set<string>): Promise<void> {
  if (warming) return;
  warming = true;
  for (const l of have) {
    await indexOf(l).catch(() => undefined);
    ready++;
    // Let a keystroke that arrived meanwhile be answered before the next letter.
    await new Promise((ok) => setTimeout(ok, 0));
  }
}

// ---- meanings: the chunks stored on this device, indexed as they come ----

let meanings: { index: MeaningIndex; words: Map<number, string>; indexed: number; total: number } | undefined;
let building: Promise<void> | undefined;

function buildMeanings(): Promise<void> {
  building ??= (async () => {
    const manifest = await getJson<Manifest>(ROOT_FILES.manifest);
    if (!manifest) return;
    const state = { index: new MeaningIndex(), words: new Map<number, string>(), indexed: 0, total: manifest.chunks.length };
    meanings = state;
    for (const info of manifest.chunks) {
      // Only what is stored: a meaning search must not download the dictionary by stealth.
      const chunk = await getJson<ChunkFile>(chunkPath(info.chunk), { [STORED_ONLY_HEADER]: '1' }).catch(() => undefined);
      if (!chunk) continue;
      chunk.entries.forEach((e, i) => {
        state.index.add(info.start + i, e.definitions);
        state.words.set(info.start + i, e.word);
      });
      state.indexed++;
    }
  })().finally(() => (building = undefined));
  return building;
}

async function searchMeanings(q: string, limit: number): Promise<SearchResponse['partial'] & { words: string[] }> {
  if (!meanings) await buildMeanings();
  const m = meanings;
  if (!m) return { words: [], indexed: 0, total: 0 };
  const words = m.index
    .search(q, { limit })
    .map((id) => m.words.get(id)!)
    .filter(Boolean);
  return { words, indexed: m.indexed, total: m.total };
}

self.onmessage = async (e: MessageEvent<SearchRequest>) => {
  const { id, kind, q, limit } = e.data;
  base = e.data.base;
  let reply: SearchResponse;
  try {
    if (kind === 'words') {
      const { words, missing } = await searchWords(q, limit);
      const total = (await letters()).size;
      reply = { id, words, ...(ready < total ? { partial: { indexed: ready, total } } : {}), ...(missing.length ? { unsaved: missing } : {}) };
    } else {
      const { words, indexed, total } = await searchMeanings(q, limit);
      reply = { id, words, ...(indexed < total ? { partial: { indexed, total } } : {}) };
    }
  } catch (err) {
    reply = { id, words: [], error: (err as Error).message };
  }
  self.postMessage(reply);
};
