// The recoverable oddities of an upstream record: counted by the normaliser and reported in the
// build's summary with these words.

import type { UrlDrop } from '../url-policy.ts';

/** The longest value a query may filter by (subject, source, language, category); the build shortens longer ones, so every value the catalog lists can be asked for. */
export const MAX_FILTER_LENGTH = 100;

/** Recoverable oddities, counted and reported in the build summary. */
export type Oddity =
  | 'grade-missing'
  | 'grade-from-text'
  | 'grade-unreadable'
  | 'grade-out-of-range'
  | 'language-recoded'
  | 'language-not-iso639-1'
  | 'language-unknown'
  | 'language-several'
  | 'subject-missing'
  | 'subject-renamed'
  | 'subject-unlisted'
  | 'url-dropped'
  | 'url-saved-file'
  | 'author-list-joined'
  | 'keywords-tidied'
  | 'title-tidied'
  | 'published-year-trimmed'
  | 'extra-field-dropped'
  | 'source-from-file-name'
  | 'filter-value-shortened'
  | 'lone-surrogate-replaced'
  | 'source-missing'
  | 'field-wrong-type'
  | 'page-count-text'
  | 'page-count-unreadable'
  | 'file-size-text'
  | 'year-bikram-sambat'
  | 'level-instead-of-grade'
  | 'read-url-null'
  | 'cover-empty'
  | 'cover-site-relative'
  | 'url-non-ascii'
  | 'download-url-list'
  | 'pdf-url-from-files'
  | 'object-field-kept';

export const ODDITY_TEXT: Record<Oddity, string> = {
  'grade-missing': 'no grade (kept, grade null)',
  'grade-from-text': 'grade given as text ("5", "Grade 5", "कक्षा ५"), read as a number',
  'grade-unreadable': 'grade that is not a number (grade set to null)',
  'grade-out-of-range': 'grade outside 1–12 (grade set to null)',
  'language-recoded': 'language spelt otherwise (eng, nep, English…), recoded to ISO 639-1',
  'language-not-iso639-1': 'language with no ISO 639-1 code, kept as its ISO 639-2/3 code',
  'language-unknown': 'language not recognised (language set to null)',
  'language-several': 'several languages given, the first recognised kept',
  'subject-missing': 'no subject (kept, subject null)',
  'subject-renamed': 'subject spelt otherwise, renamed to the canonical name',
  'subject-unlisted': 'subject not in the canonical list, kept as published',
  'url-dropped':
    'unsafe URL (a scheme other than http(s), control or invisible characters, backslashes, an encoded scheme or host: core/url-policy.ts), dropped',
  'url-saved-file': "URL into the app's own /api/books/saved-file (a reader's saved copy, served from the app's origin), dropped",
  'author-list-joined': 'author given as a list, joined with "; "',
  'keywords-tidied': 'blank or repeated keywords removed',
  'title-tidied': 'white space in a title or local title tidied',
  'published-year-trimmed': 'publishedYear given as a date, cut to the year',
  'extra-field-dropped': 'a `sample` that is not true/false, dropped (its value kept in `upstream`)',
  'source-from-file-name': 'record without a source, given the source of its file',
  'filter-value-shortened': `subject, source or category longer than a query may ask for (${MAX_FILTER_LENGTH} characters), shortened to fit`,
  'lone-surrogate-replaced': 'text with a lone UTF-16 surrogate (half a character: no URL can hold it), replaced by U+FFFD',
  'source-missing': 'record without a source, in a file whose name names none (source "unknown")',
  'field-wrong-type': 'field of an unexpected type (the contract field set to null or left out; the value kept in `upstream`)',
  'page-count-text': 'pageCount given as text ("120 pages"), read as a number (the text kept in `upstream`)',
  'page-count-unreadable': 'pageCount that is not a number (left out; the value kept in `upstream`)',
  'file-size-text': 'fileSize given with units ("3 MB"), kept as published (bytes in `files[].sizeBytes`)',
  'year-bikram-sambat': 'year in the Bikram Sambat calendar ("2067"), kept as published',
  'level-instead-of-grade': '`level` instead of a grade (non-formal education levels): kept, grade null',
  'read-url-null': 'readUrl null',
  'cover-empty': 'coverUrl empty',
  'cover-site-relative': 'coverUrl a site-relative path that is no cover file beside the sources (a generated cover instead)',
  'url-non-ascii': 'URL with non-ASCII characters (Devanagari…), kept as published',
  'download-url-list': 'downloadUrl given as a list',
  'pdf-url-from-files': 'pdfUrl filled from a PDF among the files (downloadUrl, chapters, question papers…)',
  'object-field-kept': 'field holding an object or a list of objects (question_papers, chapterDownloadUrls…), kept as published',
};

/** The oddity a dropped URL is counted as. */
export const urlOddity = (why: UrlDrop): Oddity => (why === 'saved-file' ? 'url-saved-file' : 'url-dropped');
