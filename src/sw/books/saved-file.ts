/// <reference lib="webworker" />
// A saved file (src/app/books/downloads.ts keeps it in Cache Storage under its URL) served at
// core/books/saved-file.ts's path, with Range answered from the stored Blob: 206 and
// Content-Range for one range (slicing the Blob reads only that part), 416 for a bad one, 200
// for the whole file. A media element asks ranges to seek, so seeking works offline.
//
// It is the app's own origin serving bytes a host sent: only the types a saved kind may have
// (core/books/file-magic.ts) are served as such, anything else (a copy kept with a host's
// text/html by an older version) as a download; never sniffed, and sandboxed should it be opened
// as a page, so no script of a saved file ever runs as the app (issue 36).

import { contentRange, parseRange } from '../../core/books/byte-range.ts';
import { servedType } from '../../core/books/file-magic.ts';
import { SECTION } from '../../core/sections.ts';

/** On every answer of this path, the errors too. */
const SAFE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "sandbox; default-src 'none'" };

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...SAFE, 'Content-Type': 'text/plain; charset=utf-8', ...extra } });

export async function answerSavedFile(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'GET or HEAD', { Allow: 'GET, HEAD' });
  const url = new URL(request.url).searchParams.get('url');
  const hit = url ? await (await caches.open(SECTION.books.caches.pdfs)).match(url).catch(() => undefined) : undefined;
  // An opaque copy (another site without CORS) has no bytes the worker may read.
  if (!hit || hit.type === 'opaque') return text(404, 'This file is not saved on this device');
  const blob = await hit.blob();
  const size = blob.size;
  const type = servedType(hit.headers.get('Content-Type'));
  const headers: Record<string, string> = {
    ...SAFE,
    'Content-Type': type ?? 'application/octet-stream',
    ...(type ? {} : { 'Content-Disposition': 'attachment' }),
    'Accept-Ranges': 'bytes',
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
