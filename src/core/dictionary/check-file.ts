// Checks one /api/v1 file as fetched, before the service worker stores it: its shape, by the
// validators generated from the JSON Schemas of schemas.ts (file-shape.ts), then what the build's
// own index files (manifest.json, letters.json) say about it.

import { HEADWORDS, headwordCount, type HeadwordsFile } from './headwords.ts';
import { shardProblem } from './meanings/check-shard.ts';
import { isMeaningsPath, MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile, shardPath } from './meanings/files.ts';
import { PACK_INDEX, type PackIndexFile, packIndexProblem } from './pack/files.ts';
import { chunkPath, letterPath, ROOT_FILES } from './paths.ts';
import { SIZES } from './sizes.ts';
import type { FileKind } from './schemas.ts';
import { shapeProblem } from './file-shape.ts';
import type { ChunkFile, LettersFile, Manifest, WordsByLetterFile } from './types.ts';

/** Which contract file a path below /api/v1 is. */
export function fileKindOf(rel: string): FileKind | undefined {
  if (rel === ROOT_FILES.metadata) return 'metadata';
  if (rel === ROOT_FILES.manifest) return 'manifest';
  if (rel === ROOT_FILES.letters) return 'letters';
  if (rel === ROOT_FILES.sample) return 'sample';
  if (/^chunks\/[0-9]{4}\.json$/.test(rel)) return 'chunk';
  if (/^words-by-letter\/[^/]+\.json$/.test(rel)) return 'wordsByLetter';
  if (rel === MEANINGS_INDEX) return 'meaningsIndex';
  if (isMeaningsPath(rel)) return 'meaningShard';
  if (rel === HEADWORDS) return 'headwords';
  if (rel === PACK_INDEX) return 'pack';
  if (rel === SIZES) return 'sizes';
  return undefined;
}

/** What the build a file should belong to says about it; a field left out is not checked. */
export interface BuildIndex {
  version?: string | null;
  manifest?: Manifest | undefined;
  letters?: LettersFile | undefined;
  meanings?: MeaningsIndexFile | undefined;
}

export type FileCheck =
  | { ok: true; value: unknown }
  /** `otherBuild`: a whole, well-formed file, of a build other than the one asked about */
  | { ok: false; problem: string; otherBuild?: boolean };

/**
 * Parses and checks `text` as the file `rel` of the build `index` describes. Problems name the
 * file and the field: "chunks/0003.json: /entries/2/word: expected a string". A meaning shard is
 * verified by `sha256` (lowercase hex of the bytes as fetched) against the index's digest.
 */
export function checkFile(rel: string, text: string, index: BuildIndex = {}, sha256?: string): FileCheck {
  const bad = (problem: string, otherBuild = false): FileCheck => ({ ok: false, problem: `${rel}: ${problem}`, ...(otherBuild ? { otherBuild } : {}) });
  const kind = fileKindOf(rel);
  if (!kind) return bad('not a file of the contract');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad(`not JSON (${text.length} characters${/^\s*</.test(text) ? ', an HTML page' : ', cut short?'})`);
  }
  const shape = shapeProblem(kind, value);
  if (shape) return bad(shape);
  const problem = crossCheck(kind, rel, value, index, sha256);
  return problem ? bad(problem[0], problem[1]) : { ok: true, value };
}

const mismatch = (field: string, is: unknown, expected: unknown): string => `${field} is ${JSON.stringify(is)}, expected ${JSON.stringify(expected)}`;

