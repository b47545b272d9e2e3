// What a section plugs into the data build: its command-line flags (which are also the fields
// of its object in a sources profile), how they become its build's options, and the build.
// cli.ts, the profile schema and the profile reader loop over data-build/sections.ts.

import type { SectionId } from '../src/core/sections.ts';
import { KhojError } from '../src/core/errors.ts';

export interface DataFlag {
  /** the flag without dashes; a section's first flag is its source and is named after it (`--books SRC`) */
  flag: string;
  /** the field of the section's object in a sources profile (`books.pdfs`) */
  field: string;
  /** JSON schema of that field */
  schema: object;
  /** `--flag ARG      what it does` lines for the usage text */
  usage: string;
}

/** Options every section's build takes from the shared flags. */
export interface CommonOptions {
  /** --generated-at: the timestamp the files carry */
  generatedAt?: string;
  env: NodeJS.ProcessEnv;
}

export interface DataSection<Options extends { source?: string } = { source?: string }> {
  id: SectionId;
  /** a file or folder its build always writes, below the output: its output is there */
  marker: string;
  flags: readonly DataFlag[];
  /** its options from the flag values (a profile's under the command line's); throws KhojError 'usage' for a bad value */
  options(values: Readonly<Record<string, string | undefined>>, common: CommonOptions): Options;
  /** builds into `out`, replacing only its own subtree; returns what to print */
  build(options: Options, out: string, timing: boolean): Promise<string>;
}

export function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new KhojError('usage', `--${flag} must be ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}, not "${value}"`);
  return value as T;
}

/** A section's `DataSection` with its options type checked where it is declared. */
export const dataSection = <O extends { source?: string }>(s: DataSection<O>): DataSection => s as unknown as DataSection;
