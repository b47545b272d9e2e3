// The dictionary's routes, at the top of the hash (it is the home section: page-section.ts
// `routes: 'root'`): links to them, and the path read back (screens.tsx).

import { encodeSegment } from '../../core/text.ts';
import { href as shell } from '../router.ts';

/** The pattern modes the search screen offers (core/dictionary/search/pattern.ts PatternMode, named here so the start-up bundle does not carry that module). */
export type SearchMode = 'whole' | 'starts' | 'ends' | 'contains';
const SEARCH_MODES = new Set<string>(['whole', 'starts', 'ends', 'contains']);

export const href = {
  ...shell,
  letter: (l: string) => `#/letter/${encodeSegment(l)}`,
  word: (w: string) => `#/word/${encodeSegment(w)}`,
  search: (q: string, meanings = false, mode?: SearchMode) => `#/search?q=${encodeSegment(q)}${meanings ? '&in=meanings' : mode ? `&m=${mode}` : ''}`,
  saved: () => '#/saved',
};

export type DictionaryRoute =
  | { name: 'home' }
  | { name: 'letter'; letter: string }
  | { name: 'word'; word: string }
  /** `mode`: a pattern search's mode (core/dictionary/search/pattern.ts), from `&m=` */
  | { name: 'search'; q: string; meanings: boolean; mode?: SearchMode }
  | { name: 'saved' };

/** The dictionary's screen for a path (decoded parts) and its query; anything else is home. */
export function dictionaryRoute(path: readonly string[], params: URLSearchParams): DictionaryRoute {
  const [page, arg] = path;
  if (page === 'letter' && arg) return { name: 'letter', letter: arg };
  if (page === 'word' && arg) return { name: 'word', word: arg };
  if (page === 'search') {
    const m = params.get('m') ?? '';
    return { name: 'search', q: params.get('q') ?? '', meanings: params.get('in') === 'meanings', ...(SEARCH_MODES.has(m) ? { mode: m as SearchMode } : {}) };
  }
  if (page === 'saved') return { name: 'saved' };
  return { name: 'home' };
}
