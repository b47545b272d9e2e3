/// <reference lib="webworker" />
// The catalog helpers' routes offline: /api/gradewise-audio, /api/research[/<id>],
// /api/theses[/<id>], answered by the same pure modules as the Node server
// (src/core/books/gradewise-audio.ts, research.ts) from the files the build writes, kept in
// Cache Storage (saved with the catalog): the stored copy answers at once and is refreshed
// behind it; with nothing stored, a request waits for the network.

import { answerGradewiseAudio, GRADEWISE_AUDIO_FILE, type GradewiseAudio } from '../../core/books/gradewise-audio.ts';
import { answerResearch, RESEARCH_FILE, type ResearchItem } from '../../core/books/research.ts';
import type { ApiResponse } from '../../core/books/types.ts';
import { SOURCE_HEADER } from '../../core/answer-headers.ts';
import { JSON_TYPE } from '../respond.ts';
import { cached, FILES_CACHE } from './cache-files.ts';

/** The helper routes (without the static files of their folders). */
export const HELPER_PATH = /^api\/(gradewise-audio|research|theses)(\/[^.]*)?$/;

const parsed = new Map<string, { text: string; value: unknown }>();

async function fromNetwork(url: string): Promise<string | undefined> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (res.status !== 200) return undefined;
  const copy = res.clone();
  await caches
    .open(FILES_CACHE)
    .then((c) => c.put(url, copy))
    .catch(() => undefined);
  return res.text();
}

/** The file's JSON: the stored copy (refreshed in the background), else the network's. */
async function load<T>(url: string): Promise<{ value?: T; stored: boolean }> {
  const hit = await cached(url);
  let text: string | undefined;
  if (hit) {
    text = await hit.text();
    void fromNetwork(url).catch(() => undefined);
  } else text = await fromNetwork(url).catch(() => undefined);
  if (text === undefined) return { stored: false };
  let p = parsed.get(url);
  if (p?.text !== text) parsed.set(url, (p = { text, value: JSON.parse(text) }));
  return { value: p.value as T, stored: !!hit };
}

/** Stores the helpers' files when they are not stored yet (with the catalog, so their routes answer offline too). */
export async function saveHelpers(base: string): Promise<void> {
  await Promise.all(
    [GRADEWISE_AUDIO_FILE, RESEARCH_FILE].map(async (file) => {
      // A host that publishes no helpers answers 404: nothing to keep, the routes say so offline.
      if (!(await cached(base + file))) await fromNetwork(base + file).catch(() => undefined);
    }),
  );
}

export async function answerHelper(base: string, rel: string, request: Request): Promise<Response> {
  const path = `/${rel}`;
  const params = new URL(request.url).searchParams;
  let answer: ApiResponse;
  let stored = false;
  if (request.method !== 'GET' && request.method !== 'HEAD')
    answer = { status: 405, body: { success: false, error: 'Method not allowed' }, allow: 'GET, HEAD, OPTIONS' };
  else if (rel.startsWith('api/gradewise-audio')) {
    const f = await load<{ data: GradewiseAudio }>(base + GRADEWISE_AUDIO_FILE).catch(() => ({ value: undefined, stored: false }));
    stored = f.stored;
    answer = !/^api\/gradewise-audio\/?$/.test(rel)
      ? { status: 404, body: { success: false, error: 'Not found' } }
      : f.value
        ? answerGradewiseAudio(f.value, params)
        : { status: 503, body: { success: false, error: 'Offline, and the textbook catalog is not saved on this device yet' } };
  } else {
    const f = await load<{ data: ResearchItem[] }>(base + RESEARCH_FILE).catch(() => ({ value: undefined, stored: false }));
    stored = f.stored;
    answer = f.value
      ? (answerResearch(path, params, () => f.value!.data) ?? { status: 404, body: { success: false, error: 'Not found' } })
      : { status: 503, body: { success: false, error: 'Offline, and the textbook catalog is not saved on this device yet' } };
  }
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
      [SOURCE_HEADER]: stored ? 'cache' : 'network',
      ...(answer.allow ? { Allow: answer.allow } : {}),
    },
  });
}
