// The entry a tapped word opens (lookup-sheet.tsx): the word's own; else, for a word that is no
// headword (घरमा, गर्दैछ in a book), the first headword it may come from (core/dictionary/search/
// stem.ts: घर, गर्नु), asked of the search worker, which has every headword from the first visit,
// offline too. A headword whose entry is not on the device (offline) is said to be not saved.

import { fold } from '../../core/dictionary/search/fold.ts';
import { stemCandidates } from '../../core/dictionary/search/stem.ts';
import type { Entry } from '../../core/dictionary/types.ts';
import { isNotSaved } from '../client/offline.ts';
import { lookUp } from './api.ts';
import { searchWords } from './search-client.ts';

export interface Resolved {
  /** the headword shown: the word tapped, or the one it comes from */
  word: string;
  entry?: Entry;
  /** offline, and the headword's entry is not on the device */
  notSaved?: boolean;
}

/** Candidates tried at most (the word and its stems), one search each. */
const MAX_TRIED = 12;

/**
 * The headword `word` is (under the search fold) or comes from: `{ head }`; `{}` when neither it nor
 * a stem is one; `{ unsure: true }` when the search could not read every list it needed (offline,
 * not saved).
 */
export async function headwordOf(word: string): Promise<{ head?: string; unsure?: boolean }> {
  let unsure = false;
  for (const c of [word, ...stemCandidates(word)].slice(0, MAX_TRIED)) {
    const { words, unsaved } = await searchWords(c, 10);
    if (unsaved?.length) unsure = true;
    const key = fold(c);
    const head = words.find((w) => w === c) ?? words.find((w) => fold(w) === key);
    if (head) return { head };
  }
  return unsure ? { unsure } : {};
}

/** The entry to show for a tapped word; undefined when the dictionary has neither it nor its stem. */
export async function resolveWord(tapped: string): Promise<Resolved | undefined> {
  let notSaved = false;
  try {
    const entry = await lookUp(tapped);
    if (entry) return { word: tapped, entry };
  } catch (e) {
    if (!isNotSaved(e)) throw e;
    notSaved = true;
  }
  // The word is no headword, or its entry is not saved: the search worker tells which.
  const { head, unsure } = await headwordOf(tapped).catch(() => ({ head: undefined, unsure: true }));
  if (head === undefined || head === tapped) return notSaved && (unsure || head === tapped) ? { word: tapped, notSaved } : undefined;
  try {
    const entry = await lookUp(head);
    return entry ? { word: head, entry } : undefined;
  } catch (e) {
    if (isNotSaved(e)) return { word: head, notSaved: true };
    throw e;
  }
}
