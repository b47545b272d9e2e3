// The worker's check of a catalog file taken from a content pack (src/core/books/catalog-check.ts):
// the validator generated from the catalog's own JSON Schema (the one the build checks with ajv)
// accepts the built sample's catalog and a synthetic one, and names the record and field of a damaged one.

import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../src/core/books/catalog-check.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtSample } from '../books/helpers.ts';
import { syntheticCatalog } from '../../harness/books/synthetic.ts';

const NAME = 'catalog/catalog.json';

describe('checkCatalog', () => {
  it('accepts a synthetic catalog of 2,000 books', () => {
    const c = syntheticCatalog(2000);
    expect(checkCatalog(JSON.stringify(c), NAME)).toEqual({ ok: true, catalog: c });
  });

  it('accepts the catalog the data build writes from its sample, as it is stored', async () => {
    const text = readFileSync(join(await builtSample(), 'api/books/catalog.json'), 'utf8');
    expect(checkCatalog(text, NAME)).toMatchObject({ ok: true });
  }, 120_000);

  it('names the file, the record and the field of what is wrong', () => {
    const c = syntheticCatalog(20);
    const wrongTitle = structuredClone(c);
    (wrongTitle.books[7] as unknown as Record<string, unknown>).title = 42;
    expect(checkCatalog(JSON.stringify(wrongTitle), NAME)).toEqual({ ok: false, problem: `${NAME}: /books/7/title: expected a string` });
    const twice = structuredClone(c);
    twice.books[3]!.id = twice.books[2]!.id;
    expect(checkCatalog(JSON.stringify(twice), NAME)).toMatchObject({ ok: false, problem: expect.stringContaining('/books/3/id') });
    expect(checkCatalog(JSON.stringify({ ...c, format: 'other' }), NAME)).toMatchObject({ ok: false, problem: expect.stringContaining(`${NAME}: /format`) });
    expect(checkCatalog('{"books": [', NAME)).toMatchObject({ ok: false, problem: expect.stringContaining('not JSON') });
  });
});
