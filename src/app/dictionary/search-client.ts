// The page's side of the search worker (its calls: search-protocol.ts): typing never waits on
// indexing, and an answer to an older keystroke is simply superseded by the newer one. The
// headword list is read only there: nothing of it is parsed on the page's thread.

import { asker } from '../../core/rpc/ask.ts';
import { BASE } from './api.ts';
import type { PatternMode, PatternResult } from '../../core/dictionary/search/pattern.ts';
import { type SearchAnswer as Answer, SEARCH_PROTOCOL } from './search-protocol.ts';
import { wordsAhead } from '../../core/dictionary/search/ahead.ts';

export type SearchAnswer = Omit<Answer, 'done'>;

let worker: Worker | undefined;
const getWorker = () => (worker ??= new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' }));
// Indexing the first letters can take a while on a phone: no time limit.
const ask = asker(SEARCH_PROTOCOL, getWorker);
const base = () => new URL(BASE, document.baseURI).href;

const strip = ({ done: _done, ...answer }: Answer): SearchAnswer => answer;

// The latest question asked, so the input handler can ask before the page re-renders
// and the results screen picks up the same answer instead of asking again.
let last: { key: string; answer: Promise<SearchAnswer> } | undefined;

/** `count` headwords from dictionary position `from` on, wrapping round; offline with no list saved, a 503 (isNotSaved). */
export const wordsAt = (from: number, count: number): Promise<string[]> => ask('at', { base: base(), from, count }, { timeoutMs: 0 }).then((r) => r.words);

/** Headwords matching a pattern (core/dictionary/search/pattern.ts), searched in the worker. */
export const searchPattern = (q: string, mode: PatternMode, limit: number): Promise<PatternResult> =>
  ask('pattern', { base: base(), q, mode, limit }, { timeoutMs: 0 });

// Answers the worker made ahead for the keystrokes likely next (core/dictionary/search/ahead.ts),
// keyed as `last`: a later keystroke's results are shown in its own task, before the next frame,
// and they are the worker's own answer, so nothing moves afterwards. The newest few hundred kept.
const ahead = new Map<string, SearchAnswer>();
const AHEAD_KEPT = 200;
/** The words a results screen lists. */
const LIMIT = 30;

function askAhead(q: string, limit: number): void {
  ask('ahead', { base: base(), q, limit }, { timeoutMs: 0 }).then(
    ({ answers }) => {
      for (const [next, words] of answers) {
        const key = `${limit}\n${next}`;
        ahead.delete(key);
        ahead.set(key, { words: wordsAhead(words) });
      }
      for (const key of ahead.keys()) if (ahead.size > AHEAD_KEPT) ahead.delete(key);
    },
    () => undefined,
  );
}

/** Whether the first keystroke's answers were asked for (once a page: they do not change). */
let firstAsked = false;

/**
 * Has the worker read the headword list and its index now, off the page's thread (the home and
 * search screens ask as they appear, the field as it gets the focus), then answer every first
 * keystroke ahead: the first key's results are then shown in its own task, as a later key's are.
 */
export const warmSearch = (): Promise<unknown> =>
  ask('warm', { base: base() }, { timeoutMs: 0 }).then(
    ({ ready }) => {
      if (!ready || firstAsked) return;
      firstAsked = true;
      askAhead('', LIMIT);
    },
    () => undefined,
  );

/** The answer for `q` where the worker made it ahead: at once, without asking. */
export const wordsAnswered = (q: string, limit = LIMIT): SearchAnswer | undefined => ahead.get(`${limit}\n${q}`);

/** Headwords matching `q`, answered once; then the worker answers the keystrokes likely next. */
export function searchWords(q: string, limit = LIMIT): Promise<SearchAnswer> {
  const key = `${limit}\n${q}`;
  if (last?.key === key) return last.answer;
  const made = ahead.get(key);
  const answer = made ? Promise.resolve(made) : ask('words', { base: base(), q, limit }, { timeoutMs: 0 }).then(strip);
  last = { key, answer };
  answer.then(
    () => last?.key === key && askAhead(q, limit),
    () => last?.key === key && (last = undefined),
  );
  return answer;
}

/**
 * Entries whose meanings hold `q`'s words; `onAnswer` gets each answer as files arrive, the last
 * with `done`. The returned function stops listening (a newer search supersedes this one).
 */
export function searchMeanings(q: string, limit: number, onAnswer: (a: SearchAnswer, done: boolean) => void, onError: (e: Error) => void): () => void {
  const stop = new AbortController();
  const each = (r: Answer, done: boolean) => onAnswer(strip(r), done);
  ask('meanings', { base: base(), q, limit }, { timeoutMs: 0, signal: stop.signal, onProgress: (r) => each(r, false) }).then(
    (r) => each(r, true),
    (e: Error) => onError(e),
  );
  return () => stop.abort();
}
