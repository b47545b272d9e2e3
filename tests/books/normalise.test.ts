// Normalisation of single values and records, folding, titles, URLs, file names.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FIELDS } from './contract.ts';
import { foldText, titleKey, words } from '../../src/core/books/fold.ts';
import { documentKey, normaliseLanguage, normaliseRecord, normaliseSubject, type Oddity, parseGrade } from '../../src/core/books/normalise.ts';
import { publishUrl } from '../../src/core/url-policy.ts';
import { fileStem } from '../../src/core/books/paths.ts';
import { canonicalSource, sourceOfFile } from '../../src/core/books/sources.ts';

describe('values', () => {
  it('grades: integers 1–12 from numbers and the written forms', () => {
    for (const [raw, grade] of [
      [5, 5],
      ['5', 5],
      ['05', 5],
      ['Grade 5', 5],
      ['class 12', 12],
      ['कक्षा ५', 5],
      ['५', 5],
      ['Class-9', 9],
      [' 1 ', 1],
    ] as const) {
      expect(parseGrade(raw), String(raw)).toEqual({ grade });
    }
    for (const raw of [0, 13, '0', '13', 'कक्षा १३', -1]) expect(parseGrade(raw), String(raw)).toEqual({ error: 'out-of-range' });
    for (const raw of [5.5, 'five', 'Grade', '1-2', '', 'grade 5 and 6']) expect(parseGrade(raw), String(raw)).toEqual({ error: 'not-a-number' });
  });

  it('languages: ISO 639-1 from the mixed real forms, the 639-2/3 code where there is no 639-1', () => {
    const cases: Array<[string, string | null]> = [
      ['en', 'en'],
      ['eng', 'en'],
      ['English', 'en'],
      ['english', 'en'],
      ['en-US', 'en'],
      ['en_GB', 'en'],
      ['ne', 'ne'],
      ['nep', 'ne'],
      ['Nepali', 'ne'],
      ['नेपाली', 'ne'],
      ['gre', 'el'],
      ['fre', 'fr'],
      ['hin', 'hi'],
      ['san', 'sa'],
      ['sit', 'sit'],
      ['Nepal Bhasa', 'new'],
      ['Maithili', 'mai'],
      ['', null],
      ['Klingonese', null],
    ];
    for (const [raw, code] of cases) expect(normaliseLanguage(raw).code, raw).toBe(code);
    expect(normaliseLanguage('sit').kind).toBe('other-code');
    expect(normaliseLanguage('eng').kind).toBe('iso639-1');
  });

  it('subjects: canonical names from any listed spelling, others kept tidied', () => {
    expect(normaliseSubject('Maths')).toEqual({ name: 'Mathematics', listed: true });
    expect(normaliseSubject('गणित')).toEqual({ name: 'Mathematics', listed: true });
    expect(normaliseSubject('  social   studies ')).toEqual({ name: 'Social Studies', listed: true });
    expect(normaliseSubject('Serophero')).toEqual({ name: 'Hamro Serofero', listed: true });
    expect(normaliseSubject('विज्ञान तथा प्रविधि')).toEqual({ name: 'Science', listed: true });
    expect(normaliseSubject('Animal  Science')).toEqual({ name: 'Animal Science', listed: false });
    expect(normaliseSubject('   ')).toEqual({ name: null, listed: false });
  });

  it('URLs (the URL policy, tests/hardening/url-policy.test.ts): http(s) and relative paths kept, anything else dropped; a landing page names no document', () => {
    expect(publishUrl(' https://x.org/a ')).toEqual({ url: 'https://x.org/a' });
    expect(publishUrl('//x.org/a')).toEqual({ url: 'https://x.org/a' });
    expect(publishUrl('pdfs/a.pdf')).toEqual({ url: 'pdfs/a.pdf' });
    expect(publishUrl('javascript:alert(1)')).toEqual({ url: null, dropped: 'scheme' });
    expect(publishUrl('data:text/html,x')).toEqual({ url: null, dropped: 'scheme' });
    expect(publishUrl('')).toEqual({ url: null });
    expect(documentKey('https://www.Pustakalaya.org/documents/detail/abc/')).toBe('pustakalaya.org/documents/detail/abc');
    expect(documentKey('http://pustakalaya.org/documents/detail/abc#x')).toBe('pustakalaya.org/documents/detail/abc');
    expect(documentKey('https://learning.cehrd.gov.np/mod/resource/view.php?id=40')).toBe('learning.cehrd.gov.np/mod/resource/view.php?id=40');
    expect(documentKey('https://moecdc.gov.np')).toBeUndefined();
    expect(documentKey('https://moecdc.gov.np/')).toBeUndefined();
    expect(documentKey('pdfs/a.pdf')).toBeUndefined();
  });

  it('sources: canonical ids from file names and short names', () => {
    expect(canonicalSource('CEHRD')).toBe('cehrd-learning');
    expect(canonicalSource('open_library')).toBe('openlibrary');
    expect(canonicalSource('Some-Other')).toBe('some-other');
    expect(sourceOfFile('/x/cdc_nepal.json')).toBe('cdc-nepal');
    expect(sourceOfFile('https://h/data/archive_org.json.gz')).toBe('archive-org');
    expect(sourceOfFile('books.json')).toBeUndefined();
  });
});

