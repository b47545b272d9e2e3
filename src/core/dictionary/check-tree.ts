// Cross-file consistency of an /api/v1 tree whose files have passed their schemas:
// every index, count, chunk and word that one file says about another is checked
// against that other file.

import type { Problem } from '../problems.ts';
import { computeStats } from './layout.ts';
import { hasLoneSurrogate } from '../text.ts';
import { compareCodePoints, letterOf } from './normalise.ts';
import { chunkPath, letterPath, ROOT_FILES } from './paths.ts';
import type { ChunkFile, Entry, LettersFile, Manifest, Metadata, SampleFile, WordsByLetterFile } from './types.ts';

/** Parsed files by path; a file that was missing, unreadable or off-schema is absent. */
export type TreeFiles = Map<string, unknown>; // the same shape as FileSet

const LONE_TEXT = 'holds a lone UTF-16 surrogate (half a character): no URL can hold it, so the app cannot link to the word (a rebuild replaces it by U+FFFD)';

export function checkTree(files: TreeFiles, report: (p: Problem) => void): void {
  const manifest = files.get(ROOT_FILES.manifest) as Manifest | undefined;
  const letters = files.get(ROOT_FILES.letters) as LettersFile | undefined;
  const metadata = files.get(ROOT_FILES.metadata) as Metadata | undefined;
  const entries = manifest ? checkManifest(manifest, files, report) : undefined;

  if (metadata && entries) {
    const real = computeStats(entries);
    for (const [key, value] of Object.entries(metadata.stats)) {
      const actual = real[key as keyof typeof real];
      if (actual !== undefined && actual !== value) {
        report({ file: ROOT_FILES.metadata, path: `stats.${key}`, message: `says ${value}, the chunks hold ${actual}`, warning: true });
      }
    }
  }
  if (letters) checkLetters(letters, files, entries, manifest, report);

  const sample = files.get(ROOT_FILES.sample) as SampleFile | undefined;
  if (sample && entries && !entries.some((e) => e.word === sample.entry.word)) {
    report({ file: ROOT_FILES.sample, path: 'entry.word', message: `"${sample.entry.word}" is not in the dictionary`, warning: true });
  }
}

/** Checks the manifest against each chunk; returns all entries in manifest order. */
function checkManifest(m: Manifest, files: TreeFiles, report: (p: Problem) => void): Entry[] {
  const file = ROOT_FILES.manifest;
  if (m.chunkCount !== m.chunks.length)
    report({ file, path: 'chunkCount', message: `says ${m.chunkCount}, the list has ${m.chunks.length} chunks`, warning: true });
  const entries: Entry[] = [];
  let next = 0;
  m.chunks.forEach((info, i) => {
    const at = `chunks[${i}]`;
    if (info.path !== chunkPath(info.chunk)) report({ file, path: `${at}.path`, message: `"${info.path}" does not match chunk ${info.chunk}` });
    if (info.start !== next)
      report({ file, path: `${at}.start`, message: `is ${info.start}, expected ${next} (right after the previous chunk)`, warning: true });
    if (info.end - info.start + 1 !== info.count)
      report({ file, path: `${at}.count`, message: `is ${info.count}, but start..end spans ${info.end - info.start + 1}`, warning: true });
    if (info.count > m.chunkSize) report({ file, path: `${at}.count`, message: `${info.count} exceeds chunkSize ${m.chunkSize}`, warning: true });
    next = info.end + 1;
    const chunk = files.get(info.path) as ChunkFile | undefined;
    if (!chunk) return; // the loader has reported it
    const cf = info.path;
    if (chunk.chunk !== info.chunk) report({ file: cf, path: 'chunk', message: `is ${chunk.chunk}, the manifest says ${info.chunk}` });
    if (chunk.count !== chunk.entries.length)
      report({ file: cf, path: 'count', message: `says ${chunk.count}, the file holds ${chunk.entries.length} entries`, warning: true });
    if (chunk.entries.length !== info.count)
      report({ file, path: `${at}.count`, message: `says ${info.count}, ${cf} holds ${chunk.entries.length} entries`, warning: true });
    const first = chunk.entries[0]?.word;
    const last = chunk.entries[chunk.entries.length - 1]?.word;
    if (chunk.firstWord !== first) report({ file: cf, path: 'firstWord', message: `is "${chunk.firstWord}", the first entry is "${first}"`, warning: true });
    if (chunk.lastWord !== last) report({ file: cf, path: 'lastWord', message: `is "${chunk.lastWord}", the last entry is "${last}"`, warning: true });
    if (info.firstWord !== first) report({ file, path: `${at}.firstWord`, message: `is "${info.firstWord}", ${cf} starts with "${first}"`, warning: true });
    if (info.lastWord !== last) report({ file, path: `${at}.lastWord`, message: `is "${info.lastWord}", ${cf} ends with "${last}"`, warning: true });
    chunk.entries.forEach((e, j) => {
      if (hasLoneSurrogate(e.word)) report({ file: cf, record: { index: j, word: e.word }, path: 'word', message: LONE_TEXT, warning: true });
      const prev = entries[entries.length - 1];
      if (prev && compareCodePoints(prev.word, e.word) >= 0) {
        const what = prev.word === e.word ? 'duplicate headword' : `out of code point order after "${prev.word}"`;
        report({ file: cf, record: { index: j, word: e.word }, message: what, warning: true });
      }
      entries.push(e);
    });
  });
  return entries;
}

