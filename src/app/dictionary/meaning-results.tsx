// Results of a search in meanings: the whole dictionary is searched (the index files and the
// entries it needs are fetched, with progress, or read from the device offline), each result
// with the sense that matched, its words marked.

import { useEffect, useState } from 'preact/hooks';
import { count } from '../../core/digits.ts';
import type { Snippet } from '../../core/dictionary/meanings/snippet.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { href } from './links.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { NotSaved } from './not-saved.tsx';
import { type SearchAnswer, searchMeanings } from './search-client.ts';

/** Results asked for at a time; "more" asks for as many again. */
const PAGE = 20;
/** A pause in typing before a new search (each may fetch files). */
const TYPING_PAUSE_MS = 250;

type Shown = { q: string; answer: SearchAnswer; done: boolean };

/** The search in meanings for `q`, up to `limit` results, asked again after a pause in typing: what it has answered so far. */
function useMeaningSearch(q: string, limit: number): { shown: Shown | null; failed: string } {
  const [shown, setShown] = useState<Shown | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    if (!q.trim()) {
      setShown(null);
      return;
    }
    let stop = () => undefined as unknown;
    const timer = setTimeout(
      () => {
        stop = searchMeanings(
          q,
          limit,
          (answer, done) => (setShown({ q, answer, done }), setFailed('')),
          (e) => setFailed(e.message),
        );
      },
      shown ? TYPING_PAUSE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [q, limit]);
  return { shown, failed };
}

/** How far the search is: the files it is fetching, then how many results it found. */
function SearchProgress({ shown }: { shown: Shown | null }) {
  const t = useDictionaryT();
  const lang = useLang();
  const answer = shown?.answer;
  const progress = shown && !shown.done ? answer?.progress : undefined;
  return (
    <p role="status" id="meanings-progress" class="muted">
      {progress ? (
        <>
          <progress max={progress.total} value={progress.done} aria-hidden="true" /> {t.fetching}: {count(progress.done, lang)} / {count(progress.total, lang)}{' '}
          {t.files}
        </>
      ) : shown?.done && answer?.total ? (
        answer.someWords ? (
          t.meaningsSomeWords(count(answer.total, lang))
        ) : (
          t.meaningsFound(count(answer.total, lang))
        )
      ) : null}
    </p>
  );
}

/** The results: each word with the sense that matched; a row still on its way keeps its place. */
function HitList({ shown }: { shown: Shown | null }) {
  const hits = shown?.answer.hits ?? [];
  return (
    <ol class="results meaning-results" id="results" data-arrows data-q={shown?.q ?? ''} data-complete={shown?.done ? 'yes' : 'no'}>
      {hits.map((h, i) =>
        h ? (
          <li key={i}>
            <a href={href.word(h.word)}>{h.word}</a>
            {h.snippet ? <Marked snippet={h.snippet} /> : null}
          </li>
        ) : (
          // Its entry is on its way (or not saved): the row keeps its place.
          <li key={i} class="pending" aria-hidden="true">
            …
          </li>
        ),
      )}
    </ol>
  );
}

export function MeaningResults({ q }: { q: string }) {
  const t = useDictionaryT();
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setLimit(PAGE), [q]);
  const { shown, failed } = useMeaningSearch(q, limit);
  const answer = shown?.answer;
  const hits = answer?.hits ?? [];
  const title = q.trim() ? t.meaningsOf(q.trim()) : t.meanings;
  return (
    <section aria-labelledby="results-h" class="meaning-search">
      <ScreenHeading id="results-h" title={title}>
        {title}
      </ScreenHeading>
      <p>
        <a href={href.search(q)}>{t.searchWords}</a>
      </p>
      {answer?.searchedAs ? (
        <p class="muted" id="searched-as">
          {t.searchedAs} <span lang="ne">{answer.searchedAs}</span>
        </p>
      ) : null}
      {failed ? (
        <p role="alert" class="alert">
          {failed}
        </p>
      ) : null}
      <SearchProgress shown={shown} />
      {answer?.damaged?.length ? (
        <p role="alert" class="alert" id="search-damaged">
          {t.meaningsDamaged}
        </p>
      ) : null}
      {answer?.unsaved?.length ? <NotSaved what="meanings" id="search-not-saved" /> : null}
      {answer?.missing ? <NotSaved what="results" id="results-not-saved" /> : null}
      {shown?.done && !answer?.unsaved?.length && !answer?.damaged?.length && answer?.total === 0 ? <p role="status">{t.noResults}</p> : null}
      <HitList shown={shown} />
      {shown?.done && answer?.total !== undefined && answer.total > hits.length ? (
        <p>
          <button type="button" class="button" id="more-results" onClick={() => setLimit(limit + PAGE)}>
            {t.moreResults}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** A sense with the query's words marked. */
function Marked({ snippet }: { snippet: Snippet }) {
  const parts = [];
  let at = 0;
  for (const [start, end] of snippet.marks) {
    parts.push(snippet.text.slice(at, start), <mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(snippet.text.slice(at));
  return (
    <p class="snippet" lang="ne">
      {parts}
    </p>
  );
}
