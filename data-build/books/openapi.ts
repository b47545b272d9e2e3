// The OpenAPI 3.1 description of the catalog API (docs/openapi.json and .yaml), built from
// the same JSON Schemas the build and the tests check against.

import { stringify } from 'yaml';
import { staticFileFor } from '../../src/core/books/paths.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE, MAX_Q_LENGTH, MAX_Q_TERMS } from '../../src/core/books/query.ts';
import { SCHEMAS } from '../../src/core/books/schemas.ts';
import { KNOWN_SOURCES } from '../../src/core/books/sources.ts';

export const CREDIT = 'Powered by YoBook API';

const json = (schema: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const errors = {
  '405': json('Error', 'Only GET, HEAD (and OPTIONS for CORS) are answered'),
};

const MATCHING = [
  '**Filters** (all optional, combined with AND; an empty value is ignored):',
  '- `source`: a source identifier (`cehrd-learning`, `cdc-nepal`, `pustakalaya`, `archive-org`, `openlibrary`); case and `_`/`-` do not matter, short names (`cehrd`, `cdc`, `archive`, `ol`) are accepted.',
  '- `grade`: 1–12, also written `Grade 5`, `class 5`, `कक्षा ५`, `५`. Anything else is a 400.',
  '- `subject`: a subject name in any listed spelling (`Mathematics`, `maths`, `गणित`) matches the canonical subject exactly; case does not matter.',
  '- `language`: `en`, `eng`, `English`, `ne`, `nep`, `नेपाली`… all read as their ISO 639-1 code.',
  '- `category`: the category, case-insensitive, whole value (`Textbook`, `Educational Resource`, `Library Book`).',
  '',
  '**Search** `q`: the text is folded (case, Latin diacritics, nukta, ZWJ/ZWNJ, candrabindu → anusvara, long ी ू ई ऊ → short, Devanagari digits → ASCII, a word-final virama or visarga dropped) and split into words at anything that is not a letter, a combining mark or a digit (so Devanagari vowel signs stay inside their word); `class`, `grade` and `कक्षा` are one word. **Every word must match** a whole word or the start of a word in the title, local title, subject (its English or Nepali name), keywords or author; different words may match different fields. **Ranking**: each word scores where it matched best (first title word 0, next two 1, rest of the title 2, subject 3, keywords 5, author 7), doubled, plus 1 unless a whole word matched there; the scores add up; lowest first, ties in catalog order (primary source first). No transliteration between scripts, no typo tolerance.',
  '',
  `**Paging**: \`limit\` default ${DEFAULT_LIMIT}, clamped to 1..${MAX_LIMIT}; \`page\` from 1 (at most ${MAX_PAGE}); a page past the end is empty. \`meta.pages\` = ceil(total / limit).`,
  `A non-numeric \`limit\`, \`page\` or \`grade\`, a page or grade out of range, a \`q\` longer than ${MAX_Q_LENGTH} characters or with more than ${MAX_Q_TERMS} words, or a filter longer than 100 characters: 400 with \`{"success": false, "error": "…", "parameter": "<name>"}\`.`,
].join('\n');

const stringParam = (name: string, description: string, example?: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string' },
  ...(example ? { example } : {}),
});

const xStatic = (path: string) => ({ 'x-static-file': staticFileFor(path) });

/** The document's title, its version, what it describes and under which licence. */
const apiInfo = () => ({
  title: 'Khoj textbook catalog API',
  version: '1.0.0',
  description: [
    `Metadata of Nepal school textbooks, merged from ${KNOWN_SOURCES.map((s) => `${s.name} (\`${s.source}\`, ${s.role})`).join(', ')}; the primary source first.`,
    '',
    `${CREDIT}. The catalog format and merge rules follow the YoBook API (MIT; its LICENSE and NOTICE are kept with the data at \`/api/books/LICENSE.upstream.txt\` and \`/api/books/NOTICE.upstream.txt\`). Book text, PDFs and covers remain their publishers'.`,
    '',
    "Every response is JSON (`application/json; charset=utf-8`) with `Access-Control-Allow-Origin: *`. The same answers are static files (`x-static-file`), so a static host serves the unfiltered paths without this server; the app's service worker answers every path offline with the same query module.",
    '',
    MATCHING,
  ].join('\n'),
  license: { name: 'MIT (code); catalog records: see NOTICE', identifier: 'MIT' },
});