/** [problem, whether the file is simply of another build] */
function crossCheck(kind: FileKind, rel: string, value: unknown, index: BuildIndex, sha256: string | undefined): [string, boolean] | undefined {
  const file = value as { generatedAt?: string };
  // sizes.json is written by the app's build, not the data's: it names no build (core/dictionary/sizes.ts).
  if (kind !== 'chunk' && kind !== 'sizes' && index.version && file.generatedAt !== index.version)
    return [`of build ${file.generatedAt}, not ${index.version}`, true];
  if (kind === 'manifest') {
    const m = value as Manifest;
    if (m.chunkCount !== m.chunks.length) return [mismatch('chunkCount', m.chunkCount, m.chunks.length), false];
    const wrong = m.chunks.find((c) => c.path !== chunkPath(c.chunk) || c.count !== c.end - c.start + 1);
    if (wrong) return [`chunk ${wrong.chunk}: path or count does not match`, false];
  } else if (kind === 'letters') {
    const l = value as LettersFile;
    if (l.count !== l.letters.length) return [mismatch('count', l.count, l.letters.length), false];
    const wrong = l.letters.find((x) => x.path !== letterPath(x.letter) || x.count !== x.endIndex - x.startIndex + 1);
    if (wrong) return [`letter ${wrong.letter}: path or count does not match`, false];
  } else if (kind === 'wordsByLetter') {
    const w = value as WordsByLetterFile;
    const info = index.letters?.letters.find((x) => x.path === rel);
    const first = w.words[0]?.word;
    const last = w.words[w.words.length - 1]?.word;
    if (rel !== letterPath(w.letter)) return [mismatch('letter', w.letter, rel), false];
    if (w.count !== w.words.length || w.firstWord !== first || w.lastWord !== last) return ['count, firstWord or lastWord does not match its words', false];
    if (index.letters && !info) return ['letters.json does not list it', true];
    if (info && (info.count !== w.count || info.firstWord !== w.firstWord || info.lastWord !== w.lastWord))
      return ['count, firstWord or lastWord differ from letters.json', true];
    if (index.manifest) {
      const chunks = new Set(index.manifest.chunks.map((c) => c.path));
      const item = w.words.find((x) => x.path !== chunkPath(x.chunk) || !chunks.has(x.path));
      if (item) return [`"${item.word}" points at ${item.path}, which manifest.json does not list`, false];
    }
  } else if (kind === 'chunk') {
    const c = value as ChunkFile;
    const first = c.entries[0]?.word;
    const last = c.entries[c.entries.length - 1]?.word;
    if (rel !== chunkPath(c.chunk)) return [mismatch('chunk', c.chunk, rel), false];
    if (c.count !== c.entries.length || c.firstWord !== first || c.lastWord !== last) return ['count, firstWord or lastWord does not match its entries', false];
    const info = index.manifest?.chunks.find((x) => x.path === rel);
    if (index.manifest && !info) return ['manifest.json does not list it', true];
    if (info && (info.count !== c.count || info.firstWord !== c.firstWord || info.lastWord !== c.lastWord))
      return ['count, firstWord or lastWord differ from manifest.json', true];
  } else if (kind === 'meaningsIndex') {
    const m = value as MeaningsIndexFile;
    const wrong = m.shards.find((s) => s.path !== shardPath(s.key));
    if (wrong) return [`shard "${wrong.key}": path ${wrong.path} does not match its key`, false];
  } else if (kind === 'meaningShard') {
    const s = value as MeaningShardFile;
    if (rel !== shardPath(s.key)) return [mismatch('key', s.key, rel), false];
    const info = index.meanings?.shards.find((x) => x.path === rel);
    if (index.meanings && !info) return [`${MEANINGS_INDEX} does not list it`, true];
    const problem = shardProblem(s, info, index.meanings?.entries, sha256);
    if (problem) return [problem, false];
  } else if (kind === 'pack') {
    const p = value as PackIndexFile;
    const problem = packIndexProblem(p);
    if (problem) return [problem, false];
    if (index.manifest) {
      const chunks = new Set(index.manifest.chunks.map((c) => c.path));
      const stray = p.files.find((f) => !chunks.has(f.path));
      if (stray) return [`holds ${stray.path}, which manifest.json does not list`, true];
    }
    if (index.letters) {
      const letters = new Set(index.letters.letters.map((l) => l.path));
      const stray = p.derived.find((f) => !letters.has(f.path));
      if (stray) return [`lists ${stray.path}, which letters.json does not`, true];
    }
  } else if (kind === 'headwords') {
    const h = value as HeadwordsFile;
    const lines = headwordCount(h.words);
    if (h.count !== lines) return [mismatch('count', h.count, lines), false];
    const entries = index.manifest?.chunks.reduce((n, c) => n + c.count, 0) ?? index.letters?.letters.reduce((n, l) => n + l.count, 0);
    if (entries !== undefined && entries !== h.count) return [`holds ${h.count} words, the build ${entries} entries`, true];
  }
  return undefined;
}
