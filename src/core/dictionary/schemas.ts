// JSON Schemas (2020-12) of every /api/v1 file. The single description of the
// contract's shapes: tests and `validate` check files against them, and the
// build's openapi.yaml embeds them.

type Schema = Record<string, unknown>;

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const count = { type: 'integer', minimum: 0 } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const apiVersion = { type: 'string', minLength: 1 } as const;

const object = (properties: Record<string, Schema>, required: string[], description?: string): Schema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required,
  properties,
});

export const definitionSchema = object(
  {
    grammar: { ...str, description: 'abbreviated grammar label, e.g. ना.' },
    etymology: { ...str, description: 'origin label in square brackets, e.g. [सं.]' },
    senses: { type: 'array', items: str },
  },
  ['senses'],
);

export const entrySchema = object({ word: nonEmpty, definitions: { type: 'array', minItems: 1, items: definitionSchema } }, ['word', 'definitions']);

export const statsSchema = object(
  { entries: count, definitionBlocks: count, senses: count, etymologies: count, missingGrammarLabels: count, blankGrammarLabels: count },
  ['entries', 'definitionBlocks', 'senses', 'etymologies'],
);

export const metadataSchema = object(
  {
    apiVersion,
    name: str,
    description: str,
    generatedAt: dateTime,
    license: str,
    sourceDataset: str,
    endpoints: { type: 'object', additionalProperties: str },
    stats: statsSchema,
    notes: { type: 'array', items: str },
    // Khoj's own, optional (core/dictionary/correction.ts): an http(s) template holding {word}
    correctionUrl: { type: 'string', pattern: '^https?://.*\\{word\\}' },
  },
  ['apiVersion', 'name', 'description', 'generatedAt', 'endpoints', 'stats'],
);

const chunkNumber = { type: 'integer', minimum: 0, maximum: 9999 } as const;
const chunkPathSchema = { type: 'string', pattern: '^chunks/[0-9]{4}\\.json$' } as const;

export const chunkInfoSchema = object({ chunk: chunkNumber, path: chunkPathSchema, count, start: count, end: count, firstWord: nonEmpty, lastWord: nonEmpty }, [
  'chunk',
  'path',
  'count',
  'start',
  'end',
  'firstWord',
  'lastWord',
]);

export const manifestSchema = object(
  { apiVersion, generatedAt: dateTime, chunkSize: { type: 'integer', minimum: 1 }, chunkCount: count, chunks: { type: 'array', items: chunkInfoSchema } },
  ['apiVersion', 'generatedAt', 'chunkSize', 'chunkCount', 'chunks'],
);

export const letterInfoSchema = object(
  {
    letter: nonEmpty,
    path: { type: 'string', pattern: '^words-by-letter/.+\\.json$' },
    count,
    startIndex: count,
    endIndex: count,
    startChunk: chunkNumber,
    endChunk: chunkNumber,
    firstWord: nonEmpty,
    lastWord: nonEmpty,
  },
  ['letter', 'path', 'count', 'startIndex', 'endIndex', 'startChunk', 'endChunk', 'firstWord', 'lastWord'],
);

export const lettersSchema = object({ apiVersion, generatedAt: dateTime, count, letters: { type: 'array', items: letterInfoSchema } }, [
  'apiVersion',
  'generatedAt',
  'count',
  'letters',
]);

export const wordIndexItemSchema = object({ word: nonEmpty, index: count, chunk: chunkNumber, path: chunkPathSchema }, ['word', 'index', 'chunk', 'path']);

export const wordsByLetterSchema = object(
  { apiVersion, generatedAt: dateTime, letter: nonEmpty, count, firstWord: nonEmpty, lastWord: nonEmpty, words: { type: 'array', items: wordIndexItemSchema } },
  ['apiVersion', 'generatedAt', 'letter', 'count', 'firstWord', 'lastWord', 'words'],
);

export const chunkSchema = object(
  { apiVersion, chunk: chunkNumber, count, firstWord: nonEmpty, lastWord: nonEmpty, entries: { type: 'array', items: entrySchema } },
  ['apiVersion', 'chunk', 'count', 'firstWord', 'lastWord', 'entries'],
);

export const sampleSchema = object({ apiVersion, generatedAt: dateTime, entry: entrySchema }, ['apiVersion', 'generatedAt', 'entry']);

// Khoj's meaning index below meanings/ (core/dictionary/meanings/files.ts): not part of the contract.
const postingsText = { type: 'string', pattern: '^[0-9A-Za-z_-]+$' } as const;

