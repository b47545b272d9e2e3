// openapi.yaml for the /api/v1 files, built from the same JSON Schemas the tests use.

import { stringify } from 'yaml';
import { SCHEMAS } from '../../src/core/dictionary/schemas.ts';

const ok = (description: string, schema: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const notFound = {
  description: 'No file was generated for this letter or chunk id',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};
const get = (operationId: string, summary: string, response: object, parameters?: object[]) => ({
  get: { operationId, summary, ...(parameters ? { parameters } : {}), responses: { '200': response, ...(parameters ? { '404': notFound } : {}) } },
});

export function dictionaryOpenApi(title: string): string {
  const doc = {
    openapi: '3.1.0',
    info: {
      title,
      version: '1.0.0',
      description:
        'Read-only static JSON files of a Nepali dictionary. Lookup: letters.json → words-by-letter/<letter>.json → chunks/<NNNN>.json. ' +
        'Words are in Unicode code point order; a word is filed under its first code point; index, start and end are 0-based and inclusive.',
    },
    servers: [{ url: '.', description: 'the folder holding this file ({base_url}, ending in /api/v1)' }],
    paths: {
      '/metadata.json': get('getMetadata', 'Name, licence, endpoints and counts', ok('Metadata', 'Metadata')),
      '/manifest.json': get('getManifest', 'Every chunk with its index range and first/last word', ok('Manifest', 'Manifest')),
      '/letters.json': get('getLetters', 'Every starting letter with its word count and ranges', ok('Letters', 'LettersResponse')),
      '/words-by-letter/{letter}.json': get(
        'getWordsByLetter',
        'The words of one letter, each with its chunk',
        ok('Words of the letter', 'WordsByLetterResponse'),
        [
          {
            name: 'letter',
            in: 'path',
            required: true,
            description: 'a Nepali starting letter (one code point), UTF-8',
            schema: { type: 'string', minLength: 1 },
          },
        ],
      ),
      '/chunks/{chunk}.json': get('getChunk', 'A run of consecutive entries with their definitions', ok('Chunk', 'ChunkResponse'), [
        { name: 'chunk', in: 'path', required: true, description: 'zero-padded chunk id', schema: { type: 'string', pattern: '^[0-9]{4}$' } },
      ]),
      '/sample.json': get('getSample', 'One complete entry, as an example', ok('Sample', 'SampleResponse')),
      // Khoj's own, beside the contract's files: search in meanings without reading every chunk.
      '/meanings/index.json': get(
        'getMeaningsIndex',
        'The meaning index: one shard per first character of the (folded) words of the meanings, with counts, sizes and the SHA-256 of each shard file (a reader verifies the bytes it fetched)',
        ok('Meaning index', 'MeaningsIndex'),
      ),
      '/meanings/{codepoint}.json': get(
        'getMeaningShard',
        'The words of the meanings that start with one character, sorted, each with the entries holding it (postings: ids and ranks, encoded)',
        ok('Meaning shard', 'MeaningShard'),
        [
          {
            name: 'codepoint',
            in: 'path',
            required: true,
            description: "the shard's first character as a lower-case hex code point (0915 for क)",
            schema: { type: 'string', pattern: '^[0-9a-f]{4,6}$' },
          },
        ],
      ),
    },
    components: { schemas: SCHEMAS },
  };
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}
