// A letter's word list made on the device (core/dictionary/letter-files.ts) from the headword list
// saved at the first visit, checked against the digest pack.json gives for it: only the build's
// own bytes are ever stored or answered (the route's miss, derive.ts; the whole save, run.ts).

import { letterFile } from '../../../core/dictionary/letter-files.ts';
import type { PackIndexFile } from '../../../core/dictionary/pack/files.ts';
import type { LettersFile, Manifest } from '../../../core/dictionary/types.ts';

/** The build's inputs to a letter's list. */
export interface LetterSources {
  words: readonly string[];
  manifest: Manifest;
  letters: LettersFile;
  pack: PackIndexFile;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes of letter file `rel` as the build wrote them, or undefined when they cannot be made (or do not come to its digest). */
export async function letterBytes(rel: string, s: LetterSources): Promise<Uint8Array | undefined> {
  const info = s.letters.letters.find((l) => l.path === rel);
  const want = s.pack.derived.find((d) => d.path === rel);
  if (!info || !want) return undefined;
  const file = letterFile(info, s.words, s.manifest, s.letters.apiVersion, s.letters.generatedAt);
  if (!file) return undefined;
  const bytes = new TextEncoder().encode(JSON.stringify(file));
  return bytes.length === want.bytes && (await sha256Hex(bytes)) === want.sha256 ? bytes : undefined;
}
