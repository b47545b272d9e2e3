// The /api/v1 contract as TypeScript types (its JSON Schemas: schemas.ts).

export const API_VERSION = '1.0.0';

export interface Definition {
  grammar?: string;
  etymology?: string;
  senses: string[];
}

export interface Entry {
  word: string;
  definitions: Definition[];
}

export interface Stats {
  entries: number;
  definitionBlocks: number;
  senses: number;
  etymologies: number;
  missingGrammarLabels: number;
  blankGrammarLabels: number;
}

export interface Metadata {
  apiVersion: string;
  name: string;
  description: string;
  generatedAt: string;
  license?: string;
  sourceDataset?: string;
  endpoints: Record<string, string>;
  stats: Stats;
  notes?: string[];
  /** Khoj's own, when the build was given one: the "suggest a correction" URL template (core/dictionary/correction.ts) */
  correctionUrl?: string;
}

export interface ChunkInfo {
  chunk: number;
  path: string;
  count: number;
  /** index of the first entry, inclusive */
  start: number;
  /** index of the last entry, inclusive */
  end: number;
  firstWord: string;
  lastWord: string;
}

export interface Manifest {
  apiVersion: string;
  generatedAt: string;
  chunkSize: number;
  chunkCount: number;
  chunks: ChunkInfo[];
}

export interface LetterInfo {
  letter: string;
  path: string;
  count: number;
  startIndex: number;
  endIndex: number;
  startChunk: number;
  endChunk: number;
  firstWord: string;
  lastWord: string;
}

export interface LettersFile {
  apiVersion: string;
  generatedAt: string;
  count: number;
  letters: LetterInfo[];
}

export interface WordIndexItem {
  word: string;
  index: number;
  chunk: number;
  path: string;
}

export interface WordsByLetterFile {
  apiVersion: string;
  generatedAt: string;
  letter: string;
  count: number;
  firstWord: string;
  lastWord: string;
  words: WordIndexItem[];
}

export interface ChunkFile {
  apiVersion: string;
  chunk: number;
  count: number;
  firstWord: string;
  lastWord: string;
  entries: Entry[];
}

export interface SampleFile {
  apiVersion: string;
  generatedAt: string;
  entry: Entry;
}

/** Who made the data and under what terms; carried into metadata.json. */
export interface Provenance {
  name: string;
  description: string;
  license?: string;
  sourceDataset?: string;
  notes?: string[];
}
