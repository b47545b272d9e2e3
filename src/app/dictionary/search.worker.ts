/// <reference lib="webworker" />
// The search worker, off the main thread: the build's headword list (core/dictionary/headwords.ts,
// saved at the first visit) read and searched here, never in the page: search as you type over its
// shipped index (or indexes built here from the list or the letter files where a build has none),
// the word at a position (the word of the day, a random word: offline) and pattern search over the
// whole list; and meaning search over the build's meaning index (search-meanings.ts). Every file is
// fetched through the service worker, so offline too.

import { decodeHeadwords, HEADWORDS, type HeadwordsFile } from '../../core/dictionary/headwords.ts';
import { letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { letterOf } from '../../core/dictionary/normalise.ts';
import { HeadwordIndex } from '../../core/dictionary/search/headword-index.ts';
import { mergeHits } from '../../core/dictionary/search/by-letter.ts';
import { lettersFor } from '../../core/dictionary/search/letters.ts';
import { fold } from '../../core/dictionary/search/fold.ts';
import { searchPattern } from '../../core/dictionary/search/pattern.ts';
import { answersAhead, answersFor, nextQueries } from '../../core/dictionary/search/ahead.ts';
import { encodeSegment } from '../../core/text.ts';
import type { LettersFile, WordsByLetterFile } from '../../core/dictionary/types.ts';
import { type GetFile, searchMeanings } from './search-meanings.ts';
import { KhojError } from '../../core/errors.ts';
import { serve } from '../../core/rpc/serve.ts';
import { type SearchAnswer, SEARCH_PROTOCOL } from './search-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

let base = '';
const url = (rel: string) => base + rel.split('/').map(encodeSegment).join('/');

/** 503/504 from the service worker (a failed fetch with none): offline, and the file is not on the device. */
const getFile: GetFile = async <T>(rel: string) => {
  let res: Response;
  try {
    res = await fetch(url(rel));
  } catch {
    return 'unsaved' as const;
  }
  if (res.status === 503 || res.status === 504) return 'unsaved' as const;
  if (res.status === 404) return undefined;
  // The service worker's check refused the file, even fetched again (route.ts): it is damaged.
  if (res.status === 502) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; damaged?: boolean };
    if (body.damaged) throw new KhojError('damaged', body.error ?? rel);
  }
  if (!res.ok) throw new KhojError('http', `${rel}: HTTP ${res.status}`, { status: res.status });
  return (await res.json()) as T;
};
const getJson = async <T>(rel: string): Promise<T | undefined> => {
  const file = await getFile<T>(rel);
  return file === 'unsaved' ? undefined : file;
};

// ---- headwords ----
// The build's headword list carries the index as search reads it (core/dictionary/search/
// shipped-index.ts): the first query is answered by binary search, nothing built first. A list
// without it (a build from before it) is indexed a letter at a time, as the letter files are where
// a build has no list (a mirror of another host).

interface HeadwordList {
  /** every headword, in dictionary order */
  words: string[];
  /** the whole list's index, as shipped; undefined when the list has none (or it does not fit) */
  index: HeadwordIndex | undefined;
}

/** The headword list; undefined where the build has none. Offline and not saved: 'unsaved', asked again next time. */
let list: Promise<HeadwordList | 'unsaved' | undefined> | undefined;

function headwordList(): Promise<HeadwordList | 'unsaved' | undefined> {
  list ??= getFile<HeadwordsFile>(HEADWORDS).then(
    (file) => {
      if (file === 'unsaved') list = undefined;
      if (file === 'unsaved' || !file) return file;
      const words = decodeHeadwords(file.words);
      let index: HeadwordIndex | undefined;
      try {
        index = file.index ? new HeadwordIndex(words, file.index) : undefined;
      } catch {
        // Sorted under other fold rules than this app's (a data build older than the app): built a letter at a time.
      }
      return { words, index };
    },
    // A damaged list (502): the letter files serve instead.
    () => undefined,
  );
  return list;
}

let known: Promise<Set<string>> | undefined;
const indexes = new Map<string, Promise<HeadwordIndex | undefined>>();

const letters = () => (known ??= getJson<LettersFile>(ROOT_FILES.letters).then((l) => new Set(l?.letters.map((x) => x.letter) ?? [])));

/** Letters whose word list the service worker could not give: offline, and not on the device. */
const unsaved = new Set<string>();

/** Every headword, by letter, from a headword list without its index. */
let byLetter: Map<string, string[]> | undefined;

async function letterWords(letter: string): Promise<string[] | undefined> {
  const all = await headwordList();
  if (all && all !== 'unsaved') {
    if (!byLetter) {
      byLetter = new Map();
      // In dictionary order, so each letter's words are too, as in its letter file.
      for (const w of all.words) {
        const l = letterOf(w);
        const words = byLetter.get(l);
        if (words) words.push(w);
        else byLetter.set(l, [w]);
      }
    }
    return byLetter.get(letter);
  }
  // A damaged file (502) is left out of the answer, as a missing one is.
  const file = await getFile<WordsByLetterFile>(letterPath(letter)).catch(() => undefined);
  // Offline and not saved: tried again next time.
  if (file === 'unsaved') throw new KhojError('network', `${letter}: not saved`);
  return file?.words.map((w) => w.word);
}

