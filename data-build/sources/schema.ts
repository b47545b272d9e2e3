// The JSON schema of a sources profile: every option of `npm run data`, by service.

const source = { type: ['string', 'null'], minLength: 1, description: 'file, folder or URL; null for the embedded sample' };
const size = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*([kKmMgG]?[bB]?)\\s*$' }] };

export const profileSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Khoj data sources profile',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    description: { type: 'string' },
    extends: { type: 'string', minLength: 1, description: 'a profile name (sample, public) or a file, relative to this one' },
    dictionary: {
      type: 'object',
      additionalProperties: false,
      properties: {
        source,
        format: { enum: ['dump', 'tree'] },
        chunkSize: { type: 'integer', minimum: 1 },
        generatedAt: { type: 'string', format: 'date-time' },
      },
    },
    books: {
      type: 'object',
      additionalProperties: false,
      properties: { source, pdfs: { enum: ['auto', 'local', 'none'] } },
    },
    market: {
      type: 'object',
      additionalProperties: false,
      properties: { source, layout: { enum: ['a', 'b'] } },
    },
    only: { type: 'array', items: { enum: ['dictionary', 'books', 'market'] }, minItems: 1, uniqueItems: true },
    out: { type: 'string', minLength: 1 },
    network: {
      type: 'object',
      additionalProperties: false,
      properties: {
        cache: { type: ['string', 'null'], minLength: 1 },
        offline: { type: 'boolean' },
        maxBytes: size,
        maxPdfBytes: size,
        timeout: { type: 'number', exclusiveMinimum: 0 },
        retries: { type: 'integer', minimum: 0 },
        allowPrivateHosts: { type: 'boolean' },
        mirrors: { type: 'object', propertyNames: { pattern: '^https?://' }, additionalProperties: { type: 'string', minLength: 1 } },
      },
    },
  },
} as const;

type Source = string | null;
export interface Profile {
  description?: string;
  extends?: string;
  dictionary?: { source?: Source; format?: 'dump' | 'tree'; chunkSize?: number; generatedAt?: string };
  books?: { source?: Source; pdfs?: 'auto' | 'local' | 'none' };
  market?: { source?: Source; layout?: 'a' | 'b' };
  only?: Array<'dictionary' | 'books' | 'market'>;
  out?: string;
  network?: {
    cache?: string | null;
    offline?: boolean;
    maxBytes?: number | string;
    maxPdfBytes?: number | string;
    timeout?: number;
    retries?: number;
    allowPrivateHosts?: boolean;
    mirrors?: Record<string, string>;
  };
}