describe('folding', () => {
  it('folds Latin diacritics, nukta, joiners, candrabindu, long vowels, digits', () => {
    expect(foldText('Gopīnātha Śarmā')).toBe('gopinatha sarma');
    expect(foldText('क़िताब')).toBe(foldText('किताब'));
    expect(foldText('र्‍याल')).toBe('र्याल');
    expect(foldText('गाउँ')).toBe('गाउं');
    expect(foldText('नीति')).toBe('निति');
    expect(foldText('पूजा')).toBe('पुजा');
    expect(foldText('कक्षा १०')).toBe('कक्षा 10');
    expect(words('नेपाली, कक्षा ५ (संस्कृतम्)')).toEqual(['नेपालि', 'कक्षा', '5', 'संस्कृतम']);
  });

  it('keeps Devanagari words whole: vowel signs and viramas do not split them', () => {
    expect(words('शिक्षक निर्देशिका: विज्ञान तथा प्रविधि')).toEqual(['शिक्षक', 'निर्देशिका', 'विज्ञान', 'तथा', 'प्रविधि']);
  });

  it('is idempotent and never makes a word empty (property)', () => {
    const text = fc.string({ unit: fc.constantFrom(...'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहािीुूृेैोौंँः़्०१२३४५६७८९ aAśé-‍‌।,:'), maxLength: 30 });
    fc.assert(
      fc.property(text, (t) => {
        expect(foldText(foldText(t))).toBe(foldText(t));
        expect(words(words(t).join(' '))).toEqual(words(t));
        expect(words(t).every((w) => w.length > 0)).toBe(true);
      }),
    );
  });

  it('title keys: case, punctuation and the grade word do not matter', () => {
    expect(titleKey('Nepali - Class 6')).toBe(titleKey('Nepali - Grade 6'));
    expect(titleKey('सामाजिक अध्ययन कक्षा १०')).toBe(titleKey('सामाजिक अध्ययन - कक्षा १०'));
    expect(titleKey('English - Grade 11')).not.toBe(titleKey('English - Grade 11 Model Question'));
  });
});

