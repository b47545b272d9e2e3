// Browsing the catalog: by grade, then subject; a filtered, searchable list of result cards.

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { SearchField } from '../ui/search-field.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { useLoad } from '../ui/use-load.ts';
import { countBooks, getSources, getStats, listBooks } from './api.ts';
import { BookCard, SourceBadge, useLanguageName, useSubjectName } from './cards.tsx';
import { ContinueReading } from './continue-reading.tsx';
import { useBooksT } from './strings.ts';
import { ScreenHeading, selectProps } from '../ui/focus.tsx';

const FILTERS = ['grade', 'subject', 'source', 'language', 'q', 'page'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const paramsOf = (p: URLSearchParams): Filters => Object.fromEntries(FILTERS.flatMap((k) => (p.get(k) ? [[k, p.get(k)!]] : [])));
const listHref = (f: Filters) => href.section('books', ['list'], f as Record<string, string>);

/** Goes to a hash; `replace` keeps the history clean while typing. */
function go(hash: string, replace = false): void {
  if (hash === location.hash) return;
  if (!replace) {
    location.hash = hash;
    return;
  }
  history.replaceState(history.state, '', hash);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

/** The filters in the address now (not as last rendered: typing and choosing may overlap). */
const filtersNow = (): Filters => paramsOf(new URLSearchParams(location.hash.split('?')[1] ?? ''));

export function SearchForm({ q, setQ, submit }: { q: string; setQ: (q: string) => void; submit: () => void }) {
  const t = useBooksT();
  return (
    <form
      class="books-search"
      role="search"
      aria-label={t.heading}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label for="books-q" class="visually-hidden">
        {t.searchLabel}
      </label>
      <SearchField id="books-q" value={q} placeholder={t.searchHint} onText={setQ} />
      <button type="submit">{t.search}</button>
    </form>
  );
}

function HomeSearch() {
  const [q, setQ] = useState('');
  return <SearchForm q={q} setQ={setQ} submit={() => go(listHref({ q }))} />;
}

export function BooksHome() {
  const t = useBooksT();
  const lang = useLang();
  const { data, error, reload } = useLoad(() => Promise.all([getStats(), getSources()]), []);
  if (error) return <Failed error={error} retry={reload} />;
  if (!data) return <Loading />;
  const [stats, sources] = data;
  return (
    <>
      <ScreenHeading class="visually-hidden">{t.heading}</ScreenHeading>
      <HomeSearch />
      <ContinueReading />
      <section aria-labelledby="grades-h">
        <h2 id="grades-h">{t.byGrade}</h2>
        <ul class="grades">
          {Object.entries(stats.byGrade).map(([g, n]) => (
            <li key={g}>
              <a href={href.section('books', ['grade', g])} aria-label={`${t.grade(digits(g, lang))}: ${t.count(digits(n, lang))}`}>
                <span class="grade-n">{digits(g, lang)}</span>
                <small>{t.count(digits(n, lang))}</small>
              </a>
            </li>
          ))}
        </ul>
        <p>
          <a href={listHref({})}>
            {t.allBooks} ({digits(stats.totalBooks, lang)})
          </a>
        </p>
      </section>
      <section aria-labelledby="sources-h">
        <h2 id="sources-h">{t.sources}</h2>
        <ul class="sources">
          {sources
            .filter((s) => s.count > 0)
            .map((s) => (
              <li key={s.source}>
                <a href={listHref({ source: s.source })}>
                  <SourceBadge source={s.source} role={s.role} /> <span lang={textLang(s.name)}>{s.name}</span>
                </a>{' '}
                <span class="muted">
                  {t[s.role]} · {t.count(digits(s.count, lang))}
                </span>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}

/** A grade's subjects, with how many books each has (one small query per subject). */
export function GradePage({ grade }: { grade: string }) {
  const t = useBooksT();
  const lang = useLang();
  const subjectName = useSubjectName();
  const { data, error, reload } = useLoad(async () => {
    const stats = await getStats();
    const subjects = Object.keys(stats.bySubject);
    // One subject the query refuses (a hostile catalog's) leaves it out, not the whole grade.
    const counts = await Promise.all(subjects.map((subject) => countBooks({ grade, subject }).catch(() => 0)));
    const total = await countBooks({ grade });
    return { subjects: subjects.map((s, i) => [s, counts[i]!] as const).filter(([, n]) => n > 0), total };
  }, [grade]);
  const g = digits(grade, lang);
  return (
    <section aria-labelledby="grade-h">
      <ScreenHeading id="grade-h">{t.grade(g)}</ScreenHeading>
      {error ? (
        <Failed error={error} retry={reload} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <h2>{t.subjects}</h2>
          <ul class="subjects">
            {data.subjects.map(([s, n]) => (
              <li key={s}>
                <a href={listHref({ grade, subject: s })}>
                  <span lang={subjectName(s) === s ? textLang(s) : undefined}>{subjectName(s)}</span> <small>{t.count(digits(n, lang))}</small>
                </a>
              </li>
            ))}
          </ul>
          <p>
            <a href={listHref({ grade })}>
              {t.allOfGrade(g)} ({digits(data.total, lang)})
            </a>
          </p>
        </>
      )}
    </section>
  );
}

const PAGE_SIZE = '20';

export function ListPage({ params }: { params: URLSearchParams }) {
  const t = useBooksT();
  const lang = useLang();
  const f = paramsOf(params);
  const key = JSON.stringify(f);
  const list = useLoad(() => listBooks({ ...f, limit: PAGE_SIZE }), [key]);
  const choices = useLoad(() => Promise.all([getStats(), getSources()]), []);
  // The search box: results follow the typing (one history entry), and a new address (back,
  // a link) sets the box, unless it is what the typing itself asked for.
  const [q, setQ] = useState(f.q ?? '');
  const pushed = useRef(f.q ?? '');
  useEffect(() => {
    if ((f.q ?? '') === pushed.current) return;
    pushed.current = f.q ?? '';
    setQ(pushed.current);
  }, [f.q]);
  useEffect(() => {
    if (q === pushed.current) return;
    const timer = setTimeout(() => {
      pushed.current = q;
      go(listHref({ ...filtersNow(), q, page: '' }), true);
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);
  const setFilter = (name: keyof Filters, value: string) => {
    pushed.current = q;
    go(listHref({ ...filtersNow(), q, [name]: value, page: '' }));
  };
  return (
    <section aria-labelledby="list-h">
      <ScreenHeading id="list-h" class="visually-hidden">
        {t.allBooks}
      </ScreenHeading>
      <SearchForm q={q} setQ={setQ} submit={() => setFilter('q', q)} />
      {choices.data ? <FilterBar f={f} set={setFilter} stats={choices.data[0]} sources={choices.data[1]} /> : null}
      {list.error ? (
        <Failed error={list.error} retry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <>
          <p class="muted" role="status" id="books-total">
            {t.count(digits(list.data.meta.total, lang))}
          </p>
          {list.data.data.length ? (
            <ol class="book-cards" id="book-results">
              {list.data.data.map((b) => (
                <BookCard key={b.id} book={b} />
              ))}
            </ol>
          ) : (
            <p class="alert">
              {t.noBooks} · <a href={listHref({})}>{t.clear}</a>
            </p>
          )}
          <Pager f={f} page={list.data.meta.page} pages={list.data.meta.pages} />
        </>
      )}
    </section>
  );
}

function FilterBar({
  f,
  set,
  stats,
  sources,
}: {
  f: Filters;
  set: (name: keyof Filters, value: string) => void;
  stats: { byGrade: Record<string, number>; bySubject: Record<string, number>; byLanguage: Record<string, number> };
  sources: Array<{ source: string; name: string; count: number }>;
}) {
  const t = useBooksT();
  const lang = useLang();
  const subjectName = useSubjectName();
  const languageName = useLanguageName();
  // An option that is the catalog's own name (a source, a subject we have no Nepali for) says its language.
  const select = (name: keyof Filters, label: string, options: Array<[value: string, text: string, data?: boolean]>) => (
    <label>
      {label}{' '}
      <select name={name} value={f[name] ?? ''} {...selectProps((v) => set(name, v))}>
        <option value="">{t.any}</option>
        {options.map(([v, text, data]) => (
          <option key={v} value={v} lang={data ? textLang(text) : undefined}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const active = (['grade', 'subject', 'source', 'language', 'q'] as const).some((k) => f[k]);
  return (
    <fieldset class="filters">
      <legend class="visually-hidden">{t.filters}</legend>
      {select(
        'grade',
        t.gradeLabel,
        Object.keys(stats.byGrade).map((g) => [g, digits(g, lang)]),
      )}
      {select(
        'subject',
        t.subject,
        Object.keys(stats.bySubject).map((s) => [s, subjectName(s), subjectName(s) === s]),
      )}
      {select(
        'source',
        t.source,
        sources.filter((s) => s.count > 0).map((s) => [s.source, s.name, true]),
      )}
      {select(
        'language',
        t.language,
        Object.keys(stats.byLanguage)
          .filter((l) => l !== 'unknown')
          .map((l) => [l, languageName(l)]),
      )}
      {active ? <a href={listHref({})}>{t.clear}</a> : null}
    </fieldset>
  );
}

function Pager({ f, page, pages }: { f: Filters; page: number; pages: number }) {
  const t = useBooksT();
  const lang = useLang();
  if (pages <= 1) return null;
  return (
    <nav class="pager" aria-label={t.pageOf(digits(page, lang), digits(pages, lang))}>
      {page > 1 ? (
        <a href={listHref({ ...f, page: String(page - 1) })} rel="prev">
          {t.previous}
        </a>
      ) : (
        <span />
      )}
      <span>{t.pageOf(digits(page, lang), digits(pages, lang))}</span>
      {page < pages ? (
        <a href={listHref({ ...f, page: String(page + 1) })} rel="next">
          {t.next}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
