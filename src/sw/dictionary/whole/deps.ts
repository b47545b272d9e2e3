// What the whole-dictionary save (run.ts, in the on-demand script save-script.ts) is given by the
// worker (save-whole.ts): its storage, its route and its build's index files. The script has no
// state of its own besides the save's: the worker's stores, queue and caches stay the worker's.

import type { MeaningsIndexFile } from '../../../core/dictionary/meanings/files.ts';
import type { PackIndexFile } from '../../../core/dictionary/pack/files.ts';
import type { SizesFile } from '../../../core/dictionary/sizes.ts';
import type { LettersFile, Manifest } from '../../../core/dictionary/types.ts';

export interface BuildFiles {
  manifest?: Manifest | undefined;
  letters?: LettersFile | undefined;
  meanings?: MeaningsIndexFile | undefined;
  pack?: PackIndexFile | undefined;
  sizes?: SizesFile | undefined;
}

export interface SaveDeps {
  /** the /api/v1/ folder's URL, ending in "/" */
  base: string;
  /** the current build, learnt from the network when none is known (throws a KhojError "network" offline) */
  build(): Promise<string>;
  /** the paths stored for the build */
  stored(version: string): Promise<Set<string>>;
  /** the build's stored index files */
  files(): Promise<BuildFiles>;
  /** a stored file's text */
  text(version: string, path: string): Promise<string | undefined>;
  /** stores a file's bytes; resolves once committed */
  put(version: string, path: string, bytes: Uint8Array): Promise<void>;
  /** the worker's route's answer for a file (checked and stored when fetched) */
  answer(path: string, request: Request): Promise<Response>;
  /** the build's headwords, in dictionary order */
  headwords(version: string): Promise<readonly string[] | undefined>;
  /** how long a broken pack download waits before asking again (a test lowers it) */
  retryMs: number;
}

/** A KhojError's code, from either copy of the class (the worker's or the script's). */
export const codeOf = (e: unknown): string | undefined => (e instanceof Error ? (e as Error & { code?: string }).code : undefined);
