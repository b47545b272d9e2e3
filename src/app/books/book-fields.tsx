// A book's fields on its page (book.tsx): those a reader looks for under their names, the rest
// (addresses, identifiers, timestamps, fields we have no label for) under "details", and the same
// book at other sources. The record's values are data: each says its language, an address or an
// identifier is not translated, a number is written in the interface's digits.

import type { ComponentChildren } from 'preact';
import { digits } from '../../core/digits.ts';
import type { BookFile } from '../../core/books/files.ts';
import { textLang } from '../../core/text-lang.ts';
import { useLang } from '../i18n.ts';
import type { Book } from './api.ts';
import { SourceBadge, useCountryName, useLanguageName, useSubjectName } from './cards.tsx';
import { followable } from './file-urls.ts';
import { useFilesT } from './files-strings.ts';
import { useBooksT } from './strings.ts';

/** Field labels, in the order shown; fields not listed here follow under their own names. */
const LABELS: Record<string, [ne: string, en: string]> = {
  titleLocal: ['स्थानीय शीर्षक', 'Local title'],
  author: ['लेखक', 'Author'],
  grade: ['कक्षा', 'Grade'],
  subject: ['विषय', 'Subject'],
  language: ['भाषा', 'Language'],
  country: ['देश', 'Country'],
  curriculum: ['पाठ्यक्रम', 'Curriculum'],
  category: ['प्रकार', 'Category'],
  keywords: ['मुख्य शब्द', 'Keywords'],
  description: ['विवरण', 'Description'],
  publishedYear: ['प्रकाशन वर्ष', 'Published'],
  pageCount: ['पृष्ठ संख्या', 'Pages'],
  chapters: ['पाठहरू', 'Chapters'],
  source: ['स्रोत', 'Source'],
  sourceUrl: ['स्रोत पृष्ठ', 'Source page'],
  readUrl: ['पढ्ने ठेगाना', 'Read URL'],
  pdfUrl: ['PDF ठेगाना', 'PDF URL'],
  coverUrl: ['आवरण', 'Cover'],
  sourceCoverUrl: ['स्रोतको आवरण', 'Source cover'],
  scrapedAt: ['सङ्कलन मिति', 'Collected'],
  id: ['पहिचान', 'Identifier'],
  // Fields of the real sources kept under their upstream names (../shared/data/books/current).
  publisher: ['प्रकाशक', 'Publisher'],
  educationLevel: ['शिक्षाको तह', 'Education level'],
  academicLevel: ['शैक्षिक तह', 'Academic level'],
  level: ['तह', 'Level'],
  subjects: ['विषयहरू', 'Subjects'],
  subcategory: ['उपप्रकार', 'Subcategory'],
  collection_name: ['सङ्ग्रह', 'Collection'],
  institutes: ['संस्थाहरू', 'Institutes'],
  part: ['भाग', 'Part'],
  downloadUrl: ['डाउनलोड ठेगाना', 'Download URL'],
  audioUrl: ['अडियो ठेगाना', 'Audio URL'],
  zipUrl: ['सङ्कुचित फाइलको ठेगाना', 'Archive URL'],
  chapterDownloadUrls: ['पाठहरूका ठेगाना', 'Chapter URLs'],
  question_papers: ['प्रश्नपत्रहरू', 'Question papers'],
  files: ['फाइलहरू', 'Files'],
  upstream: ['स्रोतले लेखेको रूप', 'As the source wrote it'],
};
const NOT_LISTED = new Set(['title', 'alternates', 'sample', 'detailUrl']);
/** Addresses, identifiers and timestamps: under "details", with any field we have no label for; the rest is what a reader looks for. */
const TECHNICAL = new Set([
  'sourceUrl',
  'readUrl',
  'pdfUrl',
  'coverUrl',
  'sourceCoverUrl',
  'scrapedAt',
  'id',
  'downloadUrl',
  'audioUrl',
  'zipUrl',
  'chapterDownloadUrls',
  'question_papers',
  'files',
  'upstream',
]);
const forReaders = (k: string) => k in LABELS && !TECHNICAL.has(k);

/** A record's link, opened in a new tab; none at all for one into the app's own saved files (file-urls.ts followable). */
export function ExternalLink({ href, children, class: cls, address }: { href: string; children: ComponentChildren; class?: string; address?: boolean }) {
  if (!followable(href)) return null;
  return (
    <a href={href} class={cls} target="_blank" rel="noopener noreferrer" translate={address ? false : undefined}>
      {children}
    </a>
  );
}

