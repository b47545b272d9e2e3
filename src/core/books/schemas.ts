// JSON Schemas (2020-12) of the catalog: what an upstream record may look like (lenient:
// the mixed forms the real scrapers write), and what we serve (strict: every contract
// field). The build checks input and its own output with them; docs/openapi.* embeds them.

import { BOOK_FIELDS } from './types.ts';

type Schema = Record<string, unknown>;

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1, pattern: '\\S' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const strList = { type: 'array', items: str } as const;
const count = { type: 'integer', minimum: 0 } as const;
const countMap = { type: 'object', additionalProperties: count } as const;

/**
 * What makes an upstream record usable: an `id` and a `title`, non-blank strings. Everything
 * else is read whatever its type: a value the normaliser cannot use is counted in the build
 * summary and kept as published (`upstream`), never a reason to reject the record.
 */
export const inputRecordSchema: Schema = {
  type: 'object',
  required: ['id', 'title'],
  properties: {
    id: { ...nonEmpty, maxLength: 500 },
    title: nonEmpty,
  },
};

const fileSchema: Schema = {
  type: 'object',
  required: ['url', 'kind', 'format', 'label', 'field'],
  properties: {
    url: str,
    kind: { enum: ['pdf', 'epub', 'audio', 'archive', 'web-page', 'other'] },
    format: { ...str, description: 'PDF, EPUB, Kobo EPUB, AZW3, MP3, ZIP, Web page…' },
    label: { ...str, description: 'the chapter or paper title and the format ("Chapter 1 · PDF"), or the format alone' },
    field: { ...str, description: 'the upstream field it was published in: downloadUrl[1], chapterDownloadUrls[0].downloadUrl, question_papers[3].readUrl…' },
    title: str,
    size: { ...str, description: 'the size as published ("3 MB")' },
    sizeBytes: count,
    year: { ...str, description: 'as published (question papers: often Bikram Sambat)' },
  },
};

const alternateSchema: Schema = {
  type: 'object',
  required: ['id', 'source', 'reason'],
  properties: {
    id: str,
    source: str,
    sourceUrl: str,
    readUrl: str,
    pdfUrl: str,
    reason: { enum: ['same-id', 'same-document', 'same-title-grade'] },
  },
};

/** A book as served: the contract's fields always present (null where unknown), then the real extras. */
export const bookSchema: Schema = {
  type: 'object',
  required: [...BOOK_FIELDS],
  properties: {
    id: { ...nonEmpty, description: 'identifier used in /api/books/{id}' },
    title: nonEmpty,
    author: nullableStr,
    grade: { type: ['integer', 'null'], minimum: 1, maximum: 12, description: 'school grade 1–12; null when the source gives none' },
    subject: { ...nullableStr, description: 'canonical subject name (Mathematics, Nepali, Social Studies…), or as published when not in the list' },
    language: { type: ['string', 'null'], pattern: '^[a-z]{2,3}$', description: 'ISO 639-1 code (en, ne…), or the ISO 639-2/3 code where 639-1 has none' },
    country: { ...nullableStr, description: 'short country code (np)' },
    curriculum: nullableStr,
    source: { ...nonEmpty, description: 'cehrd-learning (primary), cdc-nepal, pustakalaya, archive-org, openlibrary' },
    sourceUrl: nullableStr,
    readUrl: nullableStr,
    pdfUrl: nullableStr,
    coverUrl: {
      type: 'string',
      pattern: '^/covers/[^/]+$',
      description: 'local cover image: a JPEG of the first PDF page, the upstream cover, or a generated SVG; a smaller copy of each is at /covers/small/<file>',
    },
    category: nullableStr,
    keywords: strList,
    titleLocal: str,
    description: str,
    publishedYear: str,
    chapters: strList,
    pageCount: count,
    scrapedAt: str,
    sourceCoverUrl: { ...str, description: 'the cover URL the source published' },
    alternates: { type: 'array', items: alternateSchema, description: 'records of other sources merged into this one, with their links' },
    sample: { type: 'boolean', description: 'true for the embedded sample catalog' },
    files: {
      type: 'array',
      items: { $ref: '#/components/schemas/BookFile' },
      description: 'every file of the record, whatever upstream field it was published in',
    },
    upstream: {
      type: 'object',
      description: 'the value as published of each field served in a form of our own (grade "Grade 12", pageCount "120 pages", coverUrl…), where it differs',
    },
  },
};

