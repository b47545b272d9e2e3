// JSON-Schema validation (ajv) with problems that name the file, the record and the field.

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Problem } from '../src/core/problems.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const compiled = new WeakMap<object, ValidateFunction>();

/** Arrays whose items are records worth naming by index (and word, where they have one). */
const RECORD_ARRAYS = new Set(['entries', 'words', 'letters', 'chunks']);
const MAX_PER_FILE = 20;

export function schemaProblems(schema: object, data: unknown, file: string): Problem[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(data)) return [];
  return (validate.errors ?? []).slice(0, MAX_PER_FILE).map((e) => toProblem(e, data, file));
}

function toProblem(e: ErrorObject, data: unknown, file: string): Problem {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required') message = `missing required field "${(e.params as { missingProperty: string }).missingProperty}"`;
  if (e.keyword === 'additionalProperties') message = `unexpected field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
  if (e.keyword === 'type') message = `expected ${(e.params as { type: string }).type}, found ${describe(valueAt(data, parts))}`;
  const problem: Problem = { file, message };
  if (parts.length >= 2 && RECORD_ARRAYS.has(parts[0]!) && /^\d+$/.test(parts[1]!)) {
    const index = Number(parts[1]);
    const record = valueAt(data, parts.slice(0, 2)) as { word?: unknown; letter?: unknown } | undefined;
    const word = typeof record?.word === 'string' ? record.word : typeof record?.letter === 'string' ? record.letter : undefined;
    problem.record = word === undefined ? { index } : { index, word };
    if (parts.length > 2) problem.path = dotted(parts.slice(2));
  } else if (parts.length) problem.path = dotted(parts);
  return problem;
}

const dotted = (parts: string[]): string => parts.reduce((a, p, i) => (i === 0 ? p : /^\d+$/.test(p) ? `${a}[${p}]` : `${a}.${p}`), '');

function valueAt(data: unknown, parts: string[]): unknown {
  let v = data;
  for (const p of parts) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
