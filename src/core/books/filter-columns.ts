// The filter columns of a catalog: one value per catalog position for each list filter (source,
// grade, subject, language, category, the restricted list routes), read by the Finder.

import { foldText } from './fold.ts';
import { type BookKind, bookKind } from './kind.ts';
import { normaliseLanguage, normaliseSubject, parseGrade } from './normalise.ts';
import type { Book } from './types.ts';
import { LIST_ROUTES, type ListRoute } from './list-query.ts';

const CURRICULUM = /curricul|पाठ्यक्रम/i;
/** Keywords naming the CDC itself are not about a curriculum. */
const CURRICULUM_CENTRE = /^(?:curriculum development cent(?:re|er)|पाठ्यक्रम विकास केन्द्र)$/i;
/** Sources publishing teaching materials, as upstream's is_material_source, plus Khoj's CDC and Pustakalaya ids. */
const MATERIAL_SOURCE = /^(?:cdc-|pustakalaya)/;

const isCurriculum = (b: Book): boolean =>
  MATERIAL_SOURCE.test(b.source) &&
  (CURRICULUM.test(`${b.title} ${b.titleLocal ?? ''}`) ||
    (Array.isArray(b.keywords) && b.keywords.some((k) => typeof k === 'string' && CURRICULUM.test(k) && !CURRICULUM_CENTRE.test(k.trim()))));

/** Which books a list route keeps (undefined: all). */
function routeFilter(route: ListRoute): ((b: Book, kind: BookKind) => boolean) | undefined {
  switch (route) {
    case 'textbooks':
      return (b, kind) => kind === 'textbook' || (b.source === 'ncert-official' && kind !== 'teacher-guide');
    case 'teacher-guides':
      return (_, kind) => kind === 'teacher-guide';
    case 'curriculum':
      return (b) => isCurriculum(b);
    case 'course-materials':
      return (b) => typeof b.category === 'string' && categoryKey(b.category) === 'course materials';
    case 'ncert':
      return (b) => b.source === 'ncert-official';
    default:
      return undefined;
  }
}

/** A book's grade as a number for the filter, whether published as 5, "5" or "Grade 5"; -1 for none. */
function gradeNumber(g: unknown): number {
  if (typeof g !== 'number' && typeof g !== 'string') return -1;
  const r = parseGrade(g);
  return 'grade' in r ? r.grade : -1;
}

/** A table of distinct values with each book's index into it (-1 for none), for fast filters. */
export class Column {
  private readonly codes = new Map<string, number>();
  readonly of: Int32Array;
  constructor(values: Array<string | null>) {
    this.of = new Int32Array(values.length);
    values.forEach((v, i) => {
      if (v === null) {
        this.of[i] = -1;
        return;
      }
      let c = this.codes.get(v);
      if (c === undefined) this.codes.set(v, (c = this.codes.size));
      this.of[i] = c;
    });
  }
  /** A column from its table and codes (as `table()` and `of` give them), e.g. read from a shard manifest. */
  static fromCodes(table: readonly string[], of: Int32Array): Column {
    const c = new Column([]);
    table.forEach((v, i) => c.codes.set(v, i));
    (c as { of: Int32Array }).of = of;
    return c;
  }
  /** the distinct values, by code */
  table(): string[] {
    return [...this.codes.keys()];
  }
  /** the code of a value; -2 (matches nothing) when no book has it */
  code(v: string): number {
    return this.codes.get(v) ?? -2;
  }
}

/** What the list filters read: one value per catalog position. */
export interface CatalogColumns {
  size: number;
  source: Column;
  grade: Int8Array;
  subject: Column;
  language: Column;
  category: Column;
  /** per restricted list route: 1 for the books it keeps */
  routes: Map<ListRoute, Uint8Array>;
}

/** A search index lookup (encoder.ts BookSearchIndex.lookup): positions of the books with a word starting with (whole: equal to) the term, by rank slot. */
export type TermLookup = (term: string, whole: boolean) => ArrayLike<ArrayLike<number> | undefined>;

/** The filter columns of a catalog. */
export function catalogColumns(books: readonly Book[]): CatalogColumns {
  const kinds = books.map((b) => bookKind(b));
  const routes = new Map<ListRoute, Uint8Array>();
  for (const route of LIST_ROUTES) {
    const only = routeFilter(route);
    if (only)
      routes.set(
        route,
        Uint8Array.from(books, (b, i) => (only(b, kinds[i]!) ? 1 : 0)),
      );
  }
  return {
    size: books.length,
    source: new Column(books.map((b) => b.source)),
    grade: Int8Array.from(books, (b) => gradeNumber(b.grade)),
    subject: new Column(books.map((b) => (typeof b.subject === 'string' && b.subject ? subjectKey(b.subject) : null))),
    language: new Column(books.map((b) => (typeof b.language === 'string' ? b.language : null))),
    category: new Column(books.map((b) => (typeof b.category === 'string' && b.category ? categoryKey(b.category) : null))),
    routes,
  };
}

export const subjectKey = (s: string): string =>
  foldText(normaliseSubject(s).name ?? '')
    .replace(/\s+/g, ' ')
    .trim();
export const categoryKey = (s: string): string => foldText(s).replace(/\s+/g, ' ').trim();
export const languageKey = (s: string): string => normaliseLanguage(s).code ?? foldText(s).trim();
