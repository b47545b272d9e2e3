// The /api/v1 file set as path → object, in a fixed order with fixed key order,
// so the same input serialises to byte-identical files.

import { computeStats, type ChunkLayout, pickSample } from './layout.ts';
import { ENDPOINTS, ROOT_FILES } from './paths.ts';
import {
  API_VERSION,
  type ChunkFile,
  type LettersFile,
  type Manifest,
  type Metadata,
  type Provenance,
  type SampleFile,
  type WordsByLetterFile,
} from './types.ts';

/** Parsed or to-be-serialised files by path, in output order. */
export type FileSet = Map<string, unknown>;

export function metadataOf(layout: ChunkLayout, generatedAt: string, p: Provenance): Metadata {
  const m: Metadata = {
    apiVersion: API_VERSION,
    name: p.name,
    description: p.description,
    generatedAt,
  } as Metadata;
  if (p.license !== undefined) m.license = p.license;
  if (p.sourceDataset !== undefined) m.sourceDataset = p.sourceDataset;
  m.endpoints = ENDPOINTS;
  m.stats = computeStats(layout.entries);
  if (p.notes?.length) m.notes = p.notes;
  return m;
}

export function dictionaryFiles(layout: ChunkLayout, generatedAt: string, provenance: Provenance): FileSet {
  const files: FileSet = new Map();
  files.set(ROOT_FILES.metadata, metadataOf(layout, generatedAt, provenance));
  const manifest: Manifest = {
    apiVersion: API_VERSION,
    generatedAt,
    chunkSize: layout.chunkSize,
    chunkCount: layout.chunks.length,
    chunks: layout.chunks,
  };
  files.set(ROOT_FILES.manifest, manifest);
  const letters: LettersFile = { apiVersion: API_VERSION, generatedAt, count: layout.letters.length, letters: layout.letters };
  files.set(ROOT_FILES.letters, letters);
  for (const info of layout.letters) {
    const file: WordsByLetterFile = {
      apiVersion: API_VERSION,
      generatedAt,
      letter: info.letter,
      count: info.count,
      firstWord: info.firstWord,
      lastWord: info.lastWord,
      words: layout.words.get(info.letter)!,
    };
    files.set(info.path, file);
  }
  for (const info of layout.chunks) {
    const file: ChunkFile = {
      apiVersion: API_VERSION,
      chunk: info.chunk,
      count: info.count,
      firstWord: info.firstWord,
      lastWord: info.lastWord,
      entries: layout.entries.slice(info.start, info.end + 1),
    };
    files.set(info.path, file);
  }
  const sample: SampleFile = { apiVersion: API_VERSION, generatedAt, entry: pickSample(layout.entries) };
  files.set(ROOT_FILES.sample, sample);
  return files;
}
