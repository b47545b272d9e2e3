// A dictionary file's shape, by the validators generated from its JSON Schema (data-build/validators.ts),
// said as "/path/to/field: problem", the first way it breaks the schema.

import * as generated from './generated/file-validators.js';
import type { FileValidator, ShapeError } from './generated/file-validators.js';
import type { FileKind } from './schemas.ts';

// A kind without a validator is a type error here: the generator made one per schema.
const VALIDATORS: Record<FileKind, FileValidator> = generated;

const TYPE_NAMES: Record<string, string> = { object: 'an object', array: 'an array', string: 'a string', integer: 'an integer', number: 'a number' };

/** A validator's error in words ("expected a string", "missing \"id\""): also the catalog's (core/books/catalog-check.ts). */
export function said(e: ShapeError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'type':
      return `expected ${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'required':
      return `missing "${String(p.missingProperty)}"`;
    case 'minItems':
      return `expected at least ${String(p.limit)} items`;
    case 'minLength':
      return 'empty';
    case 'pattern':
      return `does not match ${String(p.pattern)}`;
    case 'format':
      return `not a ${String(p.format)}`;
    case 'minimum':
      return `below ${String(p.limit)}`;
    case 'maximum':
      return `above ${String(p.limit)}`;
    default:
      return `breaks its schema's ${e.keyword}`;
  }
}

/** The first way `value` breaks the schema of a `kind` file, as "/path: problem"; undefined when it conforms. */
export function shapeProblem(kind: FileKind, value: unknown): string | undefined {
  const validate = VALIDATORS[kind];
  if (validate(value)) return undefined;
  const e = validate.errors?.[0];
  return e ? `${e.instancePath || '/'}: ${said(e)}` : '/: breaks its schema';
}
