// A live YoBook API as a catalog source (`--books https://host`), read the way its own web
// client reads it: /api/books?limit=200&page=N&full=true page by page (compact items lack the
// files), a few requests at a time, then /api/textbooks and /api/teacher-guides when the host
// has them, the catalog helpers /api/gradewise-audio and /api/research (every page, full),
// and /api/sources and /api/stats for the summary. Every request is paced under the host's
// limit (rate-limit.ts: 120 a minute per client, a 429 without Retry-After past it); the
// download module still retries network failures and 5xx. The records then go through the
// same checks, normalising, merging and covers as the per-source files.

import { DataError } from '../../src/core/problems.ts';
import { checkJson } from '../limits.ts';
import { child, type Location, parseJson, readText } from '../source.ts';
import { PacedClient, type PacedStats, paceFrom } from './rate-limit.ts';

export const PAGE_LIMIT = 200;
const CONCURRENCY = 3;
/**
 * Pages longer than this (the real API's are under 1 MB) are read one at a time: each page in
 * flight holds its bytes, its text and its parse at once, and three of 38 MB took the build's
 * peak from 350 to 440 MB (tests/hardening/source-limit.test.ts).
 */
const BIG_PAGE = 4_000_000;
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
  /** the answer of /api/gradewise-audio (unfiltered), when the host has it */
  gradewiseAudio?: unknown;
  /** every item of /api/research (full), when the host has it */
  research?: unknown[];
  /** requests sent, 429s met, time waited for them */
  paced: PacedStats;
}

interface Envelope {
  success: true;
  data: unknown[];
  meta: { total: number; page: number; limit: number; pages: number; detail?: string };
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
const isTooMany = (e: unknown) => e instanceof DataError && e.problems.some((p) => /^HTTP 429\b/.test(p.message));

/** One client per build: every request of one host shares its pace. */
let client: PacedClient | undefined;
function paced(): PacedClient {
  client ??= new PacedClient(paceFrom(process.env.KHOJ_YOBOOK_RATE), isTooMany);
  return client;
}
/** For tests: a fresh client (a new pace from the environment). */
export const resetYoBookClient = (): void => {
  client = undefined;
  longest = 0;
};

/** The longest page read so far, in characters. */
let longest = 0;
const get = async (loc: Location): Promise<string> => {
  const text = await paced().run(() => readText(loc, { callerPaces429: true }), loc.href);
  longest = Math.max(longest, text.length);
  return text;
};

/**
 * Page 1 of /api/books if `base` is a YoBook API (an envelope that pages); else undefined, or
 * the error that kept it from answering (an API that is down), for when the URL turns out to
 * hold no per-source files either.
 */
export async function probeYoBook(base: Location): Promise<Envelope | DataError | undefined> {
  if (base.kind !== 'url') return undefined;
  let text: string;
  try {
    text = await get(pageUrl(base, 'api/books', 1));
  } catch (e) {
    if (isAbsent(e)) return undefined;
    if (e instanceof DataError) return e;
    throw e;
  }
  // Within the limits of any JSON input (and counted in the source's) before it is parsed.
  checkJson(text, pageUrl(base, 'api/books', 1).href);
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
    const data = parseJson(await get(loc), loc.href);
    if (!isEnvelope(data, page)) {
      throw new DataError([
        { file: loc.href, message: `expected the YoBook envelope {"success":true,"data":[…],"meta":{"total","page":${page},"limit","pages"}}` },
      ]);
    }
    // Compact items have no files (no readUrl, pdfUrl, question_papers…): publishing them would lose every file.
    if (data.meta.detail !== undefined && data.meta.detail !== 'full')
      throw new DataError([{ file: loc.href, message: `answers meta.detail "${data.meta.detail}" to full=true: compact items lack the files` }]);
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
  // The first failure stops every reader: no page is asked for once the read has failed.
  let failed = false;
  await Promise.all(
    Array.from({ length: Math.min(longest > BIG_PAGE ? 1 : CONCURRENCY, Math.max(0, pages - 1)) }, async () => {
      while (next <= pages && !failed) {
        const n = next++;
        try {
          out[n - 1] = { href: pageUrl(base, path, n).href, records: (await one(n)).data };
        } catch (e) {
          failed = true;
          throw e;
        }
      }
    }),
  );
  return out;
}

/** The records of every page of a path, or undefined when the host lacks it. */
async function optionalPaged(base: Location, path: string): Promise<ApiPage[] | undefined> {
  try {
    return await readPaged(base, path);
  } catch (e) {
    if (!isAbsent(e)) throw e;
    return undefined;
  }
}

export async function readYoBook(base: Location, first: Envelope): Promise<YoBookRead> {
  if (first.meta.detail !== undefined && first.meta.detail !== 'full')
    throw new DataError([
      { file: pageUrl(base, 'api/books', 1).href, message: `answers meta.detail "${first.meta.detail}" to full=true: compact items lack the files` },
    ]);
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
  const out: YoBookRead = { base: base.href, pages, total: first.meta.total, extra: {}, paced: paced().stats };
  for (const path of ['api/textbooks', 'api/teacher-guides']) {
    const extra = await optionalPaged(base, path);
    if (extra) out.pages.push(...extra);
    out.extra[path] = extra ? extra.reduce((n, p) => n + p.records.length, 0) : 'absent';
  }
  // The catalog helpers: the unfiltered grade-wise audio, and every research item in full.
  try {
    const loc = child(base, 'api/gradewise-audio');
    const body = parseJson(await get(loc), loc.href) as { success?: unknown; data?: unknown };
    if (body?.success !== true || !body.data || typeof body.data !== 'object')
      throw new DataError([{ file: loc.href, message: 'expected {"success": true, "data": {"grades": […]}}' }]);
    out.gradewiseAudio = body;
  } catch (e) {
    if (!isAbsent(e)) throw e;
  }
  const research = await optionalPaged(base, 'api/research');
  if (research) {
    out.research = research.flatMap((p) => p.records);
    out.extra['api/research'] = out.research.length;
  }
  // For the summary only: our catalog computes its own sources and stats from the records.
  for (const path of ['api/sources', 'api/stats'] as const) {
    try {
      const body = parseJson(await get(child(base, path)), child(base, path).href) as { data?: unknown };
      if (path === 'api/stats') out.stats = body?.data;
      else out.sources = Array.isArray(body?.data) ? body.data.length : undefined;
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
    }
  }
  return out;
}
