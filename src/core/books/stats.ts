// /api/sources and /api/stats, computed from the books (the build writes them as static
// files; the query module answers them; both from these functions, so they agree).

import { knownSource, sourcePriority } from './sources.ts';
import type { Book, SourceInfo, Stats } from './types.ts';

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const sortedObject = (m: Map<string, number>, order: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) =>
  Object.fromEntries([...m].sort(([a], [b]) => order(a, b)));

/** Every source with books, in priority order (as upstream lists them: a source with none is not listed). */
export function sourcesInfo(books: readonly Book[]): SourceInfo[] {
  const ids = new Set<string>();
  for (const b of books) ids.add(b.source);
  const order = [...ids].sort((a, b) => sourcePriority(a) - sourcePriority(b) || (a < b ? -1 : a > b ? 1 : 0));
  return order.map((source) => {
    const mine = books.filter((b) => b.source === source);
    const known = knownSource(source);
    return {
      source,
      name: known?.name ?? source,
      role: known?.role ?? 'other',
      priority: sourcePriority(source),
      homepage: known?.homepage ?? null,
      count: mine.length,
      grades: [...new Set(mine.flatMap((b) => (b.grade === null ? [] : [b.grade])))].sort((a, b) => a - b),
      subjects: [...new Set(mine.flatMap((b) => (b.subject === null ? [] : [b.subject])))].sort(),
      languages: [...new Set(mine.flatMap((b) => (b.language === null ? [] : [b.language])))].sort(),
    };
  });
}

export function catalogStats(books: readonly Book[], generatedAt: string, duplicatesMerged: number): Stats {
  const byGrade = new Map<string, number>();
  const bySubject = new Map<string, number>();
  const bySource = new Map<string, number>();
  const byLanguage = new Map<string, number>();
  const byCategory = new Map<string, number>();
  let withPdf = 0;
  let withReadUrl = 0;
  for (const b of books) {
    if (b.grade !== null) bump(byGrade, String(b.grade));
    if (b.subject !== null) bump(bySubject, b.subject);
    bump(bySource, b.source);
    bump(byLanguage, b.language ?? 'unknown');
    bump(byCategory, b.category ?? 'unknown');
    if (b.pdfUrl) withPdf++;
    if (b.readUrl) withReadUrl++;
  }
  return {
    totalBooks: books.length,
    byGrade: sortedObject(byGrade, (a, b) => Number(a) - Number(b)),
    bySubject: sortedObject(bySubject),
    bySource: sortedObject(bySource, (a, b) => sourcePriority(a) - sourcePriority(b) || (a < b ? -1 : a > b ? 1 : 0)),
    byLanguage: sortedObject(byLanguage),
    byCategory: sortedObject(byCategory),
    withPdf,
    withReadUrl,
    withoutGrade: books.filter((b) => b.grade === null).length,
    withoutSubject: books.filter((b) => b.subject === null).length,
    duplicatesMerged,
    generatedAt,
  };
}
