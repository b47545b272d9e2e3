import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';
import { SearchField } from '../ui/search-field.tsx';
import { href, type SearchMode } from './links.ts';
import { lazyComponent } from '../ui/lazy-component.tsx';
import { finderStrings } from './finder-strings.ts';
import { NotSaved } from './not-saved.tsx';
import { type SearchAnswer, searchWords, warmSearch, wordsAnswered } from './search-client.ts';
import { prefetchEntries } from './api.ts';
import { openInTask } from './open-in-task.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { afterSettled } from '../client/first-paint.ts';
import { MeaningResults } from './meaning-results.tsx';

/** Keystrokes in the header's field, for the results screen already showing. */
const typed = new EventTarget();
let urlTimer: ReturnType<typeof setTimeout> | undefined;
/** The header's field, while mounted. */
let field: HTMLInputElement | null = null;

const onResults = () => location.hash.startsWith('#/search?');
const inMeanings = () => onResults() && new URLSearchParams(location.hash.split('?')[1]).get('in') === 'meanings';
/** The pattern mode chosen on the results screen, kept while the reader types. */
const chosenMode = (): SearchMode | undefined => {
  const m = onResults() ? new URLSearchParams(location.hash.split('?')[1]).get('m') : null;
  return m === 'whole' || m === 'starts' || m === 'ends' || m === 'contains' ? m : undefined;
};
/** A query with a wildcard asks for a pattern search (core/dictionary/search/pattern.ts hasWildcard, inlined: that module is in the lazy chunk). */
const hasWildcard = (q: string) => /[?*？＊]/.test(q);

const EnglishNotice = lazyComponent(() => import('./english-notice.tsx').then((m) => m.default), null);
/** Only Latin letters: maybe an English word (english-notice.tsx decides). */
const latinWord = (q: string) => /^[A-Za-z]{3,}$/.test(q.trim());
const PatternResults = lazyComponent(() => import('./pattern-results.tsx').then((m) => m.default));

/** The header's search field: every keystroke updates #/search?q=… in place (in words, or in meanings when there). */
export function SearchBox({ initial }: { initial: string }) {
  const t = useDictionaryT();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field = input.current;
    // Where the list is on the device (a worker controls the page), the worker reads it once the
    // screen has settled, so the first keystroke finds it ready; a first visit waits for the focus.
    if (navigator.serviceWorker?.controller) afterSettled(() => void warmSearch(), 300, 3000);
    return () => void (field = null);
  }, []);
  return (
    <form
      class="search"
      role="search"
      aria-label={DICTIONARY_SHELL[useLang()].name}
      onSubmit={(e) => {
        e.preventDefault();
        location.hash = href.search(input.current?.value ?? '', inMeanings(), chosenMode());
      }}
    >
      <SearchField
        inputRef={input}
        id="search-input"
        value={initial}
        placeholder={t.searchHint}
        aria-label={t.search}
        lang="ne"
        // The worker reads the headword list and its index while the reader starts to type.
        onFocus={() => void warmSearch()}
        onText={(value) => {
          const meanings = inMeanings();
          const mode = chosenMode();
          // Ask the worker now; the results screen, rendered next, gets the same answer.
          if (value.trim() && !meanings && !mode && !hasWildcard(value)) void searchWords(value);
          const target = href.search(value, meanings, mode);
          if (onResults()) {
            // On the results already: update them in place, without re-routing the whole
            // app; the URL follows once typing pauses (replaceState costs ~2 ms a call).
            typed.dispatchEvent(new CustomEvent('q', { detail: value }));
            clearTimeout(urlTimer);
            // The target is made when the timer fires: a mode chosen meanwhile stays.
            urlTimer = setTimeout(() => onResults() && history.replaceState(null, '', href.search(value, inMeanings(), chosenMode())), 300);
          } else {
            history.pushState(null, '', target);
            dispatchEvent(new HashChangeEvent('hashchange'));
          }
        }}
      />
    </form>
  );
}

/** The query of the results screen: the route's, then every keystroke in the header's field. */
function useTypedQuery(routed: string): string {
  const [q, setQ] = useState(routed);
  useEffect(() => setQ(routed), [routed]);
  useEffect(() => {
    const on = (e: Event) => setQ((e as CustomEvent<string>).detail);
    typed.addEventListener('q', on);
    // Keystrokes after the first, typed while this screen was still mounting, had no listener:
    // the field the reader is typing in holds them.
    if (field && document.activeElement === field && field.value !== routed) setQ(field.value);
    return () => typed.removeEventListener('q', on);
  }, []);
  return q;
}

