/// <reference lib="webworker" />
// A saved file (src/app/books/downloads.ts keeps it in Cache Storage under its URL) served at
// core/books/saved-file.ts's path, with Range answered from the stored Blob: 206 and
// Content-Range for one range (slicing the Blob reads only that part), 416 for a bad one, 200
// for the whole file. A media element asks ranges to seek, so seeking works offline.

import { contentRange, parseRange } from '../../core/books/byte-range.ts';
import { SECTION } from '../../core/sections.ts';

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

export async function answerSavedFile(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'GET or HEAD', { Allow: 'GET, HEAD' });
  const url = new URL(request.url).searchParams.get('url');
  const hit = url ? await (await caches.open(SECTION.books.caches.pdfs)).match(url).catch(() => undefined) : undefined;
  // An opaque copy (another site without CORS) has no bytes the worker may read.
  if (!hit || hit.type === 'opaque') return text(404, 'This file is not saved on this device');
  const blob = await hit.blob();
  const size = blob.size;
  const headers: Record<string, string> = {
    'Content-Type': hit.headers.get('Content-Type') || 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  const range = parseRange(request.headers.get('Range'), size);
  if (range === 'unsatisfiable') return text(416, 'Range not satisfiable', { 'Content-Range': contentRange(undefined, size) });
  const head = request.method === 'HEAD';
  if (!range) return new Response(head ? null : blob, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
  const part = blob.slice(range.start, range.end + 1);
  return new Response(head ? null : part, {
    status: 206,
    headers: { ...headers, 'Content-Length': String(part.size), 'Content-Range': contentRange(range, size) },
  });
}
