// A live YoBook API as a catalog source (`--books https://host`), read the way its own web
// client reads it: /api/books?limit=200&page=N&full=true page by page, a few requests at a
// time (the download module retries 429 and 5xx, honouring Retry-After), then
// /api/textbooks and /api/teacher-guides when the host has them, /api/sources and /api/stats
// for the summary. The records then go through the same checks, normalising, merging and
// covers as the per-source files.

import { DataError } from '../../src/core/problems.ts';
import { child, type Location, parseJson, readText } from '../source.ts';

export const PAGE_LIMIT = 200;
const CONCURRENCY = 3;
/** A catalog of more pages than this is not a textbook catalog: stop before hammering the host. */
const MAX_PAGES = 500;

export interface ApiPage {
  /** the URL read, naming the page in error messages */
  href: string;
  records: unknown[];
}

export interface YoBookRead {
  base: string;
  pages: ApiPage[];
  /** upstream's own total of /api/books */
  total: number;
  /** /api/textbooks and /api/teacher-guides: pages read, or absent when the host lacks them */
  extra: Record<string, number | 'absent'>;
  /** /api/stats' data, when the host answers it */
  stats?: unknown;
  /** how many sources /api/sources lists, when the host answers it */
  sources?: number;
}

interface Envelope {
  success: true;
  data: unknown[];
  meta: { total: number; page: number; limit: number; pages: number };
}

function isEnvelope(v: unknown, page: number): v is Envelope {
  const e = v as Envelope;
  return (
    !!e &&
    typeof e === 'object' &&
    e.success === true &&
    Array.isArray(e.data) &&
    !!e.meta &&
    typeof e.meta === 'object' &&
    Number.isInteger(e.meta.total) &&
    Number.isInteger(e.meta.pages) &&
    e.meta.page === page &&
    e.data.length <= e.meta.limit
  );
}

const pageUrl = (base: Location, path: string, page: number): Location => {
  const loc = child(base, path);
  return { kind: 'url', href: `${loc.href}?limit=${PAGE_LIMIT}&page=${page}&full=true` };
};

const isAbsent = (e: unknown) => e instanceof DataError && e.problems.every((p) => /HTTP 40[345]|HTTP 410/.test(p.message));

/**
 * Page 1 of /api/books if `base` is a YoBook API (an envelope that pages); else undefined, or
 * the error that kept it from answering (an API that is down), for when the URL turns out to
 * hold no per-source files either.
 */
export async function probeYoBook(base: Location): Promise<Envelope | DataError | undefined> {
  if (base.kind !== 'url') return undefined;
  let text: string;
  try {
    text = await readText(pageUrl(base, 'api/books', 1));
  } catch (e) {
    if (isAbsent(e)) return undefined;
    if (e instanceof DataError) return e;
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A static copy of a first page (our own api/books/index.json) does not page: not an API.
  return isEnvelope(data, 1) && (data.meta.limit === PAGE_LIMIT || data.meta.pages <= 1) ? data : undefined;
}

/** Every page of one paged path; `first` is its page 1 when already read. */
async function readPaged(base: Location, path: string, first?: Envelope): Promise<ApiPage[]> {
  const one = async (page: number): Promise<Envelope> => {
    const loc = pageUrl(base, path, page);
    const data = parseJson(await readText(loc), loc.href);
    if (!isEnvelope(data, page)) {
      throw new DataError([
        { file: loc.href, message: `expected the YoBook envelope {"success":true,"data":[…],"meta":{"total","page":${page},"limit","pages"}}` },
      ]);
    }
    return data;
  };
  const head = first ?? (await one(1));
  const pages = head.meta.pages;
  if (pages > MAX_PAGES)
    throw new DataError([
      { file: pageUrl(base, path, 1).href, message: `answers ${pages} pages of ${PAGE_LIMIT}: more than the ${MAX_PAGES} a catalog may have` },
    ]);
  const out: ApiPage[] = [{ href: pageUrl(base, path, 1).href, records: head.data }];
  let next = 2;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, Math.max(0, pages - 1)) }, async () => {
      while (next <= pages) {
        const n = next++;
        out[n - 1] = { href: pageUrl(base, path, n).href, records: (await one(n)).data };
      }
    }),
  );
  return out;
}

export async function readYoBook(base: Location, first: Envelope): Promise<YoBookRead> {
  const pages = await readPaged(base, 'api/books', first);
  const got = pages.reduce((n, p) => n + p.records.length, 0);
  // Pages read while the catalog changes may skip or repeat records: better to fail than to publish that.
  if (got !== first.meta.total) {
    throw new DataError([
      {
        file: pages[0]!.href,
        message: `meta.total is ${first.meta.total}, but its ${pages.length} pages held ${got} records (did the catalog change while it was read? run again)`,
      },
    ]);
  }
  const out: YoBookRead = { base: base.href, pages, total: first.meta.total, extra: {} };
  for (const path of ['api/textbooks', 'api/teacher-guides']) {
    try {
      const extra = await readPaged(base, path);
      out.pages.push(...extra);
      out.extra[path] = extra.reduce((n, p) => n + p.records.length, 0);
    } catch (e) {
      if (!isAbsent(e)) throw e;
      out.extra[path] = 'absent';
    }
  }
  // For the summary only: our catalog computes its own sources and stats from the records.
  for (const path of ['api/sources', 'api/stats'] as const) {
    try {
      const body = parseJson(await readText(child(base, path)), child(base, path).href) as { data?: unknown };
      if (path === 'api/stats') out.stats = body?.data;
      else out.sources = Array.isArray(body?.data) ? body.data.length : undefined;
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
    }
  }
  return out;
}