/** A field's name: ours, or the source's own name as data (it has no translation). */
function useFieldLabel(): (k: string) => ComponentChildren {
  const lang = useLang();
  return (k) => LABELS[k]?.[lang === 'ne' ? 0 : 1] ?? <code>{k}</code>;
}

/** A record's files: each one's kind, title and address. */
function FileList({ files }: { files: BookFile[] }) {
  const ft = useFilesT();
  return (
    <ul class="field-list">
      {files.map((f, i) => (
        <li key={i}>
          {ft.kinds[f.kind] ?? ft.kinds.other}
          {f.title ? (
            <>
              {' · '}
              <span lang={textLang(f.title)}>{f.title}</span>
            </>
          ) : null}
          :{' '}
          <ExternalLink href={f.url} address>
            {f.url}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

/** The record as its source wrote it: each field's name and its value, as written. */
function Upstream({ fields }: { fields: Record<string, unknown> }) {
  const label = useFieldLabel();
  return (
    <dl class="field-upstream">
      {Object.entries(fields).map(([name, value]) => (
        <div key={name}>
          <dt>{label(name)}</dt>
          <dd>
            <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How a field's value is shown. */
function useFieldValue(): (k: string, v: unknown) => ComponentChildren {
  const t = useBooksT();
  const lang = useLang();
  const subject = useSubjectName();
  const language = useLanguageName();
  const country = useCountryName();
  return (k, v) => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return <span class="muted">—</span>;
    if (k === 'grade') return digits(v as number, lang);
    if (k === 'subject') return subject(v as string);
    if (k === 'language') return language(v as string);
    if (k === 'country') return country(v as string);
    if (k === 'source') return <SourceBadge source={v as string} />;
    if (k === 'scrapedAt' && typeof v === 'string' && /^\d{4}-\d\d-\d\d/.test(v)) return digits(v.slice(0, 10), lang);
    if (k === 'files' && Array.isArray(v)) return <FileList files={v as BookFile[]} />;
    if (k === 'upstream' && typeof v === 'object' && !Array.isArray(v)) return <Upstream fields={v as Record<string, unknown>} />;
    if (k === 'chapters' && Array.isArray(v))
      return (
        <ol>
          {v.map((c, i) => (
            <li key={i} lang={textLang(c)}>
              {String(c)}
            </li>
          ))}
        </ol>
      );
    if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) {
      const text = v.join(', ');
      return <span lang={textLang(text)}>{text}</span>;
    }
    if (typeof v === 'object') return <code>{JSON.stringify(v)}</code>;
    if (typeof v === 'number') return digits(v, lang);
    if (typeof v === 'boolean') return v ? t.yes : t.no;
    const text = String(v);
    if (/^(https?:)?\/\//.test(text))
      return (
        <ExternalLink href={text} address>
          {text}
        </ExternalLink>
      );
    if (k === 'id' || k === 'coverUrl' || text.startsWith('/')) return <code>{text}</code>;
    // A year or a count written as text ("2067", "120"): the interface's digits.
    if (!/[^\d\s.,/–-]/.test(text)) return digits(text, lang);
    return <span lang={textLang(text)}>{text}</span>;
  };
}

export function Fields({ book }: { book: Book }) {
  const t = useBooksT();
  const label = useFieldLabel();
  const shown = useFieldValue();
  const keys = [...Object.keys(LABELS), ...Object.keys(book).filter((k) => !(k in LABELS) && !NOT_LISTED.has(k))];
  const list = (ks: string[]) => (
    <dl class="book-fields">
      {ks.map((k) => (
        <div key={k} data-field={k}>
          <dt>{label(k)}</dt>
          <dd>{shown(k, book[k])}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <section aria-labelledby="fields-h">
      <h2 id="fields-h">{t.fields}</h2>
      {list(keys.filter(forReaders))}
      <details class="book-technical">
        <summary>{t.technical}</summary>
        {list(keys.filter((k) => !forReaders(k)))}
      </details>
      {book.alternates?.length ? <Alternates alternates={book.alternates} /> : null}
    </section>
  );
}

/** The same book at other sources. */
function Alternates({ alternates }: { alternates: NonNullable<Book['alternates']> }) {
  const t = useBooksT();
  return (
    <>
      <h2>{t.alternates}</h2>
      <ul class="alternates">
        {alternates.map((a) => (
          <li key={a.id}>
            <SourceBadge source={a.source} /> <code>{a.id}</code> {a.readUrl ? <ExternalLink href={a.readUrl}>{t.read}</ExternalLink> : null}{' '}
            {a.pdfUrl ? <ExternalLink href={a.pdfUrl}>{t.download}</ExternalLink> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
