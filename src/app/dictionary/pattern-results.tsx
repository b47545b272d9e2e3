// The results of a pattern search (core/dictionary/search/pattern.ts), a chunk of its own: the
// whole headword list scanned in the search worker, offline once it is saved, with the count of
// every match and the first ones in dictionary order.

import { useEffect, useState } from 'preact/hooks';
import { count } from '../../core/digits.ts';
import type { PatternResult } from '../../core/dictionary/search/pattern.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { href, type SearchMode } from './links.ts';
import { isNotSaved } from '../client/offline.ts';
import { NotSaved } from './not-saved.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { useLoad } from '../ui/use-load.ts';
import { finderStrings } from './finder-strings.ts';
import { searchPattern } from './search-client.ts';

/** How many matches are listed (all are counted). */
export const PATTERN_LIMIT = 200;

export default function PatternResults({ q, mode }: { q: string; mode: SearchMode }) {
  const t = useDictionaryT();
  const lang = useLang();
  const s = finderStrings(lang);
  // The last answer stays on screen while the next keystroke's is on its way; data-q names the query it answers.
  const [shown, setShown] = useState<{ q: string; result: PatternResult } | undefined>();
  const { data, error, reload } = useLoad(() => searchPattern(q, mode, PATTERN_LIMIT).then((result) => ({ q, result })), [q, mode]);
  useEffect(() => data && setShown(data), [data]);
  if (error) return isNotSaved(error) ? <NotSaved what="search" id="search-not-saved" /> : <Failed error={error} retry={reload} />;
  const answered = data ?? shown;
  if (!answered) return <Loading />;
  const result = answered.result;
  return (
    <>
      <p role="status" id="pattern-count" data-total={result.total}>
        {result.total === 0 ? s.patternNone : s.patternFound(count(result.total, lang))}
        {result.total > result.words.length ? ` · ${s.patternFirst(count(result.words.length, lang))}` : ''}
      </p>
      <ul class="results" id="results" data-arrows data-q={answered.q} data-complete="yes" aria-label={t.search}>
        {result.words.map((w, i) => (
          <li key={i}>
            <a href={href.word(w)}>{w}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
