// The contract's file names, in one place: the build writes them, the app and
// the service worker read them. Beside them, Khoj's meaning index (meanings/files.ts) and
// headword list (headwords.ts).

import { HEADWORDS } from './headwords.ts';
import { isMeaningsPath, MEANINGS_INDEX } from './meanings/files.ts';
import { PACK_INDEX, PACK_PATH } from './pack/files.ts';
import { SIZES } from './sizes.ts';

export const CHUNK_ID = /^[0-9]{4}$/;
export const MAX_CHUNKS = 10_000;

export const chunkId = (chunk: number): string => String(chunk).padStart(4, '0');
export const chunkPath = (chunk: number): string => `chunks/${chunkId(chunk)}.json`;
export const letterPath = (letter: string): string => `words-by-letter/${letter}.json`;

export const ROOT_FILES = {
  metadata: 'metadata.json',
  manifest: 'manifest.json',
  letters: 'letters.json',
  sample: 'sample.json',
  openapi: 'openapi.yaml',
} as const;

/** The `endpoints` map of metadata.json: endpoint name → path template. */
export const ENDPOINTS: Record<string, string> = {
  metadata: ROOT_FILES.metadata,
  manifest: ROOT_FILES.manifest,
  letters: ROOT_FILES.letters,
  wordsByLetter: 'words-by-letter/{letter}.json',
  chunk: 'chunks/{chunk}.json',
  sample: ROOT_FILES.sample,
  openapi: ROOT_FILES.openapi,
  meanings: MEANINGS_INDEX,
  meaningShard: 'meanings/{codepoint}.json',
  headwords: HEADWORDS,
};

/** Khoj's own small files beside the contract's root files (the pack's index, every file's size as sent): kept with them. */
export const OWN_ROOT_FILES: readonly string[] = [PACK_INDEX, SIZES];

export type ApiPathKind = 'root' | 'letter' | 'chunk' | 'meanings' | 'headwords' | 'pack' | 'unknown';

/**
 * What a path below /api/v1 asks for (already percent-decoded). `unknown` covers
 * a chunk id that is not exactly four digits: it matches no contract path, so 404. `pack`: the
 * pack file (pack/files.ts), which only the worker's own save reads.
 */
export function classifyApiPath(rel: string): ApiPathKind {
  if ((Object.values(ROOT_FILES) as string[]).includes(rel) || OWN_ROOT_FILES.includes(rel)) return 'root';
  if (PACK_PATH.test(rel)) return 'pack';
  if (isMeaningsPath(rel)) return 'meanings';
  if (rel === HEADWORDS) return 'headwords';
  const chunk = /^chunks\/([^/]+)\.json$/.exec(rel);
  if (chunk) return CHUNK_ID.test(chunk[1]!) ? 'chunk' : 'unknown';
  const letter = /^words-by-letter\/([^/]+)\.json$/.exec(rel);
  if (letter) return [...letter[1]!].length >= 1 ? 'letter' : 'unknown';
  return 'unknown';
}

/** The JSON body of a 404 under /api/v1, the same from the server and the service worker. */
export function notFoundBody(rel: string): { error: string; status: 404 } {
  const kind = classifyApiPath(rel);
  const chunk = /^chunks\/([^/]+)\.json$/.exec(rel)?.[1];
  const letter = /^words-by-letter\/([^/]+)\.json$/.exec(rel)?.[1];
  const error =
    chunk !== undefined && !CHUNK_ID.test(chunk)
      ? `chunk id "${chunk}" is not exactly four digits`
      : kind === 'chunk'
        ? `no chunk ${chunk}`
        : kind === 'letter'
          ? `no words start with the letter "${letter}"`
          : `no such file: ${rel}`;
  return { error, status: 404 };
}
