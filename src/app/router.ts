// Hash routes (#/word/किरण): deep links work on any static host and offline, with no
// server rewrite rules.

import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { name: 'home' }
  | { name: 'letter'; letter: string }
  | { name: 'word'; word: string }
  | { name: 'search'; q: string; meanings: boolean }
  | { name: 'saved' };

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const [page, arg] = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const params = new URLSearchParams(query);
  if (page === 'letter' && arg) return { name: 'letter', letter: arg };
  if (page === 'word' && arg) return { name: 'word', word: arg };
  if (page === 'search') return { name: 'search', q: params.get('q') ?? '', meanings: params.get('in') === 'meanings' };
  if (page === 'saved') return { name: 'saved' };
  return { name: 'home' };
}

export const href = {
  home: () => '#/',
  letter: (l: string) => `#/letter/${encodeURIComponent(l)}`,
  word: (w: string) => `#/word/${encodeURIComponent(w)}`,
  search: (q: string, meanings = false) => `#/search?q=${encodeURIComponent(q)}${meanings ? '&in=meanings' : ''}`,
  saved: () => '#/saved',
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