export const meaningShardInfoSchema = object(
  {
    key: nonEmpty,
    path: { type: 'string', pattern: '^meanings/[0-9a-f]{4,6}\\.json$' },
    terms: count,
    postings: count,
    bytes: count,
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  ['key', 'path', 'terms', 'postings', 'bytes', 'sha256'],
);

export const meaningsIndexSchema = object(
  { apiVersion, generatedAt: dateTime, entries: count, terms: count, postings: count, shards: { type: 'array', items: meaningShardInfoSchema } },
  ['apiVersion', 'generatedAt', 'entries', 'terms', 'postings', 'shards'],
);

export const meaningShardSchema = object(
  { apiVersion, generatedAt: dateTime, key: nonEmpty, count, terms: { type: 'array', items: nonEmpty }, postings: { type: 'array', items: postingsText } },
  ['apiVersion', 'generatedAt', 'key', 'count', 'terms', 'postings'],
);

// Khoj's headword list (core/dictionary/headwords.ts): not part of the contract.
// Its `index` (core/dictionary/search/shipped-index.ts) is the headword index in the form search reads without building it.
export const headwordIndexSchema = object(
  {
    fold: nonEmpty,
    entries: count,
    spellings: { type: 'array', items: { type: 'array', minItems: 1 } },
    key: str,
    loose: str,
  },
  ['fold', 'entries', 'spellings', 'key', 'loose'],
);
export const headwordsSchema = object({ apiVersion, generatedAt: dateTime, count, words: str, index: headwordIndexSchema }, [
  'apiVersion',
  'generatedAt',
  'count',
  'words',
]);

// Khoj's pack of every chunk and its index (core/dictionary/pack/files.ts): not part of the contract.
const sha256Hex = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
export const packIndexSchema = object(
  {
    apiVersion,
    generatedAt: dateTime,
    format: { type: 'string', pattern: '^khoj-pack$' },
    version: { type: 'integer', minimum: 1, maximum: 1 },
    path: { type: 'string', pattern: '^packs/[0-9a-f]{16}\\.pack$' },
    bytes: count,
    sha256: sha256Hex,
    files: { type: 'array', items: object({ path: chunkPathSchema, bytes: count }, ['path', 'bytes']) },
    blocks: {
      type: 'array',
      minItems: 1,
      items: object({ offset: count, bytes: count, sha256: sha256Hex, files: count }, ['offset', 'bytes', 'sha256', 'files']),
    },
    derived: {
      type: 'array',
      items: object({ path: { type: 'string', pattern: '^words-by-letter/[^/]+\\.json$' }, bytes: count, sha256: sha256Hex }, ['path', 'bytes', 'sha256']),
    },
  },
  ['apiVersion', 'generatedAt', 'format', 'version', 'path', 'bytes', 'sha256', 'files', 'blocks', 'derived'],
);

// The compressed sizes of the files below /api/v1 (core/dictionary/sizes.ts), written by the app's build: not part of the contract.
export const sizesSchema = object({ files: { type: 'object', additionalProperties: { type: 'array', minItems: 1, items: count } } }, ['files']);

/** The error body our servers and service worker send with a 404. */
export const errorSchema = object({ error: str, status: { type: 'integer' } }, ['error']);

export const SCHEMAS = {
  Metadata: metadataSchema,
  Manifest: manifestSchema,
  LettersResponse: lettersSchema,
  WordsByLetterResponse: wordsByLetterSchema,
  ChunkResponse: chunkSchema,
  SampleResponse: sampleSchema,
  MeaningsIndex: meaningsIndexSchema,
  MeaningShard: meaningShardSchema,
  Headwords: headwordsSchema,
  PackIndex: packIndexSchema,
  Error: errorSchema,
} as const;

export type FileKind =
  'metadata' | 'manifest' | 'letters' | 'wordsByLetter' | 'chunk' | 'sample' | 'meaningsIndex' | 'meaningShard' | 'headwords' | 'pack' | 'sizes';

export const SCHEMA_OF: Record<FileKind, Schema> = {
  metadata: metadataSchema,
  manifest: manifestSchema,
  letters: lettersSchema,
  wordsByLetter: wordsByLetterSchema,
  chunk: chunkSchema,
  sample: sampleSchema,
  meaningsIndex: meaningsIndexSchema,
  meaningShard: meaningShardSchema,
  headwords: headwordsSchema,
  pack: packIndexSchema,
  sizes: sizesSchema,
};

/** A copy that rejects fields the contract does not name: our own output must match exactly. */
export function closed(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map((s) => closed(s as Schema)) as unknown as Schema;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = typeof v === 'object' && v !== null ? closed(v as Schema) : v;
  if (schema.type === 'object' && schema.properties && !('additionalProperties' in schema)) out.additionalProperties = false;
  return out;
}
