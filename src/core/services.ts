// The three sections, declared once: where each one's files live below the app's base URL, the
// IndexedDB databases and caches it keeps, and whether its worker marks every answer while
// device storage fails (how it stores what it answers is its worker's own: src/sw/<id>/). The
// server, the dev server, the build's precache list, the worker's router and the tests all read
// their lists from here, so a new section is one entry.

export interface Section {
  /** the key of its entry in SECTION */
  id: string;
  /**
   * Paths below the app's base that hold the section's files: a folder or one file, written
   * without slashes at either end (`api/v1` is `api/v1` and everything below it). They are served
   * from the data tree, never precached, and the worker hands them to the section.
   */
  prefixes: readonly string[];
  /** Of `prefixes`, the ones holding pages for people rather than data: not opened to other sites (CORS). */
  pages?: readonly string[];
  /** IndexedDB databases the section opens (page and worker), by what they hold. */
  databases: Readonly<Record<string, string>>;
  /** Cache Storage caches the section keeps, by what they hold. */
  caches?: Readonly<Record<string, string>>;
  storage: {
    /**
     * true: while device storage fails, every answer of the worker says so (X-Khoj-Storage-Problem),
     * so an answer from device storage without it means storage works again. false: only the
     * answers whose own storing failed say so, and the page keeps the problem until dismissed.
     */
    marksEveryAnswer: boolean;
  };
}

export const SECTION = {
  dictionary: {
    id: 'dictionary',
    prefixes: ['api/v1'],
    // files: the stored /api/v1 files (worker); user: history and bookmarks (page)
    databases: { files: 'khoj-dictionary', user: 'khoj-user' },
    storage: { marksEveryAnswer: false },
  },
  books: {
    id: 'books',
    // `api`: every other /api/ path (textbooks, teacher guides, and the JSON 404 for paths no source carries);
    // `api/v1`, longer, stays the dictionary's.
    prefixes: ['api/books', 'api/sources', 'api/stats', 'covers', 'docs', 'api'],
    pages: ['docs'],
    // catalog: the stored catalog (worker); user: shelves and downloads (page)
    databases: { catalog: 'khoj-books', user: 'khoj-books-user' },
    // files: covers and docs (worker); pdfs: the books the reader saved (page); pdfjs: pdf.js, kept once a PDF is saved (page)
    caches: { files: 'khoj-books-files', pdfs: 'khoj-books-pdfs', pdfjs: 'khoj-books-pdfjs' },
    storage: { marksEveryAnswer: true },
  },
  market: {
    id: 'market',
    // data/: both layouts' files; the two openapi.yaml files describe them.
    prefixes: ['data', 'api/openapi.yaml', 'openapi.yaml'],
    // files, their refresh status and the settings (worker); settings and watchlist (page)
    // market: the files and the watchlist (worker and page); user: the portfolio (page)
    databases: { market: 'khoj-market', user: 'khoj-market-user' },
    storage: { marksEveryAnswer: true },
  },
} as const satisfies Record<string, Section>;

export type SectionId = keyof typeof SECTION;

export const SECTIONS: readonly Section[] = Object.values(SECTION);

/** Whether `rel` (a path below the base, no leading slash) is `prefix` or below it. */
export const underPrefix = (rel: string, prefix: string): boolean => rel === prefix || rel.startsWith(`${prefix}/`);

/** The section whose files `rel` is (the longest matching prefix wins: `api/v1` before `api/…`), and that prefix. */
export function sectionOf(rel: string): { section: Section; prefix: string } | undefined {
  let best: { section: Section; prefix: string } | undefined;
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
