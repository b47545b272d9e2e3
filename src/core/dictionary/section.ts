// The dictionary's declaration (core/section.ts says what each field means; core/sections.ts lists it).

import { type SectionDeclaration, status } from '../section.ts';
import type { DictionaryOffline } from './offline.ts';

export const DICTIONARY = {
  id: 'dictionary',
  prefixes: ['api/v1'],
  // files: the stored /api/v1 files (worker); user: history and bookmarks (page)
  databases: { files: 'khoj-dictionary', user: 'khoj-user' },
  storage: { marksEveryAnswer: false },
  offline: status<DictionaryOffline>(),
} as const satisfies SectionDeclaration<DictionaryOffline>;
