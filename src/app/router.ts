// Hash routes (#/word/किरण): deep links work on any static host and offline, with no
// server rewrite rules.

import { useEffect, useState } from 'preact/hooks';
import { SECTIONS, type SectionId } from '../core/sections.ts';
import { encodeSegment } from '../core/text.ts';

/** The pattern modes the search screen offers (core/dictionary/search/pattern.ts PatternMode, named here so the start-up bundle does not carry that module). */
export type SearchMode = 'whole' | 'starts' | 'ends' | 'contains';
const SEARCH_MODES = new Set<string>(['whole', 'starts', 'ends', 'contains']);

export type Route =
  | { name: 'home' }
  | { name: 'letter'; letter: string }
  | { name: 'word'; word: string }
  /** `mode`: a pattern search's mode (core/dictionary/search/pattern.ts), from `&m=` */
  | { name: 'search'; q: string; meanings: boolean; mode?: SearchMode }
  | { name: 'saved' }
  /** the reader's data: export and import (src/app/data/) */
  | { name: 'data' }
  /** A service's own screens: `#/books/…` and `#/market/…`, routed by the section itself. */
  | { name: 'section'; section: Section; path: string[]; params: URLSearchParams };

/** The sections with screens of their own under `#/<id>/…`; the dictionary is the home screen's. */
export type Section = Exclude<SectionId, 'dictionary'>;
const OWN_SCREENS = new Set<string>(SECTIONS.map((s) => s.id).filter((id) => id !== 'dictionary'));

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const [page, arg] = parts;
  const params = new URLSearchParams(query);
  if (page && OWN_SCREENS.has(page)) return { name: 'section', section: page as Section, path: parts.slice(1).filter(Boolean), params };
  if (page === 'letter' && arg) return { name: 'letter', letter: arg };
  if (page === 'word' && arg) return { name: 'word', word: arg };
  if (page === 'search') {
    const m = params.get('m') ?? '';
    return { name: 'search', q: params.get('q') ?? '', meanings: params.get('in') === 'meanings', ...(SEARCH_MODES.has(m) ? { mode: m as SearchMode } : {}) };
  }
  if (page === 'saved') return { name: 'saved' };
  if (page === 'data') return { name: 'data' };
  return { name: 'home' };
}

export const href = {
  home: () => '#/',
  letter: (l: string) => `#/letter/${encodeSegment(l)}`,
  word: (w: string) => `#/word/${encodeSegment(w)}`,
  search: (q: string, meanings = false, mode?: SearchMode) => `#/search?q=${encodeSegment(q)}${meanings ? '&in=meanings' : mode ? `&m=${mode}` : ''}`,
  saved: () => '#/saved',
  data: () => '#/data',
  /** `#/<section>/…` (`#/books/…`, `#/market/…`), path parts encoded, optional query parameters. */
  section: (section: Section, path: string[] = [], params?: Record<string, string>) => {
    const q = params ? new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString() : '';
    return `#/${[section, ...path.map(encodeSegment)].join('/')}${q ? `?${q}` : ''}`;
  },
};

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
