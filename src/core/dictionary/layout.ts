// From cleaned entries to the contract's shape: merge duplicates, sort, chunk, index by letter.

import type { Tally } from '../problems.ts';
import { compareCodePoints, letterOf } from './normalise.ts';
import { chunkPath, letterPath, MAX_CHUNKS } from './paths.ts';
import type { Oddity } from './raw.ts';
import type { ChunkInfo, Definition, Entry, LetterInfo, Stats, WordIndexItem } from './types.ts';

/**
 * One entry per headword: a duplicate's blocks are appended in source order, so a
 * lookup shows every definition; a block repeated verbatim is kept once.
 */
export function mergeDuplicates(entries: Entry[], oddities?: Tally<Oddity>): Entry[] {
  const byWord = new Map<string, { entry: Entry; seen: Set<string> | undefined }>();
  const out: Entry[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const first = byWord.get(entry.word);
    if (!first) {
      // A copy, so merging never changes the caller's objects.
      const own = { word: entry.word, definitions: [...entry.definitions] };
      byWord.set(entry.word, { entry: own, seen: undefined });
      out.push(own);
      continue;
    }
    oddities?.add('duplicate-headword-merged', { index: i, word: entry.word });
    first.seen ??= new Set(first.entry.definitions.map(blockKey));
    for (const block of entry.definitions) {
      const key = blockKey(block);
      if (first.seen.has(key)) oddities?.add('identical-block-dropped', { index: i, word: entry.word });
      else {
        first.seen.add(key);
        first.entry.definitions.push(block);
      }
    }
  }
  return out;
}

const blockKey = (b: Definition): string => JSON.stringify([b.grammar, b.etymology, b.senses]);

/** Sorts in place by code point, the printed dictionary's order. */
export function sortEntries(entries: Entry[]): Entry[] {
  // Without surrogates or U+E000..U+FFFF, UTF-16 order is code point order and the
  // engine's own string comparison is several times faster.
  const simple = entries.every((e) => !BEYOND_SIMPLE.test(e.word));
  return simple
    ? entries.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    : entries.sort((a, b) => compareCodePoints(a.word, b.word));
}

const BEYOND_SIMPLE = /[\uD800-\uFFFF]/;

export interface Layout {
  entries: Entry[];
  chunkSize: number;
  chunks: ChunkInfo[];
  letters: LetterInfo[];
  words: Map<string, WordIndexItem[]>;
}

/** Splits sorted, unique entries into chunks and per-letter word lists. */
export function layOut(entries: Entry[], chunkSize: number): Layout {
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
    let info = letters[letters.length - 1];
    if (!info || info.letter !== letter) {
      if (words.has(letter)) throw new Error(`entries are not sorted: letter ${letter} appears twice`);
      list = [];
      words.set(letter, list);
      info = { letter, path: letterPath(letter), count: 0, startIndex: index, endIndex: index, startChunk: chunk, endChunk: chunk, firstWord: word, lastWord: word };
      letters.push(info);
    }
    info.count++;
    info.endIndex = index;
    info.endChunk = chunk;
    info.lastWord = word;
    list.push({ word, index, chunk, path: chunkPath(chunk) });
  }
  return { entries, chunkSize, chunks, letters, words };
}

export function computeStats(entries: Entry[]): Stats {
  const stats: Stats = { entries: entries.length, definitionBlocks: 0, senses: 0, etymologies: 0, missingGrammarLabels: 0, blankGrammarLabels: 0 };
  for (const e of entries) {
    for (const d of e.definitions) {
      stats.definitionBlocks++;
      stats.senses += d.senses.length;
      if (d.etymology !== undefined && d.etymology.trim() !== '') stats.etymologies++;
      if (d.grammar === undefined) stats.missingGrammarLabels++;
      else if (d.grammar.trim() === '') stats.blankGrammarLabels++;
    }
  }
  return stats;
}

/** The entry shown by sample.json: the richest (most blocks, then senses), first in order on a tie. */
export function pickSample(entries: Entry[]): Entry {
  let best = entries[0]!;
  let score = -1;
  for (const e of entries) {
    const s = e.definitions.length * 1000 + e.definitions.reduce((n, d) => n + d.senses.length + (d.etymology ? 1 : 0), 0);
    if (s > score) {
      score = s;
      best = e;
    }
  }
  return best;
}
