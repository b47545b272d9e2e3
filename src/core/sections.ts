// The sections, one line each (each declares itself in core/<id>/<id>-declaration.ts; core/section-declaration.ts
// says what a declaration holds). The server, the dev server, the build's precache list, the
// worker's router and the tests read their lists from here.

import { BOOKS } from './books/books-declaration.ts';
import { DICTIONARY } from './dictionary/dictionary-declaration.ts';
import { MARKET } from './market/market-declaration.ts';
import type { SectionDeclaration } from './section-declaration.ts';

export const SECTION = {
  dictionary: DICTIONARY,
  books: BOOKS,
  market: MARKET,
} as const satisfies Record<string, SectionDeclaration>;

export type SectionId = keyof typeof SECTION;

/** Each section's offline status type, as its declaration gives it. */
export type SectionStatuses = { [K in SectionId]: (typeof SECTION)[K]['offline'] };
export type StatusOf<K extends SectionId> = SectionStatuses[K];

export const SECTIONS: readonly SectionDeclaration[] = Object.values(SECTION);

/** Whether `rel` (a path below the base, no leading slash) is `prefix` or below it. */
export const underPrefix = (rel: string, prefix: string): boolean => rel === prefix || rel.startsWith(`${prefix}/`);

/** The section whose files `rel` is (the longest matching prefix wins: `api/v1` before `api/…`), and that prefix. */
export function sectionOf(rel: string): { section: SectionDeclaration; prefix: string } | undefined {
  let best: { section: SectionDeclaration; prefix: string } | undefined;
  for (const s of SECTIONS) for (const p of s.prefixes) if (underPrefix(rel, p) && (!best || p.length > best.prefix.length)) best = { section: s, prefix: p };
  return best;
}

const roots = (public_: boolean) => {
  const folders = new Set<string>();
  const files = new Set<string>();
  for (const s of SECTIONS)
    for (const p of s.prefixes) {
      if (public_ && s.pages?.includes(p)) continue;
      // A prefix with a dot in its last part is a file; at the top level it stays a file of its own.
      if (!p.includes('/') && /\.[a-z]+$/.test(p)) files.add(p);
      else folders.add(p.split('/')[0]!);
    }
  return { folders: [...folders], files: [...files] };
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = ({ folders, files }: { folders: string[]; files: string[] }) =>
  new RegExp([`^/(${folders.map(escape).join('|')})(/|$)`, ...files.map((f) => `^/${escape(f)}$`)].join('|'));

/** The top-level folders and files of the data tree (`api`, `covers`, `docs`, `data`, `openapi.yaml`). */
export const DATA_ROOTS = roots(false);
/** Absolute paths (`/api/…`) of the data tree: the server and the dev server answer these from it. */
export const DATA_PATH = pattern(DATA_ROOTS);
/** The top-level folders and files of public data that any site may read (the data tree without the pages). */
export const PUBLIC_DATA_ROOTS = roots(true);
/** Absolute paths of public data that any site may read. */
export const PUBLIC_DATA_PATH = pattern(PUBLIC_DATA_ROOTS);
/** Globs (relative to dist/) of the data tree: never precached. */
export const DATA_GLOBS: readonly string[] = [...DATA_ROOTS.folders.map((f) => `${f}/**`), ...DATA_ROOTS.files];
