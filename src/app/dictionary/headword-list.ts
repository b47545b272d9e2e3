// The build's headword list (core/dictionary/headwords.ts) in the page, for the tools that scan
// every word (pattern search, word of the day): fetched through the service worker, which saved it
// at the first visit, so offline too; decoded and folded once per page. Search proper runs in the
// search worker, which keeps its own copy (search.worker.ts): this file adds no message to it.

import { decodeHeadwords, HEADWORDS, type HeadwordsFile } from '../../core/dictionary/headwords.ts';
import { fold } from '../../core/dictionary/search/fold.ts';
import { getJson } from './api.ts';

export interface HeadwordList {
  /** every headword, in dictionary order */
  words: string[];
  /** fold() of each, computed when first asked for */
  folded: () => string[];
}

let list: Promise<HeadwordList> | undefined;

/** The headword list; a failure (offline and not saved: KhojError "http" 503) is asked again next time. */
export function headwordList(): Promise<HeadwordList> {
  if (!list) {
    const read = getJson<HeadwordsFile>(HEADWORDS).then((file) => {
      const words = decodeHeadwords(file.words);
      let folded: string[] | undefined;
      return { words, folded: () => (folded ??= words.map(fold)) };
    });
    list = read;
    read.catch(() => list === read && (list = undefined));
  }
  return list;
}
