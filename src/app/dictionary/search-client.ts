// The page's side of the search worker: typing never waits on indexing, and an
// answer to an older keystroke is simply superseded by the newer one.

import { BASE } from './api.ts';
import type { SearchKind, SearchRequest, SearchResponse } from './search-protocol.ts';

export type SearchAnswer = Omit<SearchResponse, 'id' | 'error' | 'done'>;

let worker: Worker | undefined;
let nextId = 0;
/** Per request, what to do with each answer; it returns true when the request is settled. */
const pending = new Map<number, (r: SearchResponse) => boolean>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<SearchResponse>) => {
      if (pending.get(e.data.id)?.(e.data)) pending.delete(e.data.id);
    };
  }
  return worker;
}

function send(q: string, kind: SearchKind, limit: number, onAnswer: (r: SearchResponse) => boolean): number {
  const id = ++nextId;
  pending.set(id, onAnswer);
  const request: SearchRequest = { id, base: new URL(BASE, document.baseURI).href, kind, q, limit };
  getWorker().postMessage(request);
  return id;
}

const strip = ({ id: _id, error: _error, done: _done, ...answer }: SearchResponse): SearchAnswer => answer;

// The latest question asked, so the input handler can ask before the page re-renders
// and the results screen picks up the same answer instead of asking again.
let last: { key: string; answer: Promise<SearchAnswer> } | undefined;

/** Headwords matching `q`, answered once. */
export function searchWords(q: string, limit = 30): Promise<SearchAnswer> {
  const key = `${limit}\n${q}`;
  if (last?.key === key) return last.answer;
  const answer = new Promise<SearchAnswer>((ok, fail) => send(q, 'words', limit, (r) => (r.error ? fail(new Error(r.error)) : ok(strip(r)), true)));
  last = { key, answer };
  answer.catch(() => last?.key === key && (last = undefined));
  return answer;
}

/**
 * Entries whose meanings hold `q`'s words; `onAnswer` gets each answer as files arrive, the last
 * with `done`. The returned function stops listening (a newer search supersedes this one).
 */
export function searchMeanings(q: string, limit: number, onAnswer: (a: SearchAnswer, done: boolean) => void, onError: (e: Error) => void): () => void {
  const id = send(q, 'meanings', limit, (r) => {
    if (r.error) onError(new Error(r.error));
    else onAnswer(strip(r), r.done === true);
    return r.done === true || r.error !== undefined;
  });
  return () => pending.delete(id);
}
