// The dictionary's declaration (core/section-declaration.ts says what each field means; core/sections.ts lists it).

import { type SectionDeclaration, status } from '../section-declaration.ts';
import type { DictionaryOffline } from './offline.ts';
import { SIZES } from './sizes.ts';

export const DICTIONARY = {
  id: 'dictionary',
  prefixes: ['api/v1'],
  // files: the stored /api/v1 files (worker); user: history and bookmarks (page)
  databases: { files: 'khoj-dictionary', user: 'khoj-user' },
  // every file's size as sent, for the sizes the app tells (core/dictionary/sizes.ts)
  sizes: `api/v1/${SIZES}`,
  storage: { marksEveryAnswer: false },
  offline: status<DictionaryOffline>(),
} as const satisfies SectionDeclaration<DictionaryOffline>;