/** GET /api/books: the list and the search, with every parameter. */
const listBooks = () => ({
  get: {
    operationId: 'listBooks',
    summary: 'List and search books',
    description: MATCHING,
    parameters: [
      stringParam('source', 'restrict to a source identifier', 'cehrd-learning'),
      {
        name: 'grade',
        in: 'query',
        required: false,
        description: 'school grade 1–12 (also `Grade 5`, `कक्षा ५`)',
        schema: { type: 'string' },
        example: '5',
      },
      stringParam('subject', 'restrict to a subject (any listed spelling)', 'Mathematics'),
      stringParam('language', 'restrict to a language (en, ne, eng, nep, English, नेपाली…)', 'ne'),
      stringParam('category', 'restrict to a category', 'Textbook'),
      stringParam('q', 'free-text search: every word must match (see the matching rules above)', 'नेपाली कक्षा ५'),
      {
        name: 'limit',
        in: 'query',
        required: false,
        description: `books per page, default ${DEFAULT_LIMIT}, clamped to 1..${MAX_LIMIT}`,
        schema: { type: 'integer', default: DEFAULT_LIMIT },
      },
      {
        name: 'page',
        in: 'query',
        required: false,
        description: 'page number from 1',
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      },
    ],
    responses: {
      '200': json('BookList', 'One page of books, with the total count'),
      '400': json('Error', 'A parameter is not a number or out of range; `parameter` names it'),
      ...errors,
    },
    ...xStatic('/api/books'),
  },
});

