// The letters' word lists made on the device from the headword list saved at the first visit
// (whole/letter.ts, in the on-demand script): a letter's list works offline before any entry is
// saved, and "save the whole dictionary" makes them instead of downloading them (11 MB at full size).

import { HEADWORDS, type HeadwordsFile } from '../../core/dictionary/headwords.ts';
import { saveTools } from './save-tools.ts';
import { getFile, textOf } from './store.ts';
import { storedLetters, storedManifest, storedPack } from './versions.ts';

/** Every headword of the stored build, decoded once per run of the worker (123,363 words: about 8 MB). */
let held: { version: string; words: Promise<string[] | undefined> } | undefined;

export function storedHeadwords(version: string): Promise<string[] | undefined> {
  if (held?.version !== version) {
    const words = getFile(version, HEADWORDS).then((row) => (row ? saveTools().decodeHeadwords((JSON.parse(textOf(row)) as HeadwordsFile).words) : undefined));
    held = { version, words };
    // A failure (storage, a damaged row) is tried again next time.
    words.catch(() => held?.words === words && (held = undefined));
  }
  return held.words;
}

/** Letter file `rel` of build `v`, made from its stored headword list and checked, or undefined. */
export async function madeLetter(v: string, rel: string): Promise<Uint8Array | undefined> {
  const [words, manifest, letters, pack] = await Promise.all([storedHeadwords(v), storedManifest(), storedLetters(), storedPack()]);
  return words && manifest && letters && pack ? saveTools().letterBytes(rel, { words, manifest, letters, pack }) : undefined;
}
