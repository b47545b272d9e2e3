// The catalog's sources, in merge priority: the primary source first.

import type { SourceRole } from './types.ts';

export interface KnownSource {
  source: string;
  name: string;
  /** for covers */
  short: string;
  role: SourceRole;
  homepage: string;
  /** the file the upstream scraper writes for this source */
  file: string;
  /** other spellings accepted in ?source= and in file names */
  aliases: string[];
  /** cover background for generated covers */
  colour: string;
}

export const KNOWN_SOURCES: readonly KnownSource[] = [
  {
    source: 'cehrd-learning',
    name: 'CEHRD Learning Portal',
    short: 'CEHRD Learning',
    role: 'primary',
    homepage: 'https://learning.cehrd.gov.np',
    file: 'cehrd_learning.json',
    aliases: ['cehrd', 'cehrd_learning', 'cehrdlearning'],
    colour: '#1d4e89',
  },
  {
    source: 'cdc-nepal',
    name: 'Curriculum Development Centre (CDC) Nepal',
    short: 'CDC Nepal',
    role: 'secondary',
    homepage: 'https://moecdc.gov.np',
    file: 'cdc_nepal.json',
    aliases: ['cdc', 'cdc_nepal', 'cdcnepal', 'moecdc'],
    colour: '#a4262c',
  },
  {
    source: 'pustakalaya',
    name: 'E-Pustakalaya',
    short: 'E-Pustakalaya',
    role: 'secondary',
    homepage: 'https://pustakalaya.org',
    file: 'pustakalaya.json',
    aliases: ['e-pustakalaya', 'epustakalaya'],
    colour: '#2e6b30',
  },
  {
    source: 'archive-org',
    name: 'Internet Archive',
    short: 'Internet Archive',
    role: 'supplementary',
    homepage: 'https://archive.org',
    file: 'archive_org.json',
    aliases: ['archive', 'archive_org', 'archiveorg', 'internet-archive'],
    colour: '#5b4636',
  },
  {
    source: 'openlibrary',
    name: 'Open Library',
    short: 'Open Library',
    role: 'supplementary',
    homepage: 'https://openlibrary.org',
    file: 'open_library.json',
    aliases: ['open-library', 'open_library', 'ol'],
    colour: '#1f6f78',
  },
];

/** The merged file some upstream deployments publish beside (or instead of) the per-source files. */
export const MERGED_FILE = 'all_books.json';

const BY_ID = new Map(KNOWN_SOURCES.map((s) => [s.source, s]));
const ALIAS = new Map<string, string>();
for (const s of KNOWN_SOURCES) {
  ALIAS.set(s.source, s.source);
  for (const a of s.aliases) ALIAS.set(a, s.source);
}

export const knownSource = (id: string) => BY_ID.get(id);

/** A source identifier as written anywhere (case, `_` or `-`, short names) → its canonical id; unknown ids are lower-cased and trimmed. */
export function canonicalSource(raw: string): string {
  const key = raw.trim().toLowerCase();
  return ALIAS.get(key) ?? ALIAS.get(key.replace(/_/g, '-')) ?? key;
}

/**
 * Source priority, for merging and for the catalog's order: today's upstream's list order
 * (../shared/data/books/current/README.md, "Order": cehrd-learning, cehrd-stories, cehrd-nfe,
 * cehrd-audio, pustakalaya-*, ncert-official, openstax, standard-ebooks, cdc-library, then
 * everything else) with the contract's sources (KNOWN_SOURCES) kept in their own order among
 * them, so that a client reading both lists the books alike.
 */
const ORDER: readonly string[] = [
  'cehrd-learning',
  'cehrd-stories',
  'cehrd-nfe',
  'cehrd-audio',
  'cdc-nepal',
  'pustakalaya',
  'ncert-official',
  'openstax',
  'standard-ebooks',
  'cdc-library',
  'archive-org',
  'openlibrary',
];
/** Any other source comes after these (alphabetically, by the caller's tie-break). */
export const sourcePriority = (id: string): number => {
  const i = ORDER.indexOf(id.startsWith('pustakalaya-') ? 'pustakalaya' : id);
  return i < 0 ? ORDER.length : i;
};

/** The source a per-source file name stands for (`cdc_nepal.json` → cdc-nepal), if any. */
export function sourceOfFile(name: string): string | undefined {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/\.json(\.gz)?$/i, '')
    .toLowerCase();
  const hit = ALIAS.get(base) ?? ALIAS.get(base.replace(/_/g, '-'));
  return hit;
}
