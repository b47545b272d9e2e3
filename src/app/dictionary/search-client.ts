// The page's side of the search worker: typing never waits on indexing, and an
// answer to an older keystroke is simply superseded by the newer one.

import { BASE } from './api.ts';
import type { SearchKind, SearchRequest, SearchResponse } from './search-protocol.ts';

export type SearchAnswer = Omit<SearchResponse, 'id' | 'error'>;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, (r: SearchResponse) => void>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<SearchResponse>) => {
      pending.get(e.data.id)?.(e.data);
      pending.delete(e.data.id);
    };
  }
  return worker;
}

export function searchDictionary(q: string, kind: SearchKind, limit = 60): Promise<SearchAnswer> {
  const id = ++nextId;
  return new Promise((ok, fail) => {
    pending.set(id, (r) => (r.error ? fail(new Error(r.error)) : ok({ words: r.words, ...(r.partial ? { partial: r.partial } : {}) })));
    const request: SearchRequest = { id, base: new URL(BASE, document.baseURI).href, kind, q, limit };
    getWorker().postMessage(request);
  });
}
