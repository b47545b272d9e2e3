// A word chosen uniformly from the whole dictionary: a position, then the entry there, read from its
// chunk by the manifest's index ranges (api.ts entryAt), which the word's page then draws from memory.
// The letter file it read before is up to 1 MB, parsed on the page's thread at the tap. Offline with
// that chunk not stored, the search worker names the word from the saved headword list.

import { isNotSaved } from '../client/offline.ts';
import { entryAt, entryCount } from './api.ts';
import { wordsAt } from './search-client.ts';
import { KhojError } from '../../core/errors.ts';

export async function randomWord(rand = Math.random): Promise<string> {
  const at = Math.floor(rand() * (await entryCount()));
  try {
    const entry = await entryAt(at);
    if (entry) return entry.word;
  } catch (e) {
    if (!isNotSaved(e)) throw e;
  }
  const [word] = await wordsAt(at, 1);
  if (word === undefined) throw new KhojError('damaged', `no word at ${at}`);
  return word;
}
