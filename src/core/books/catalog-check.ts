// A catalog file taken in by the worker (a content pack's catalog part) checked by the validator
// generated from the catalog's own JSON Schema (schemas.ts catalogFileSchema, through
// data-build/validators.ts: the one description the build checks with ajv), then its numbers:
// every book's id once. The problem names the file, the record and the field.

import { catalog as validateCatalog } from './generated/catalog-validator.js';
import { said } from '../dictionary/file-shape.ts';
import type { CatalogFile } from './types.ts';

export type CatalogCheck = { ok: true; catalog: CatalogFile } | { ok: false; problem: string };

/** `text` as a catalog file (`name`: what the problem calls it), or the first way it is not one. */
export function checkCatalog(text: string, name: string): CatalogCheck {
  const bad = (problem: string): CatalogCheck => ({ ok: false, problem: `${name}: ${problem}` });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad(`not JSON (${text.length} characters)`);
  }
  if (!validateCatalog(value)) {
    const e = validateCatalog.errors?.[0];
    return bad(e ? `${e.instancePath || '/'}: ${said(e)}` : '/: breaks its schema');
  }
  const catalog = value as CatalogFile;
  const ids = new Set<string>();
  for (const [i, b] of catalog.books.entries()) {
    if (ids.has(b.id)) return bad(`/books/${i}/id: ${JSON.stringify(b.id)} is there twice`);
    ids.add(b.id);
  }
  return { ok: true, catalog };
}
