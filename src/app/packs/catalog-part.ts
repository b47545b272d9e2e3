// The catalog in a content pack, the page's side: the stored catalog.json as one part, and a
// pack's catalog part handed to the worker once its digest matched, which checks it by the
// catalog's schema and makes it current only when it is newer than this phone's (sw/books/catalog.ts).

import { PackError, type PackPart } from '../../core/packs/manifest.ts';
import type { PartSink } from '../../core/packs/pack-reader.ts';
import { askReadyWorker } from '../client/rpc.ts';

export const CATALOG_PART = 'catalog/catalog.json';

/** A catalog.json is at most this (the full-size one is about 12 MB). */
const CATALOG_BYTES = 64 * 1024 * 1024;

/** How many books the stored catalog has (0: none is stored): what the pack screen offers. */
export const storedBooks = async (): Promise<number> => (await askReadyWorker('offline-status', {}, { timeoutMs: 30_000 })).books ?? 0;

/** The stored catalog as a part, or none. */
export async function catalogPart(): Promise<{ blob: Blob; part: Omit<PackPart, 'size' | 'sha256'> } | undefined> {
  const stored = await askReadyWorker('books-catalog-part', {}, { timeoutMs: 60_000 });
  if (!stored) return undefined;
  return {
    blob: new Blob([stored.text], { type: 'application/json' }),
    part: { name: CATALOG_PART, kind: 'catalog', meta: { generatedAt: stored.generatedAt } },
  };
}

/** Why a catalog part was read through and not kept. */
export type CatalogSkip = 'already-saved' | 'older';

/** A pack's catalog part: held until its digest matched, then checked and taken by the worker. */
export function catalogSink(p: PackPart): PartSink {
  const got: Blob[] = [];
  return {
    // Each chunk as a Blob of its own: the browser's, not this page's memory, until the text is read.
    write: (c) => void (p.size <= CATALOG_BYTES && got.push(new Blob([c.slice()]))),
    async commit() {
      if (p.size > CATALOG_BYTES) throw new PackError('too-large', p.name, `${p.size} bytes, more than ${CATALOG_BYTES}`);
      const text = await new Blob(got).text();
      got.length = 0;
      const r = await askReadyWorker('books-catalog-take', { text, name: p.name }, { timeoutMs: 120_000 }).catch((e: unknown) =>
        Promise.reject(new PackError('not-kind', p.name, String((e as Error).message ?? e))),
      );
      if (!r.taken) return r.why === 'same' ? ('already-saved' satisfies CatalogSkip) : ('older' satisfies CatalogSkip);
    },
    abort: () => void (got.length = 0),
  };
}
