/// <reference lib="webworker" />
// The search worker: headword and meaning indexes built here, off the main thread,
// from the contract's files (fetched through the service worker, so offline too).

import { letterOf } from '../../core/dictionary/normalise.ts';
import type { WordsByLetterFile } from '../../core/dictionary/types.ts';
import type { SearchRequest, SearchResponse } from './search-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;
let BASE = '';

const loaded = new Map<string, Promise<string[]>>();

function wordsOf(letter: string): Promise<string[]> {
  let p = loaded.get(letter);
  if (!p) {
    p = fetch(`${BASE}words-by-letter/${encodeURIComponent(letter)}.json`)
      .then((r) => (r.ok ? (r.json() as Promise<WordsByLetterFile>) : undefined))
      .then((f) => f?.words.map((w) => w.word) ?? []);
    p.catch(() => loaded.delete(letter));
    loaded.set(letter, p);
  }
  return p;
}

async function searchWords(q: string, limit: number): Promise<string[]> {
  const query = q.trim().normalize('NFC');
  if (!query) return [];
  const words = await wordsOf(letterOf(query));
  const out = words.filter((w) => w.startsWith(query));
  out.sort((a, b) => (a === query ? -1 : b === query ? 1 : a.length - b.length));
  return out.slice(0, limit);
}

self.onmessage = async (e: MessageEvent<SearchRequest>) => {
  const { id, base, kind, q, limit } = e.data;
  BASE = base;
  let reply: SearchResponse;
  try {
    reply = { id, words: kind === 'words' ? await searchWords(q, limit) : [] };
  } catch (err) {
    reply = { id, words: [], error: (err as Error).message };
  }
  self.postMessage(reply);
};