export function SearchPage({ q: routed, meanings, mode }: { q: string; meanings: boolean; mode?: SearchMode | undefined }) {
  const q = useTypedQuery(routed);
  if (meanings) return <MeaningResults q={q} />;
  // A wildcard, or a chosen mode, makes it a pattern search; a wildcard alone matches whole words.
  const pattern = mode ?? (hasWildcard(q) ? 'whole' : undefined);
  return (
    <section aria-labelledby="results-h">
      <WordsHeading q={q} />
      <ModeChoice q={q} mode={mode} />
      {latinWord(q) ? <EnglishNotice q={q} /> : null}
      {pattern && q.trim() ? <PatternResults q={q} mode={pattern} /> : <WordResults q={q} />}
    </section>
  );
}

function WordsHeading({ q }: { q: string }) {
  const t = useDictionaryT();
  return (
    <>
      <ScreenHeading id="results-h" class="visually-hidden" title={q.trim() ? `${t.search}: ${q.trim()}` : t.search}>
        {t.search}
      </ScreenHeading>
      <p>
        <a href={href.search(q, true)}>{t.meanings}</a>
      </p>
    </>
  );
}

/** Best match (search proper), or a pattern mode: starts with, ends with (rhymes), contains. */
function ModeChoice({ q, mode }: { q: string; mode: SearchMode | undefined }) {
  const s = finderStrings(useLang());
  const choices: Array<[SearchMode | undefined, string]> = [
    [undefined, s.modes.best],
    ['starts', s.modes.starts],
    ['ends', s.modes.ends],
    ['contains', s.modes.contains],
  ];
  return (
    <fieldset class="search-modes">
      <legend>
        {s.modeLabel} <small class="muted">({s.patternHelp})</small>
      </legend>
      {choices.map(([m, label]) => (
        <label key={label}>
          <input
            type="radio"
            name="search-mode"
            value={m ?? 'best'}
            checked={mode === m || (mode === 'whole' && m === undefined)}
            onChange={() => {
              clearTimeout(urlTimer);
              history.replaceState(null, '', href.search(field?.value ?? q, false, m));
              dispatchEvent(new HashChangeEvent('hashchange'));
            }}
          />{' '}
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** Results whose entries are read ahead (their chunks: at most three). */
const PREFETCHED = 8;

function WordResults({ q }: { q: string }) {
  const t = useDictionaryT();
  const [answer, setAnswer] = useState<(SearchAnswer & { q: string }) | null>(null);
  const [failed, setFailed] = useState('');
  const latest = useRef(0);
  // A layout effect, so the query leaves for the worker in the keystroke's own task,
  // not a frame later.
  useLayoutEffect(() => {
    const id = ++latest.current;
    if (!q.trim()) {
      setAnswer(null);
      return;
    }
    searchWords(q).then(
      (a) => id === latest.current && (setAnswer({ ...a, q }), setFailed('')),
      (e: Error) => id === latest.current && setFailed(e.message),
    );
  }, [q]);
  // The entries of the first results, read while the reader looks at them (stored copies only),
  // so that a tap draws its entry at once; not while they are still typing.
  useEffect(() => {
    const words = answer?.words;
    if (!words?.length) return;
    const timer = setTimeout(() => void prefetchEntries(words.slice(0, PREFETCHED)), 200);
    return () => clearTimeout(timer);
  }, [answer]);
  // Answered ahead (search-client.ts): shown in this render, the keystroke's own task.
  const made = answer?.q !== q && q.trim() ? wordsAnswered(q) : undefined;
  const shown = made ? { ...made, q } : answer;
  return (
    <>
      {failed ? (
        <p role="alert" class="alert">
          {failed}
        </p>
      ) : null}
      {shown?.unsaved?.length && q.trim() ? (
        <NotSaved what="search" id="search-not-saved" />
      ) : shown && shown.words.length === 0 && q.trim() ? (
        <p role="status">{t.noResults}</p>
      ) : null}
      {/* data-q names the query these results answer (the benchmark waits on it) */}
      <ul class="results" id="results" data-arrows data-q={shown?.q ?? ''} data-complete={shown && !shown.partial ? 'yes' : 'no'} onClick={openInTask}>
        {/* Keyed by position: a new answer rewrites the rows' text instead of rebuilding them. */}
        {shown?.words.map((w, i) => (
          <li key={i}>
            <a href={href.word(w)}>{w}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
