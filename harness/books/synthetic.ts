// A deterministic synthetic catalog of any size, in the real records' shape: English and
// Devanagari titles, grades 1–12 or none, the canonical subjects, five sources. For the
// query-module properties and the 100,000-book benchmark.

import { compareBooks } from '../../src/core/books/merge.ts';
import { SUBJECTS } from '../../src/core/books/normalise.ts';
import { sourcesInfo } from '../../src/core/books/stats.ts';
import type { Book, CatalogFile } from '../../src/core/books/types.ts';

const EN =
  'my our new basic practice workbook reader guide teacher model question paper edition volume part first second third story stories grammar writing reading numbers shapes plants animals water energy history nepal kathmandu himalaya village family school'.split(
    ' ',
  );
const NE =
  'मेरो हाम्रो नयाँ अभ्यास पुस्तिका पाठ्यपुस्तक शिक्षक निर्देशिका नमुना प्रश्नपत्र भाग पहिलो दोस्रो तेस्रो कथा कविता व्याकरण लेखन पठन संख्या आकार बिरुवा जनावर पानी ऊर्जा इतिहास नेपाल काठमाडौं हिमाल गाउँ परिवार विद्यालय'.split(
    ' ',
  );
const AUTHORS = [
  'Centre for Education and Human Resource Development',
  'Curriculum Development Center',
  'CDC Nepal',
  'Ram Prasad Sharma',
  'Sita Devi Koirala',
  'Gopīnātha Śarmā',
  'Unknown',
];
const SOURCES: Array<[string, number]> = [
  ['cehrd-learning', 0.1],
  ['cdc-nepal', 0.1],
  ['pustakalaya', 0.5],
  ['archive-org', 0.1],
  ['openlibrary', 0.2],
];
const CATEGORIES = ['Textbook', 'Educational Resource', 'Library Book', 'Archived Book'];
const ND = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x966 + Number(d)));

/** A small fast seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticBooks(n: number, seed = 1): Book[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const books: Book[] = [];
  for (let i = 0; i < n; i++) {
    let x = r();
    let source = SOURCES[0]![0];
    for (const [s, p] of SOURCES) {
      if (x < p) {
        source = s;
        break;
      }
      x -= p;
    }
    const grade = r() < 0.15 ? null : 1 + Math.floor(r() * 12);
    const subject = r() < 0.2 ? null : pick(SUBJECTS);
    const nepali = r() < 0.45;
    const words = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(nepali ? NE : EN));
    const subjectName = subject ? (nepali ? subject.local : subject.name) : '';
    const gradeText = grade === null ? '' : nepali ? `कक्षा ${ND(grade)}` : `Grade ${grade}`;
    const title = [words[0], subjectName, ...words.slice(1), gradeText].filter(Boolean).join(' ');
    const book: Book = {
      id: `syn-${source}-${i}`,
      title,
      author: pick(AUTHORS),
      grade,
      subject: subject?.name ?? null,
      language: nepali ? 'ne' : 'en',
      country: 'np',
      curriculum: source === 'openlibrary' || source === 'archive-org' ? null : 'CDC Nepal',
      source,
      sourceUrl: `https://example.org/synthetic/${source}/${i}`,
      readUrl: `https://example.org/synthetic/${source}/${i}`,
      pdfUrl: r() < 0.15 ? `https://example.org/synthetic/${source}/${i}.pdf` : null,
      coverUrl: `/covers/syn-${source}-${i}.svg`,
      category: pick(CATEGORIES),
      keywords: r() < 0.5 ? [pick(EN), ...(grade ? [`class ${grade}`] : [])] : [],
    };
    if (!nepali && r() < 0.4) book.titleLocal = [pick(NE), subject?.local ?? '', grade ? `कक्षा ${ND(grade)}` : ''].filter(Boolean).join(' ');
    books.push(book);
  }
  return books.sort(compareBooks);
}

export function syntheticCatalog(n: number, seed = 1): CatalogFile {
  const books = syntheticBooks(n, seed);
  return {
    format: 'khoj-books-catalog',
    version: 1,
    generatedAt: '2026-01-01T00:00:00Z',
    sample: false,
    credit: 'Powered by YoBook API',
    license: 'synthetic test data',
    books,
    aliases: {},
    sources: sourcesInfo(books),
  };
}

/** Words and prefixes to query the synthetic catalog with. */
export const SYNTHETIC_VOCABULARY: readonly string[] = [
  ...EN,
  ...NE,
  ...SUBJECTS.flatMap((s) => [s.name.toLowerCase(), s.local]),
  'grade',
  'class',
  'कक्षा',
  'sharma',
  'sarma',
  'cdc',
  'nepali',
];
