// The dictionary's on-demand scripts (script-declaration.ts): its file checks (the validators
// generated from its schemas), and what saving the whole dictionary needs (the pack's reader, the meaning index's
// builder, the letter files' maker).

import type { OnDemandScript } from '../script-declaration.ts';

export const DICTIONARY_SCRIPTS: readonly OnDemandScript[] = [
  {
    entry: 'src/sw/dictionary/check-script.ts',
    name: 'sw-dictionary',
    define: '__KHOJ_DICTIONARY_CHECK__',
    lazy: {
      regex: '(^|/)core/dictionary/(check-file|schemas|file-shape|generated/file-validators)(\\.ts|\\.js)?$',
      message: "The worker loads the dictionary's file checks on first use, through src/sw/dictionary/check.ts (check-script.ts).",
    },
  },
  {
    entry: 'src/sw/dictionary/save-script.ts',
    name: 'sw-dictionary-save',
    define: '__KHOJ_DICTIONARY_SAVE__',
    lazy: {
      regex: '(^|/)(core/dictionary/(meanings/build|pack/read|letter-files)|whole/(run|pack-fetch|device-meanings|letter))(\\.ts)?$',
      message: 'The worker loads what saving the whole dictionary needs on first use, through src/sw/dictionary/save-tools.ts (save-script.ts).',
    },
    own: ['src/sw/dictionary/whole/**'],
  },
];
