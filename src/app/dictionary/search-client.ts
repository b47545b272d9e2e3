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

// The latest question asked, so the input handler can ask before the page re-renders
// and the results screen picks up the same answer instead of asking again.
let last: { key: string; answer: Promise<SearchAnswer> } | undefined;

export function searchDictionary(q: string, kind: SearchKind, limit = 30): Promise<SearchAnswer> {
  const key = `${kind}\n${limit}\n${q}`;
  if (last?.key === key) return last.answer;
  const answer = ask(q, kind, limit);
  last = { key, answer };
  answer.catch(() => last?.key === key && (last = undefined));
  return answer;
}

function ask(q: string, kind: SearchKind, limit: number): Promise<SearchAnswer> {
  const id = ++nextId;
  return new Promise((ok, fail) => {
    pending.set(id, (r) =>
      r.error
        ? fail(new Error(r.error))
        : ok({ words: r.words, ...(r.partial ? { partial: r.partial } : {}), ...(r.unsaved?.length ? { unsaved: r.unsaved } : {}) }),
    );
    const request: SearchRequest = { id, base: new URL(BASE, document.baseURI).href, kind, q, limit };
    getWorker().postMessage(request);
  });
}
