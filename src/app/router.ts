// Hash routes (#/word/किरण): deep links work on any static host and offline, with no
// server rewrite rules. The router knows the sections only through their declarations
// (sections.ts): `#/<id>/…` is a section's own, `#/data`, `#/storage` and `#/packs` the shell's, and every other path the
// home section's (PageSection.routes). The shell hands the list in (no import of it here: the
// sections link back through `href`).

import { useEffect, useState } from 'preact/hooks';
import type { SectionId } from '../core/sections.ts';
import { encodeSegment } from '../core/text.ts';
import type { PageSection } from './page-section.ts';

export type Route =
  /** the reader's data: export and import (src/app/data/) */
  | { name: 'data' }
  /** what this phone keeps: sizes, deletes, the data saver (src/app/storage/) */
  | { name: 'storage' }
  /** content packs: share what this phone keeps, open a pack (src/app/packs/) */
  | { name: 'packs' }
  /** a section's screens, routed by the section itself: `path` below its own part, or the whole path for the home section */
  | { name: 'section'; section: SectionId; path: string[]; params: URLSearchParams };

type Routed = Pick<PageSection, 'id' | 'routes'>;

export function parseRoute(hash: string, sections: readonly Routed[]): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const [page] = parts;
  const params = new URLSearchParams(query);
  const own = sections.find((s) => s.routes === 'own' && s.id === page);
  if (own) return { name: 'section', section: own.id, path: parts.slice(1).filter(Boolean), params };
  if (page === 'data') return { name: 'data' };
  if (page === 'storage') return { name: 'storage' };
  if (page === 'packs') return { name: 'packs' };
  return { name: 'section', section: sections.find((s) => s.routes === 'root')!.id, path: parts.filter(Boolean), params };
}

/** The shell's links; a section's own are in its folder (the dictionary's: dictionary/links.ts). */
export const href = {
  home: () => '#/',
  data: () => '#/data',
  storage: () => '#/storage',
  packs: () => '#/packs',
  /** `#/<section>/…` (`#/books/…`, `#/market/…`), path parts encoded, optional query parameters. */
  section: (section: SectionId, path: string[] = [], params?: Record<string, string>) => {
    const q = params ? new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString() : '';
    return `#/${[section, ...path.map(encodeSegment)].join('/')}${q ? `?${q}` : ''}`;
  },
};

export function useRoute(sections: readonly Routed[]): Route {
  const [{ route }, setRoute] = useState(() => ({ hash: location.hash, route: parseRoute(location.hash, sections) }));
  useEffect(() => {
    const on = () => setRoute((was) => (was.hash === location.hash ? was : { hash: location.hash, route: parseRoute(location.hash, sections) }));
    addEventListener('hashchange', on);
    // A hash changed between the first render and this effect (a Back pressed as the page starts) fired no listener.
    on();
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
