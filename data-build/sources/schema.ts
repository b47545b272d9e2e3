// The JSON schema of a sources profile: every option of `npm run data`, by service (each
// section's object has its flags' fields: data-build/sections.ts).

import type { SectionId } from '../../src/core/sections.ts';
import { MAX_TIMEOUT_S } from '../fetch/options.ts';
import { DATA_SECTIONS } from '../sections.ts';

// Whole numbers stop where they still print as digits: 1e300 is an integer to JSON Schema, but
// String(1e300) is "1e+300", which the command line's own checks would refuse without the file's name.
const whole = (minimum: number) => ({ type: 'integer', minimum, maximum: Number.MAX_SAFE_INTEGER });

const source = { type: ['string', 'null'], minLength: 1, description: 'file, folder or URL; null for the embedded sample' };
const size = {
  anyOf: [whole(1), { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*([kKmMgG]?[bB]?)\\s*$' }],
};

export const profileSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Khoj data sources profile',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    description: { type: 'string' },
    extends: { type: 'string', minLength: 1, description: 'a profile name (sample, public) or a file, relative to this one' },
    ...Object.fromEntries(
      DATA_SECTIONS.map((d) => [
        d.id,
        {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(d.flags.map((f) => [f.field, f.field === 'source' ? source : f.schema])),
        },
      ]),
    ),
    generatedAt: { type: 'string', format: 'date-time', description: 'the timestamp the files carry (--generated-at)' },
    only: { type: 'array', items: { enum: DATA_SECTIONS.map((d) => d.id) }, minItems: 1, uniqueItems: true },
    out: { type: 'string', minLength: 1 },
    network: {
      type: 'object',
      additionalProperties: false,
      properties: {
        cache: { type: ['string', 'null'], minLength: 1 },
        offline: { type: 'boolean' },
        maxBytes: size,
        maxPdfBytes: size,
        timeout: { type: 'number', exclusiveMinimum: 0, maximum: MAX_TIMEOUT_S, description: 'seconds' },
        retries: whole(0),
        allowPrivateHosts: { type: 'boolean', description: 'let every fetch reach loopback and private addresses' },
        privateUpstreams: {
          type: 'array',
          items: { type: 'string', pattern: '^https?://[^/?#]+/?$' },
          uniqueItems: true,
          description: 'origins of upstreams of your own on private addresses (http://127.0.0.1:8080): every other fetch goes to public hosts only',
        },
        mirrors: { type: 'object', propertyNames: { pattern: '^https?://' }, additionalProperties: { type: 'string', minLength: 1 } },
      },
    },
  },
};

export interface Profile {
  description?: string;
  extends?: string;
  /** per section, its flags' fields (data-build/sections.ts): `{ source, format, … }`, checked by the schema */
  [section: string]: unknown;
  generatedAt?: string;
  only?: SectionId[];
  out?: string;
  network?: {
    cache?: string | null;
    offline?: boolean;
    maxBytes?: number | string;
    maxPdfBytes?: number | string;
    timeout?: number;
    retries?: number;
    allowPrivateHosts?: boolean;
    privateUpstreams?: string[];
    mirrors?: Record<string, string>;
  };
}