function indexOf(letter: string): Promise<HeadwordIndex | undefined> {
  let p = indexes.get(letter);
  if (!p) {
    p = letterWords(letter).then(
      (words) => (unsaved.delete(letter), words ? new HeadwordIndex(words) : undefined),
      (e: unknown) => {
        indexes.delete(letter);
        if (KhojError.is(e, 'network') || !navigator.onLine) {
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

async function searchWords(q: string, limit: number): Promise<SearchAnswer> {
  const all = await headwordList();
  if (all && all !== 'unsaved' && all.index) return { words: all.index.search(q, limit).map((h) => h.word), done: true };
  const have = await letters();
  const wanted = lettersFor(q).filter((l) => have.has(l));
  // Letters are merged by how each word matched, each letter's ranking kept (core/dictionary/search/by-letter.ts).
  const words = mergeHits(await Promise.all(wanted.map(async (l) => (await indexOf(l))?.search(q, limit) ?? [])), limit);
  // Once someone searches, the other letters are indexed while they read.
  void warmUp(have);
  const missing = wanted.filter((l) => unsaved.has(l));
  return {
    words,
    ...(ready < have.size ? { partial: { indexed: ready, total: have.size } } : {}),
    ...(missing.length ? { unsaved: missing } : {}),
    done: true,
  };
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

/** The whole list, or the error the page shows for it (offline and not saved: a 503, as the service worker gives). */
async function wholeList(): Promise<HeadwordList> {
  const all = await headwordList();
  if (all === 'unsaved') throw new KhojError('http', HEADWORDS, { status: 503 });
  if (!all) throw new KhojError('http', HEADWORDS, { status: 404 });
  return all;
}

/** fold() of every headword, for pattern search: made at its first use. */
let folded: string[] | undefined;

let searches = 0;

/** Keystrokes answered ahead: at most this many, for at most this long (each search ~0.1–0.3 ms). */
const AHEAD_MAX = 40;
const AHEAD_MS = 6;

/**
 * The first keystroke's answers (every first letter of a headword, and the Latin letters), asked
 * for when the field gets the focus: all of them, made AHEAD_MS at a time, so that a keystroke
 * typed meanwhile is answered between (the first searches are the slowest: nothing compiled yet).
 */
async function firstAhead(index: HeadwordIndex, limit: number): Promise<Array<[query: string, words: string]>> {
  const queries = nextQueries(index.words, '', Infinity);
  const answers: Array<[string, string]> = [];
  while (answers.length < queries.length) {
    const until = performance.now() + AHEAD_MS;
    answers.push(...answersFor(index, queries.slice(answers.length), limit, () => performance.now() > until));
    await new Promise((ok) => setTimeout(ok, 0));
  }
  return answers;
}

self.onmessage = (e: MessageEvent) =>
  void serve(
    SEARCH_PROTOCOL,
    {
      warm: async (ask) => {
        base = ask.base;
        const all = await headwordList();
        return { ready: !!all && all !== 'unsaved' };
      },
      words: (ask) => {
        base = ask.base;
        return searchWords(ask.q, ask.limit);
      },
      ahead: async (ask) => {
        base = ask.base;
        const all = await headwordList();
        if (!all || all === 'unsaved' || !all.index) return { answers: [] };
        if (ask.q === '') return { answers: await firstAhead(all.index, ask.limit) };
        // A few milliseconds at most: a keystroke the answers missed waits for them.
        const until = performance.now() + AHEAD_MS;
        return { answers: answersAhead(all.index, ask.q, ask.limit, AHEAD_MAX, () => performance.now() > until) };
      },
      at: async (ask) => {
        base = ask.base;
        const { words } = await wholeList();
        const n = words.length;
        const count = Math.max(0, Math.min(ask.count, n));
        return { words: Array.from({ length: count }, (_, k) => words[(((Math.floor(ask.from) + k) % n) + n) % n]!) };
      },
      pattern: async (ask) => {
        base = ask.base;
        const { words } = await wholeList();
        folded ??= words.map(fold);
        return searchPattern(words, folded, ask.q, ask.mode, ask.limit);
      },
      meanings: (ask, { step }) =>
        new Promise<SearchAnswer>((ok, fail) => {
          base = ask.base;
          // A newer search stops this one without a last answer: nobody listens to it any more.
          searchMeanings(++searches, ask.q, ask.limit, getFile, (a) => (a.done ? ok(a) : step(a))).then(() => ok({ words: [], done: true }), fail);
        }),
    },
    e.data,
    e.ports[0],
  );
