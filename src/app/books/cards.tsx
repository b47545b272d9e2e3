// Small pieces every textbook screen uses: covers, source badges, book cards, names.

import { digits } from '../../core/digits.ts';
import { SUBJECTS } from '../../core/books/normalise.ts';
import { knownSource } from '../../core/books/sources.ts';
import type { SourceRole } from '../../core/books/types.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import { coverFor, local } from './api.ts';
import { useDataSaver } from '../client/data-saver.ts';
import { useBooksT } from './strings.ts';
import { useState } from 'preact/hooks';
import { textLang } from '../../core/text-lang.ts';

const LOCAL_SUBJECT = new Map(SUBJECTS.map((s) => [s.name, s.local]));

/** A subject's name in the interface language (the catalog's names are English). */
export function useSubjectName(): (subject: string) => string {
  const lang = useLang();
  return (s) => (lang === 'ne' ? (LOCAL_SUBJECT.get(s) ?? s) : s);
}

// The catalog's own codes in Nepali: Chromium's built-in names have no Nepali (it answers "English").
const NEPALI_NAMES: Record<'language' | 'region', Record<string, string>> = {
  language: { ne: 'नेपाली', en: 'अङ्ग्रेजी', hi: 'हिन्दी', mai: 'मैथिली', new: 'नेवारी', bho: 'भोजपुरी', sa: 'संस्कृत', tmg: 'तामाङ' },
  region: { NP: 'नेपाल', IN: 'भारत' },
};

const displayNames: Partial<Record<string, Intl.DisplayNames | null>> = {};
/** A code's name in the interface language through Intl.DisplayNames, or the code when the browser does not know it. */
function nameOf(type: 'language' | 'region', lang: string, code: string): string {
  const own = lang === 'ne' ? NEPALI_NAMES[type][type === 'region' ? code.toUpperCase() : code.toLowerCase()] : undefined;
  if (own) return own;
  const key = `${type}:${lang}`;
  if (displayNames[key] === undefined) {
    try {
      displayNames[key] = new Intl.DisplayNames([lang], { type });
    } catch {
      displayNames[key] = null;
    }
  }
  try {
    return displayNames[key]?.of(type === 'region' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code;
  }
}

/** A language code's name (नेपाली, English…), or the code when the browser does not know it. */
export function useLanguageName(): (code: string) => string {
  const lang = useLang();
  return (code) => nameOf('language', lang, code);
}

/** A country code's name (np → नेपाल, Nepal), or the code when the browser does not know it. */
export function useCountryName(): (code: string) => string {
  const lang = useLang();
  return (code) => nameOf('region', lang, code);
}

/** A book page's address. */
export const bookHref = (id: string) => href.section('books', ['book', id]);

export function Cover({ book, big }: { book: { title: string; coverUrl: string; source?: string }; big?: boolean }) {
  const [broken, setBroken] = useState(false);
  const saver = useDataSaver();
  const w = big ? 180 : 90;
  // An image not stored and not reachable (offline): a plain stand-in with the title, sized by the
  // style sheet as the picture is (an inline size made it 180 px wide beside a phone's title).
  if (broken)
    return (
      <span class={`cover stand-in${big ? ' big' : ''}`} style={{ background: knownSource(book.source ?? '')?.colour }} aria-hidden="true">
        {book.title}
      </span>
    );
  return <img class="cover" src={local(coverFor(book.coverUrl, saver))} alt="" width={w} height={(w * 7) / 5} loading="lazy" onError={() => setBroken(true)} />;
}

export function SourceBadge({ source, role }: { source: string; role?: SourceRole }) {
  const t = useBooksT();
  const known = knownSource(source);
  const r = role ?? known?.role ?? 'other';
  return (
    <span class={`source-badge ${r}`} style={{ '--badge': known?.colour ?? '#555' }} title={t[r]} translate={false}>
      {known?.short ?? source}
    </span>
  );
}

export interface CardBook {
  id: string;
  title: string;
  titleLocal?: string;
  coverUrl: string;
  source?: string;
  grade?: number | null;
  subject?: string | null;
  language?: string | null;
}

export function BookCard({ book }: { book: CardBook }) {
  const t = useBooksT();
  const lang = useLang();
  const subject = useSubjectName();
  const language = useLanguageName();
  const meta = [
    book.grade ? t.grade(digits(book.grade, lang)) : '',
    book.subject ? subject(book.subject) : '',
    book.language ? language(book.language) : '',
  ].filter(Boolean);
  return (
    <li class="book-card">
      <a href={bookHref(book.id)}>
        <Cover book={book} />
        <span class="card-text">
          <span class="card-title" lang={textLang(book.title)}>
            {book.title}
          </span>
          {book.titleLocal && book.titleLocal !== book.title ? (
            <span class="card-local" lang={textLang(book.titleLocal)}>
              {book.titleLocal}
            </span>
          ) : null}
          {meta.length ? <span class="card-meta">{meta.join(' · ')}</span> : null}
          {book.source ? <SourceBadge source={book.source} /> : null}
        </span>
      </a>
    </li>
  );
}