export const listItemSchema: Schema = {
  allOf: [{ $ref: '#/components/schemas/Book' }],
  type: 'object',
  required: ['detailUrl'],
  properties: {
    detailUrl: { type: 'string', description: '/api/books/{id} (a CEHRD learning book: its short id)' },
    questionPaperCount: { ...count, description: 'how many papers a question-paper collection holds (compact items)' },
  },
};

export const metaSchema: Schema = {
  type: 'object',
  required: ['endpoint', 'total', 'page', 'limit', 'pages', 'detail'],
  properties: {
    endpoint: { ...str, description: 'the list that answered: books, search, textbooks, teacher-guides, curriculum, course-materials, ncert' },
    total: count,
    page: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
    pages: count,
    detail: { enum: ['compact', 'full'], description: 'compact items, or whole records (full=true)' },
  },
};

export const errorSchema: Schema = {
  type: 'object',
  required: ['success', 'error'],
  properties: { success: { const: false }, error: str, parameter: { ...str, description: 'the query parameter at fault (400)' } },
};

export const sourceSchema: Schema = {
  type: 'object',
  required: ['source', 'name', 'role', 'priority', 'count', 'grades', 'subjects'],
  properties: {
    source: str,
    name: str,
    role: { enum: ['primary', 'secondary', 'supplementary', 'other'] },
    priority: count,
    homepage: nullableStr,
    count,
    grades: { type: 'array', items: { type: 'integer' } },
    subjects: strList,
    languages: strList,
  },
};

export const statsSchema: Schema = {
  type: 'object',
  required: ['totalBooks', 'byGrade', 'bySubject', 'bySource', 'byLanguage'],
  properties: {
    totalBooks: count,
    byGrade: countMap,
    bySubject: countMap,
    bySource: countMap,
    byLanguage: countMap,
    byCategory: countMap,
    withPdf: count,
    withReadUrl: count,
    withoutGrade: count,
    withoutSubject: count,
    duplicatesMerged: count,
    generatedAt: { type: 'string', format: 'date-time' },
  },
};

const ok = (data: Schema, meta?: Schema): Schema => ({
  type: 'object',
  required: ['success', 'data', ...(meta ? ['meta'] : [])],
  properties: { success: { const: true }, data, ...(meta ? { meta } : {}) },
});

/** Component schemas, referenced as #/components/schemas/<name> (the OpenAPI description embeds them as they are). */
export const SCHEMAS: Record<string, Schema> = {
  Book: bookSchema,
  BookListItem: listItemSchema,
  Alternate: alternateSchema,
  BookFile: fileSchema,
  ListMeta: metaSchema,
  BookList: ok({ type: 'array', items: { $ref: '#/components/schemas/BookListItem' } }, { $ref: '#/components/schemas/ListMeta' }),
  BookResponse: ok({ $ref: '#/components/schemas/Book' }),
  Source: sourceSchema,
  SourcesResponse: ok({ type: 'array', items: { $ref: '#/components/schemas/Source' } }),
  Stats: statsSchema,
  StatsResponse: ok({ $ref: '#/components/schemas/Stats' }),
  Error: errorSchema,
};

const STANDALONE = new Map<string, Schema>();

/** A schema with the component references resolvable on its own (for ajv); the same object each time. */
export function standalone(name: keyof typeof SCHEMAS & string): Schema {
  let s = STANDALONE.get(name);
  if (!s) STANDALONE.set(name, (s = { $id: `https://khoj.invalid/books/${name}`, components: { schemas: SCHEMAS }, $ref: `#/components/schemas/${name}` }));
  return s;
}

export const catalogFileSchema: Schema = {
  type: 'object',
  required: ['format', 'version', 'generatedAt', 'sample', 'books', 'aliases', 'sources'],
  properties: {
    format: { const: 'khoj-books-catalog' },
    version: { const: 1 },
    generatedAt: { type: 'string', format: 'date-time' },
    sample: { type: 'boolean' },
    credit: str,
    license: str,
    books: { type: 'array', items: { $ref: '#/components/schemas/Book' } },
    aliases: { type: 'object', additionalProperties: str },
    sources: { type: 'array', items: { $ref: '#/components/schemas/Source' } },
  },
  components: { schemas: SCHEMAS },
};