describe('records', () => {
  const run = (raw: Record<string, unknown>) => {
    const odd: Oddity[] = [];
    const r = normaliseRecord(raw, { file: 'archive_org.json', index: 0, fileSource: 'archive-org' }, (k) => odd.push(k));
    return { ...r, odd };
  };

  it('an Internet Archive record (lists for author and language, a date for the year, a remote cover)', () => {
    const { book, odd, upstreamCover } = run({
      id: 'archive-ankaganit-1075',
      title: '  नेपाल भाषाया प्रारम्भिक अंक गणित  (ल्याःज्या)',
      author: ['Chandra Man Shrestha (author)', ' '],
      language: ['Nepal Bhasa', 'eng'],
      description: ['Mathematics textbook.', 'Letterpress.'],
      keywords: ['textbook', 'Textbook', ' ', 'arithmetic'],
      publishedYear: '1955-01-01T00:00:00Z',
      pageCount: 48,
      coverUrl: 'https://archive.org/services/img/ankaganit-1075',
      category: 'Archived Book',
      collection: ['nepal'],
      meta: { nested: true },
    });
    expect(book).toMatchObject({
      id: 'archive-ankaganit-1075',
      title: 'नेपाल भाषाया प्रारम्भिक अंक गणित (ल्याःज्या)',
      author: 'Chandra Man Shrestha (author)',
      grade: null,
      subject: null,
      language: 'new',
      country: null,
      source: 'archive-org',
      keywords: ['textbook', 'arithmetic'],
      description: 'Mathematics textbook.\n\nLetterpress.',
      publishedYear: '1955',
      pageCount: 48,
      sourceCoverUrl: 'https://archive.org/services/img/ankaganit-1075',
      collection: ['nepal'],
    });
    // Kept as published, objects included.
    expect(book.meta).toEqual({ nested: true });
    expect(book.upstream).toMatchObject({
      author: ['Chandra Man Shrestha (author)', ' '],
      language: ['Nepal Bhasa', 'eng'],
      publishedYear: '1955-01-01T00:00:00Z',
    });
    expect(upstreamCover).toBeUndefined();
    expect(odd).toEqual(
      expect.arrayContaining([
        'title-tidied',
        'author-list-joined',
        'grade-missing',
        'subject-missing',
        'language-several',
        'language-not-iso639-1',
        'keywords-tidied',
        'published-year-trimmed',
        'object-field-kept',
        'source-from-file-name',
      ]),
    );
  });

  it("today's YoBook oddities: units, Bikram Sambat years, level, grade text, files, all kept as published", () => {
    const { book, odd } = run({
      id: 'cdc-library-teachers-guide-r1',
      title: 'Teacher guide',
      grade: 'Grade 12',
      pageCount: '120 pages',
      level: 2,
      readUrl: null,
      coverUrl: '',
      downloadUrl: ['https://lib.moecdc.gov.np/elibrary/pages/download.php?ref=1&ext=pdf&k=', 'https://x/मर.epub'],
      question_papers: [{ title: 'P', year: '2067', url: 'https://x/p.pdf', fileSize: '3 MB' }],
    });
    expect(book).toMatchObject({
      grade: 12,
      pageCount: 120,
      level: 2,
      readUrl: null,
      pdfUrl: 'https://lib.moecdc.gov.np/elibrary/pages/download.php?ref=1&ext=pdf&k=',
    });
    expect(book.upstream).toEqual({ grade: 'Grade 12', pageCount: '120 pages', coverUrl: '' });
    expect(book.question_papers).toEqual([{ title: 'P', year: '2067', url: 'https://x/p.pdf', fileSize: '3 MB' }]);
    expect(book.files!.map((f) => f.kind)).toEqual(['pdf', 'epub', 'pdf']);
    expect(odd).toEqual(
      expect.arrayContaining([
        'grade-from-text',
        'page-count-text',
        'read-url-null',
        'cover-empty',
        'download-url-list',
        'year-bikram-sambat',
        'file-size-text',
        'url-non-ascii',
        'pdf-url-from-files',
        'object-field-kept',
      ]),
    );
    const nfe = run({ id: 'n', title: 'T', level: 1 });
    expect(nfe.odd).toContain('level-instead-of-grade');
    expect(nfe.odd).not.toContain('grade-missing');
  });

  it('every contract field is present, null where the source says nothing', () => {
    const { book } = run({ id: 'x', title: 'T' });
    expect(Object.keys(book).slice(0, 15)).toEqual(CONTRACT_FIELDS);
    expect(book).toMatchObject({ author: null, grade: null, language: null, readUrl: null, keywords: [] });
  });

  it('an upstream local cover is remembered for reuse; unsafe links are dropped', () => {
    const { book, upstreamCover, odd } = run({ id: 'x', title: 'T', source: 'cehrd', coverUrl: '/covers/x.jpg', readUrl: 'javascript:alert(1)' });
    expect(upstreamCover).toBe('x.jpg');
    expect(book.readUrl).toBeNull();
    expect(book.source).toBe('cehrd-learning');
    expect(odd).toContain('url-dropped');
  });
});

describe('file names', () => {
  it('safe lower-case ids are their own file names; others get a slug and a hash', () => {
    expect(fileStem('cehrd-learning-g1-mathematics-40')).toBe('cehrd-learning-g1-mathematics-40');
    expect(fileStem('ol-OL23666842W')).toMatch(/^ol-ol23666842w\.[0-9a-f]{12}$/);
    expect(fileStem('index')).toMatch(/^index\.[0-9a-f]{12}$/);
    expect(fileStem('../../etc/passwd')).toMatch(/^etc-passwd\.[0-9a-f]{12}$/);
    expect(fileStem('नेपाली')).toMatch(/^book\.[0-9a-f]{12}$/);
  });

  it('never clash, and never leave the folder (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 2, maxLength: 30 }), (ids) => {
        const stems = ids.map(fileStem);
        expect(new Set(stems.map((s) => s.toLowerCase())).size).toBe(ids.length);
        for (const s of stems) expect(s).toMatch(/^[a-z0-9][a-z0-9_.-]*$/);
        for (const s of stems) expect(s.includes('..')).toBe(false);
      }),
    );
  });
});
