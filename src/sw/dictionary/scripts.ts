// The dictionary's on-demand script (script-declaration.ts): its file checks (schemas and their interpreter).

import type { OnDemandScript } from '../script-declaration.ts';

export const DICTIONARY_SCRIPTS: readonly OnDemandScript[] = [
  {
    entry: 'src/sw/dictionary/check-script.ts',
    name: 'sw-dictionary',
    define: '__KHOJ_DICTIONARY_CHECK__',
    lazy: {
      regex: '(^|/)core/dictionary/(check-file|schemas)(\\.ts)?$',
      message: "The worker loads the dictionary's file checks on first use, through src/sw/dictionary/check.ts (check-script.ts).",
    },
  },
];
