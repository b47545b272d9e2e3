// The JSON Schema of what a codec writes, from the same field table it reads and writes with.
// Kept apart from codec.ts so that bundles which only read and write (the service worker) carry
// none of it.

import { type Codec, type FieldDef, type FieldType, type Hint, omits } from './codec.ts';
import type { Layout } from './types/index.ts';

type Obj = Record<string, unknown>;

const HINT_SCHEMA: Record<Hint, Obj> = {
  date: { description: 'date, YYYY-MM-DD' },
  'datetime-utc': { description: 'ISO 8601 date-time without offset, in UTC' },
  'datetime-nepal': { description: 'ISO 8601 date-time without offset, in Nepal time (UTC+05:45)' },
  'datetime-offset': { description: 'ISO 8601 date-time with its UTC offset (+05:45)' },
  month: { pattern: '^[0-9]{4}-[0-9]{2}$' },
  'decimal-text': { description: 'decimal number as text' },
  html: { description: 'may hold HTML: render only sanitised' },
};

function typeSchema(type: FieldType, layout: Layout): Obj {
  if (typeof type === 'object') return { type: 'array', items: codecSchema(type.list, layout) };
  switch (type) {
    case 'strings':
      return { type: 'array', items: { type: 'string' } };
    case 'json':
      return {};
    default:
      return { type };
  }
}

function fieldSchema(f: FieldDef, layout: Layout): Obj {
  const base = typeSchema(f.type, layout);
  const nullable = !f.required;
  const s: Obj = nullable && base.type ? { ...base, type: [base.type as string, 'null'] } : { ...base };
  if (f.hint) Object.assign(s, HINT_SCHEMA[f.hint]);
  if (f.doc) s.description = s.description ? `${f.doc} (${s.description as string})` : f.doc;
  return s;
}

/** The schema of one record as the codec writes it in a layout. */
export function codecSchema(c: Codec<unknown>, layout: Layout): Obj {
  const properties: Obj = {};
  const required: string[] = [];
  for (const f of c.fields) {
    for (const n of f[layout]) {
      properties[n] = fieldSchema(f, layout);
      if (!omits(f, layout)) required.push(n);
    }
    if (f.struct?.layouts.includes(layout)) properties[f.struct.name] = { description: `structure carrying ${f.key}` };
  }
  return { type: 'object', required, properties, additionalProperties: true };
}
