// What the page asks the service worker about the catalog: a content pack's catalog part
// (core/packs/manifest.ts 'catalog'), made from the stored catalog and taken in through the
// worker's check and its switch to a newer catalog.

import { call } from '../rpc/protocol.ts';

export const BOOKS_PROTOCOL = {
  calls: {
    /** the stored catalog.json's text and build, for a pack; null when none is stored */
    'books-catalog-part': call<{ generatedAt: string; text: string } | null>()({}),
    /** a pack's catalog part (its digest matched): checked by its schema's validator, made current only when newer than this phone's (`why` not: the same build, or an older one) */
    'books-catalog-take': call<{ taken: boolean; why?: 'same' | 'older' }>()({ text: 'string', name: 'string' }),
  },
  broadcasts: {},
};
