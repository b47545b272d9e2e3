/// <reference lib="webworker" />
// The search worker, off the main thread: headword indexes built here from the build's headword
// list (core/dictionary/headwords.ts, saved at the first visit), or from the letter files where a
// build has none, and meaning search over the build's meaning index (search-meanings.ts); every
// file is fetched through the service worker, so offline too.

import { decodeHeadwords, HEADWORDS, type HeadwordsFile } from '../../core/dictionary/headwords.ts';
import { letterPath, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { letterOf } from '../../core/dictionary/normalise.ts';
import { HeadwordIndex } from '../../core/dictionary/search/headword-index.ts';
import { mergeHits } from '../../core/dictionary/search/by-letter.ts';
import { lettersFor } from '../../core/dictionary/search/letters.ts';
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
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  return (await res.json()) as T;
};
const getJson = async <T>(rel: string): Promise<T | undefined> => {
  const file = await getFile<T>(rel);
  return file === 'unsaved' ? undefined : file;
};

// ---- headwords: one index per letter file, built when first needed ----

let known: Promise<Set<string>> | undefined;
const indexes = new Map<string, Promise<HeadwordIndex | undefined>>();

const letters = () => (known ??= getJson<LettersFile>(ROOT_FILES.letters).then((l) => new Set(l?.letters.map((x) => x.letter) ?? [])));

/** Letters whose word list the service worker could not give: offline, and not on the device. */
const unsaved = new Set<string>();

/** Every headword, by letter, from the headword list; undefined where the build has none (or it is not on the device). */
let byLetter: Promise<Map<string, string[]> | undefined> | undefined;

function headwordsByLetter(): Promise<Map<string, string[]> | undefined> {
  byLetter ??= getFile<HeadwordsFile>(HEADWORDS).then(
    (file) => {
      if (file === 'unsaved' || !file) {
        // Offline and not saved: asked again next time.
        if (file === 'unsaved') byLetter = undefined;
        return undefined;
      }
      const map = new Map<string, string[]>();
      // In dictionary order, so each letter's words are too, as in its letter file.
      for (const w of decodeHeadwords(file.words)) {
        const letter = letterOf(w);
        const list = map.get(letter);
        if (list) list.push(w);
        else map.set(letter, [w]);
      }
      return map;
    },
    // A damaged list (502): the letter files serve instead.
    () => undefined,
  );
  return byLetter;
}

async function letterWords(letter: string): Promise<string[] | undefined> {
  const all = await headwordsByLetter();
  if (all) return all.get(letter);
  // A damaged file (502) is left out of the answer, as a missing one is.
  const file = await getFile<WordsByLetterFile>(letterPath(letter)).catch(() => undefined);
  // Offline and not saved: tried again next time.
  if (file === 'unsaved') throw Object.assign(new Error(letter), { unsaved: true });
  return file?.words.map((w) => w.word);
}

function indexOf(letter: string): Promise<HeadwordIndex | undefined> {
  let p = indexes.get(letter);
  if (!p) {
    p = letterWords(letter).then(
      (words) => (unsaved.delete(letter), words ? new HeadwordIndex(words) : undefined),
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

async function searchWords(q: string, limit: number): Promise<{ words: string[]; missing: string[] }> {
  const have = await letters();
  const wanted = lettersFor(q).filter((l) => have.has(l));
  // Letters are merged by how each word matched, each letter's ranking kept (core/dictionary/search/by-letter.ts).
  const words = mergeHits(await Promise.all(wanted.map(async (l) => (await indexOf(l))?.search(q, limit) ?? [])), limit);
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

let searches = 0;

self.onmessage = (e: MessageEvent) =>
  void serve(
    SEARCH_PROTOCOL,
    {
      words: async (ask) => {
        base = ask.base;
        const { words, missing } = await searchWords(ask.q, ask.limit);
        const total = (await letters()).size;
        return { words, ...(ready < total ? { partial: { indexed: ready, total } } : {}), ...(missing.length ? { unsaved: missing } : {}), done: true };
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
