// The reading frame's own words (reader-frame.tsx), in Nepali and English, beside strings.ts
// (the readers' tools) and files-strings.ts.

import { useStrings } from '../i18n.ts';

const ne = {
  night: 'रात्रि मोड',
  showTools: 'साधनहरू देखाउनुहोस्',
};

type Strings = typeof ne;

const en: Strings = {
  night: 'Night mode',
  showTools: 'Show the tools',
};

export const useReaderT = (): Strings => useStrings({ ne, en });
