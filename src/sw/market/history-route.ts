// The upstream's long and per-day files (index history months, intraday prices, the floor sheet),
// as our data output republishes them at the upstream's paths: fetched only when a screen asks
// for them, and each good answer kept in Cache Storage so the ranges and days viewed stay
// offline. Closed months (before the stored manifest's latest month) never change upstream:
// answered from the cache at once. Everything else is network first, the kept copy offline.
// A bad answer never replaces a good kept one (each file is read by its core reader first).

import { readFloorDay, latestFloorDay } from '../../core/market/floor-sheet.ts';
import { INDEX_MANIFEST_PATH, readIndexManifest, readIndexMonth } from '../../core/market/index-history.ts';
import { readLtpDay } from '../../core/market/intraday.ts';
import { SECTION } from '../../core/services.ts';
import { SOURCE_HEADER } from '../../core/answer-headers.ts';
import { json } from '../respond.ts';
import { storageOf } from '../storage.ts';

const CACHE = SECTION.market.caches.history;
const PATHS =
  /^(indices\/(manifest|monthly\/\d{4}-\d{2})|ltp\/daily\/\d{4}-\d{2}-\d{2}|floor_sheet\/(manifest|daily\/\d{4}-\d{2}-\d{2}|lookups\/[a-z_]+))\.json$/;
const storage = storageOf('market');

/** Whether `path` (below data/) is one of the files this route keeps. */
export const isHistoryPath = (path: string): boolean => PATHS.test(path);

/** Throws, naming the file, when the text is not a good file of its kind. */
export function checkHistoryFile(path: string, text: string): void {
  const v: unknown = JSON.parse(text);
  if (path === INDEX_MANIFEST_PATH) readIndexManifest(v, path);
  else if (path.startsWith('indices/monthly/')) readIndexMonth(v, path);
  else if (path.startsWith('ltp/daily/')) readLtpDay(v, path);
  else if (path === 'floor_sheet/manifest.json') latestFloorDay(v, path);
  else if (path.startsWith('floor_sheet/daily/')) readFloorDay(v, path);
  else if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`${path}: not a JSON object`);
}

async function kept(url: string): Promise<Response | undefined> {
  try {
    const hit = await (await caches.open(CACHE)).match(url);
    storage.worked('read');
    return hit;
  } catch (e) {
    storage.failed(e);
    return undefined;
  }
}

const answerKept = async (res: Response) => json(await res.text(), 200, storage.mark({ [SOURCE_HEADER]: 'cache' }));

/** A month is closed when the kept manifest's latest date is in a later month. */
async function closedMonth(path: string, base: string): Promise<boolean> {
  const m = /^indices\/monthly\/(\d{4}-\d{2})\.json$/.exec(path);
  if (!m) return false;
  const manifest = await kept(new URL(`data/${INDEX_MANIFEST_PATH}`, base).href);
  if (!manifest) return false;
  try {
    return m[1]! < readIndexManifest(await manifest.json()).latestDate.slice(0, 7);
  } catch {
    return false;
  }
}

/** `rel` is the path below the worker's scope; undefined for paths that are not this route's. */
export function answerHistory(rel: string, request: Request, base: string): Promise<Response> | undefined {
  if (!rel.startsWith('data/') || !isHistoryPath(rel.slice(5))) return undefined;
  return answer(rel.slice(5), base, request);
}

async function answer(path: string, base: string, request: Request): Promise<Response> {
  const url = new URL(`data/${path}`, base).href;
  if (await closedMonth(path, base)) {
    const hit = await kept(url);
    if (hit) return answerKept(hit);
  }
  let res: Response;
  try {
    res = await fetch(request);
  } catch {
    const hit = await kept(url);
    return hit ? answerKept(hit) : json({ error: `offline, and data/${path} is not kept on this device yet`, status: 503 }, 503, storage.mark({}));
  }
  if (!res.ok) {
    const hit = await kept(url);
    if (hit) return answerKept(hit);
    return json({ error: `data/${path}: HTTP ${res.status}`, status: res.status }, res.status, storage.mark({}));
  }
  const text = await res.text();
  try {
    checkHistoryFile(path, text);
  } catch (e) {
    const hit = await kept(url);
    if (hit) return answerKept(hit);
    return json({ error: (e as Error).message, status: 502 }, 502, storage.mark({}));
  }
  try {
    await (await caches.open(CACHE)).put(url, new Response(text, { headers: { 'Content-Type': 'application/json' } }));
    storage.worked('write');
  } catch (e) {
    storage.failed(e);
  }
  return json(text, 200, storage.mark({ [SOURCE_HEADER]: 'network' }));
}
