// From cleaned entries to the contract's shape: merge duplicates, sort, chunk, index by letter.

import type { Tally } from '../problems.ts';
import { compareCodePoints, letterOf } from './normalise.ts';
import { chunkPath, letterPath, MAX_CHUNKS } from './paths.ts';
import type { Oddity } from './raw.ts';
import type { ChunkInfo, Definition, Entry, LetterInfo, Stats, WordIndexItem } from './types.ts';
import { assert } from '../assert.ts';

/**
 * One entry per headword: a duplicate's blocks are appended in source order, so a
 * lookup shows every definition; a block repeated verbatim is kept once.
 */
export function mergeDuplicates(entries: Entry[], oddities?: Tally<Oddity>): Entry[] {
  const at = new Map<string, number>();
  const seen = new Map<number, Set<string>>();
  const out: Entry[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const pos = at.get(entry.word);
    if (pos === undefined) {
      at.set(entry.word, out.length);
      out.push(entry);
      continue;
    }
    oddities?.add('duplicate-headword-merged', { index: i, word: entry.word });
    let keys = seen.get(pos);
    if (!keys) {
      // First duplicate of this word: merge into a copy, never the caller's object.
      out[pos] = { word: entry.word, definitions: [...out[pos]!.definitions] };
      keys = new Set(out[pos]!.definitions.map(blockKey));
      seen.set(pos, keys);
    }
    for (const block of entry.definitions) {
      const key = blockKey(block);
      if (keys.has(key)) oddities?.add('identical-block-dropped', { index: i, word: entry.word });
      else {
        keys.add(key);
        out[pos]!.definitions.push(block);
      }
    }
  }
  return out;
}

const blockKey = (b: Definition): string => JSON.stringify([b.grammar, b.etymology, b.senses]);

/** Sorts in place by code point, the printed dictionary's order. */
export function sortEntries(entries: Entry[]): Entry[] {
  // Without surrogates or U+E000..U+FFFF, UTF-16 order is code point order and the
  // engine's own string comparison serves.
  if (!entries.every((e) => !BEYOND_SIMPLE.test(e.word))) return entries.sort((a, b) => compareCodePoints(a.word, b.word));
  // Buckets by the first two code units halve the comparisons of one big sort.
  const buckets = new Map<number, Entry[]>();
  for (const e of entries) {
    const key = (e.word.charCodeAt(0) || 0) * 0x10000 + (e.word.charCodeAt(1) || 0);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(e);
    else buckets.set(key, [e]);
  }
  let i = 0;
  for (const key of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(key)!;
    if (bucket.length > 1) bucket.sort(byWord);
    for (const e of bucket) entries[i++] = e;
  }
  return entries;
}

const byWord = (a: Entry, b: Entry) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
const BEYOND_SIMPLE = /[\uD800-\uFFFF]/;

export interface ChunkLayout {
  entries: Entry[];
  chunkSize: number;
  chunks: ChunkInfo[];
  letters: LetterInfo[];
  words: Map<string, WordIndexItem[]>;
}

/** Splits sorted, unique entries into chunks and per-letter word lists. */
export function layOut(entries: Entry[], chunkSize: number): ChunkLayout {
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunk size must be a positive integer, got ${chunkSize}`);
  const chunkCount = Math.ceil(entries.length / chunkSize);
  if (chunkCount > MAX_CHUNKS) {
    throw new RangeError(`${entries.length} entries in chunks of ${chunkSize} need ${chunkCount} chunks; chunk ids have four digits (at most ${MAX_CHUNKS})`);
  }
  const chunks: ChunkInfo[] = [];
  for (let c = 0; c < chunkCount; c++) {
    const start = c * chunkSize;
    const end = Math.min(start + chunkSize, entries.length) - 1;
    chunks.push({ chunk: c, path: chunkPath(c), count: end - start + 1, start, end, firstWord: entries[start]!.word, lastWord: entries[end]!.word });
  }
  const letters: LetterInfo[] = [];
  const words = new Map<string, WordIndexItem[]>();
  let list: WordIndexItem[] = [];
  for (let index = 0; index < entries.length; index++) {
    const word = entries[index]!.word;
    const letter = letterOf(word);
    const chunk = Math.floor(index / chunkSize);
    const path = chunks[chunk]!.path;
    let info = letters[letters.length - 1];
    if (!info || info.letter !== letter) {
      assert(!words.has(letter), `entries are not sorted: letter ${letter} appears twice`);
      list = [];
      words.set(letter, list);
      info = {
        letter,
        path: letterPath(letter),
        count: 0,
        startIndex: index,
        endIndex: index,
        startChunk: chunk,
        endChunk: chunk,
        firstWord: word,
        lastWord: word,
      };
      letters.push(info);
    }
    info.count++;
    info.endIndex = index;
    info.endChunk = chunk;
    info.lastWord = word;
    list.push({ word, index, chunk, path });
  }
  return { entries, chunkSize, chunks, letters, words };
}

export function computeStats(entries: Entry[]): Stats {
  let blocks = 0;
  let senses = 0;
  let etymologies = 0;
  let missing = 0;
  let blank = 0;
  for (let i = 0; i < entries.length; i++) {
    const defs = entries[i]!.definitions;
    blocks += defs.length;
    for (let j = 0; j < defs.length; j++) {
      const d = defs[j]!;
      senses += d.senses.length;
      if (d.etymology !== undefined && !isBlank(d.etymology)) etymologies++;
      if (d.grammar === undefined) missing++;
      else if (isBlank(d.grammar)) blank++;
    }
  }
  return { entries: entries.length, definitionBlocks: blocks, senses, etymologies, missingGrammarLabels: missing, blankGrammarLabels: blank };
}

const STARTS_BLANK = /^\s/;
/** Empty or white space only; a label starting with a letter is never blank, so most skip trim(). */
const isBlank = (s: string): boolean => s.length === 0 || (STARTS_BLANK.test(s) && s.trim() === '');

/** The entry shown by sample.json: the richest (most blocks, then senses and etymologies), first in order on a tie. */
export function pickSample(entries: Entry[]): Entry {
  let best = entries[0]!;
  let score = -1;
  for (let i = 0; i < entries.length; i++) {
    const defs = entries[i]!.definitions;
    let s = defs.length * 1000;
    for (let j = 0; j < defs.length; j++) s += defs[j]!.senses.length + (defs[j]!.etymology ? 1 : 0);
    if (s > score) {
      score = s;
      best = entries[i]!;
    }
  }
  return best;
}