function checkLetters(l: LettersFile, files: TreeFiles, entries: Entry[] | undefined, m: Manifest | undefined, report: (p: Problem) => void): void {
  const file = ROOT_FILES.letters;
  if (l.count !== l.letters.length) report({ file, path: 'count', message: `says ${l.count}, the list has ${l.letters.length} letters`, warning: true });
  const chunkOf = (index: number) => m?.chunks.find((c) => index >= c.start && index <= c.end);
  let next = 0;
  l.letters.forEach((info, i) => {
    const at = `letters[${i}]`;
    if (info.path !== letterPath(info.letter)) report({ file, path: `${at}.path`, message: `"${info.path}" does not match letter "${info.letter}"` });
    if ([...info.letter].length !== 1) report({ file, path: `${at}.letter`, message: `"${info.letter}" is not a single code point`, warning: true });
    if (i > 0 && compareCodePoints(l.letters[i - 1]!.letter, info.letter) >= 0)
      report({ file, path: `${at}.letter`, message: 'letters are not in code point order', warning: true });
    if (info.startIndex !== next) report({ file, path: `${at}.startIndex`, message: `is ${info.startIndex}, expected ${next}`, warning: true });
    if (info.endIndex - info.startIndex + 1 !== info.count)
      report({ file, path: `${at}.count`, message: `is ${info.count}, startIndex..endIndex spans ${info.endIndex - info.startIndex + 1}`, warning: true });
    next = info.endIndex + 1;
    if (m) {
      if (chunkOf(info.startIndex)?.chunk !== info.startChunk)
        report({
          file,
          path: `${at}.startChunk`,
          message: `is ${info.startChunk}, index ${info.startIndex} is in chunk ${chunkOf(info.startIndex)?.chunk}`,
          warning: true,
        });
      if (chunkOf(info.endIndex)?.chunk !== info.endChunk)
        report({
          file,
          path: `${at}.endChunk`,
          message: `is ${info.endChunk}, index ${info.endIndex} is in chunk ${chunkOf(info.endIndex)?.chunk}`,
          warning: true,
        });
    }
    const words = files.get(info.path) as WordsByLetterFile | undefined;
    if (words) checkWords(info.path, words, info, files, entries, m, report);
  });
  if (entries && next !== entries.length) report({ file, message: `letters cover ${next} entries, the chunks hold ${entries.length}`, warning: true });
}

function checkWords(
  file: string,
  w: WordsByLetterFile,
  info: LettersFile['letters'][number],
  files: TreeFiles,
  entries: Entry[] | undefined,
  m: Manifest | undefined,
  report: (p: Problem) => void,
): void {
  if (w.letter !== info.letter) report({ file, path: 'letter', message: `is "${w.letter}", letters.json files it under "${info.letter}"` });
  if (w.count !== w.words.length) report({ file, path: 'count', message: `says ${w.count}, the list has ${w.words.length} words`, warning: true });
  if (w.count !== info.count) report({ file, path: 'count', message: `is ${w.count}, letters.json says ${info.count}`, warning: true });
  if (w.firstWord !== w.words[0]?.word)
    report({ file, path: 'firstWord', message: `is "${w.firstWord}", the list starts with "${w.words[0]?.word}"`, warning: true });
  if (w.lastWord !== w.words[w.words.length - 1]?.word)
    report({ file, path: 'lastWord', message: `is "${w.lastWord}", the list ends with "${w.words[w.words.length - 1]?.word}"`, warning: true });
  if (info.firstWord !== w.firstWord || info.lastWord !== w.lastWord)
    report({ file: ROOT_FILES.letters, path: `letters[${info.letter}]`, message: `firstWord/lastWord differ from ${file}`, warning: true });
  const byPath = new Map(m?.chunks.map((c) => [c.path, c]));
  w.words.forEach((item, j) => {
    const record = { index: j, word: item.word };
    if (hasLoneSurrogate(item.word)) report({ file, record, path: 'word', message: LONE_TEXT, warning: true });
    if (letterOf(item.word) !== w.letter)
      report({ file, record, path: 'word', message: `starts with "${letterOf(item.word)}", not "${w.letter}"`, warning: true });
    if (item.index !== info.startIndex + j)
      report({ file, record, path: 'index', message: `is ${item.index}, expected ${info.startIndex + j}`, warning: true });
    if (item.path !== chunkPath(item.chunk)) report({ file, record, path: 'path', message: `"${item.path}" does not match chunk ${item.chunk}` });
    const chunk = files.get(item.path) as ChunkFile | undefined;
    const listed = byPath.get(item.path);
    if (!chunk) {
      report({ file, record, path: 'path', message: `points at ${item.path}, which does not exist or could not be read` });
      return;
    }
    if (m && !listed) report({ file, record, path: 'path', message: `points at ${item.path}, which manifest.json does not list` });
    const inChunk = listed ? chunk.entries[item.index - listed.start] : undefined;
    if (inChunk?.word === item.word) return;
    if (!chunk.entries.some((e) => e.word === item.word)) report({ file, record, path: 'path', message: `${item.path} has no entry "${item.word}"` });
    else if (entries)
      report({
        file,
        record,
        path: 'index',
        message: `index ${item.index} holds "${inChunk?.word ?? entries[item.index]?.word}", not "${item.word}"`,
        warning: true,
      });
  });
}
