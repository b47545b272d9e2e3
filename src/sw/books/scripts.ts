// The catalog's on-demand script (script-declaration.ts): the shard writer, needed only to save a catalog.

import type { OnDemandScript } from '../script-declaration.ts';

export const BOOKS_SCRIPTS: readonly OnDemandScript[] = [
  {
    entry: 'src/sw/books/save-script.ts',
    name: 'sw-books',
    define: '__KHOJ_BOOKS_SAVE__',
    lazy: {
      regex: '(^|/)core/books/shard-writer(\\.ts)?$',
      message: "The worker loads the catalog's shard writer on first use, through src/sw/books/save.ts (save-script.ts).",
    },
  },
];