/** The catalog's own paths (YoBook's): the list, a book, the sources, the statistics. */
const catalogPaths = () => ({
  '/api/books': listBooks(),
  '/api/books/{id}': {
    get: {
      operationId: 'getBook',
      summary: 'One book',
      description:
        'The book with this id. The id of a record merged into another (same document, or same title and grade, from a lower-priority source) answers with the record it was merged into.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: 'cehrd-learning-g1-mathematics-40' }],
      responses: {
        '200': json('BookResponse', 'The book'),
        '404': {
          description: 'No such book: `{"success": false, "error": "Book not found"}`',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        ...errors,
      },
      'x-static-file':
        'api/books/{stem(id)}.json — the id itself when it is lower-case letters, digits, - and _; otherwise a slug, a dot and a hash (see data-build/books/README.md)',
    },
  },
  '/api/sources': {
    get: {
      operationId: 'listSources',
      summary: 'The sources, primary first, with counts, grades and subjects',
      responses: { '200': json('SourcesResponse', 'The sources'), ...errors },
      ...xStatic('/api/sources'),
    },
  },
  '/api/stats': {
    get: {
      operationId: 'getStats',
      summary: 'Catalog statistics',
      responses: { '200': json('StatsResponse', 'Counts by grade, subject, source, language and category'), ...errors },
      ...xStatic('/api/stats'),
    },
  },
});

export function booksOpenApi(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: apiInfo(),
    servers: [{ url: '..', description: 'the site that serves this documentation' }],
    paths: { ...catalogPaths(), ...helperPaths() },
    components: { schemas: { ...SCHEMAS, ...HELPER_SCHEMAS } },
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const chapterSchema = {
  type: 'object',
  required: ['chapter', 'chapterName', 'unit', 'url'],
  properties: {
    chapter: { type: 'integer' },
    chapterName: { type: 'string' },
    unit: { type: 'string' },
    url: { type: 'string', description: 'the audio file (mp3)' },
  },
};
const researchItemSchema = {
  type: 'object',
  required: ['id', 'title'],
  description: 'A TU research item as published (tu_reports.json, tucl_thesis_dissertations.json), every upstream field kept; full items also carry `files`',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    category: { type: 'string', description: 'Report, Thesis…' },
    detailUrl: { type: 'string', description: '/api/research/{id} (compact items)' },
    files: { type: 'array', items: ref('BookFile') },
  },
};

/** Schemas of the catalog helpers' answers (upstream's shapes). */
const HELPER_SCHEMAS: Record<string, unknown> = {
  GradewiseAudioResponse: {
    type: 'object',
    required: ['success', 'data'],
    properties: {
      success: { const: true },
      data: {
        type: 'object',
        required: ['stats', 'grades'],
        properties: {
          source: { type: 'string' },
          scrapedAt: { type: 'string' },
          stats: {
            type: 'object',
            description: 'counts of what the filters kept',
            properties: { grades: { type: 'integer' }, subjects: { type: 'integer' }, chapters: { type: 'integer' }, audioLinks: { type: 'integer' } },
          },
          grades: {
            type: 'array',
            items: {
              type: 'object',
              required: ['grade', 'subjects'],
              properties: {
                grade: { type: 'integer' },
                subjects: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['subject', 'chapters'],
                    properties: { subject: { type: 'string' }, chapters: { type: 'array', items: chapterSchema } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  ResearchItem: researchItemSchema,
  ResearchList: {
    type: 'object',
    required: ['success', 'data', 'meta'],
    properties: {
      success: { const: true },
      data: { type: 'array', items: ref('ResearchItem') },
      meta: {
        type: 'object',
        required: ['endpoint', 'total', 'page', 'limit', 'pages', 'detail'],
        properties: {
          endpoint: { enum: ['research', 'theses'] },
          total: { type: 'integer' },
          page: { type: 'integer' },
          limit: { type: 'integer' },
          pages: { type: 'integer' },
          detail: { enum: ['compact', 'full'] },
        },
      },
    },
  },
  ResearchResponse: { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data: ref('ResearchItem') } },
};

function helperPaths(): Record<string, unknown> {
  const q = (name: string, description: string) => stringParam(name, description);
  const paging = [
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: 'items per page, 1..200 (default 50); anything else is a 400',
      schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    },
    {
      name: 'page',
      in: 'query',
      required: false,
      description: 'page number from 1; anything else is a 400',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    q('full', '`true`, `1`, `yes` or `full`: whole items (with `files`) instead of compact ones'),
  ];
  const filters = [
    q(
      'q',
      'every word must appear in the title, author, description, publisher, year, level, institutes, advisor, category, subcategory, source or keywords (case-insensitive, substring)',
    ),
    q('category', 'substring of the category (Report, Thesis)'),
    q('subcategory', 'substring of the subcategory'),
    q('academicLevel', 'substring of the academic level (Bachelor…)'),
    q('institute', 'substring of the institutes or publisher'),
    q('author', 'substring of the author'),
    q('year', 'start of publishedYear'),
    q('language', 'the language, exactly'),
  ];
  const err400 = json('Error', "A bad `page` or `limit`: the upstream's message, such as `Query parameter 'page' must be an integer`");
  const list = (endpoint: 'research' | 'theses', summary: string) => ({
    get: {
      operationId: endpoint === 'research' ? 'listResearch' : 'listTheses',
      summary,
      parameters: [...filters, ...paging],
      responses: { '200': json('ResearchList', 'One page of items'), '400': err400, ...errors },
      'x-static-file': `api/${endpoint}/index.json (page 1, compact); every item in full: api/research/catalog.json`,
    },
  });
  const one = (endpoint: 'research' | 'theses', missing: string) => ({
    get: {
      operationId: endpoint === 'research' ? 'getResearch' : 'getThesis',
      summary: endpoint === 'research' ? 'One TU research item' : 'One TU thesis (category Thesis)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': json('ResearchResponse', 'The item, as published, with its files'),
        '404': {
          description: `\`{"success": false, "error": "${missing}"}\``,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        ...errors,
      },
      'x-static-file': `api/${endpoint}/{stem(id)}.json`,
    },
  });
  return {
    '/api/gradewise-audio': {
      get: {
        operationId: 'gradewiseAudio',
        summary: 'Grade-wise audio lessons: grades → subjects → chapters, each with an mp3 URL',
        parameters: [q('grade', 'the grade, compared as written (4)'), q('subject', 'the subject, whole and case-insensitive (English, नेपाली)')],
        responses: { '200': json('GradewiseAudioResponse', 'The grades kept by the filters (none kept: an empty list), with counts'), ...errors },
        'x-static-file': 'api/gradewise-audio/index.json (no filters)',
      },
    },
    '/api/research': list('research', 'TU research (reports and theses): never listed among the books'),
    '/api/research/{id}': one('research', 'Research item not found'),
    '/api/theses': list('theses', 'TU theses: /api/research with category Thesis'),
    '/api/theses/{id}': one('theses', 'Thesis not found'),
  };
}

export const booksOpenApiJson = (): string => `${JSON.stringify(booksOpenApi(), null, 2)}\n`;
export const booksOpenApiYaml = (): string => stringify(booksOpenApi(), { aliasDuplicateObjects: false, lineWidth: 0 });
