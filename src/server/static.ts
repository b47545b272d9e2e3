// The static file server for dist/: safe paths (served-file.ts), content types, the cache policy
// (core/http-policy.ts), ETags per encoding, If-None-Match, Range, precompressed .br/.gz files chosen by
// Accept-Encoding, and a JSON 404 (its body from `missing`: the section's, app.ts).

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { type Found, Folder, safeJoin } from './served-file.ts';
import { requestUrl } from './target.ts';
import { acceptedEncodings, byteRange, noneMatch } from './negotiate.ts';
import { cacheControlFor, COMPRESSIBLE_EXTENSIONS, CONTENT_TYPES as TYPES, ENCODINGS } from '../core/http-policy.ts';

export { safeJoin };

const COMPRESSIBLE = new Set<string>(COMPRESSIBLE_EXTENSIONS);
/** Smaller files are sent as they are when no precompressed file exists. */
const GZIP_MIN = 1024;

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** `missing`: the body of the 404 for a missing file at `path` (absolute, decoded), undefined for the plain one. */
export function staticHandler(rootDir: string, missing: (path: string) => unknown = () => undefined): Handler {
  const folder = new Folder(rootDir);
  const root = folder.root;
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { error: 'method not allowed', status: 405 }, { Allow: 'GET, HEAD, OPTIONS' });
    }
    const url = requestUrl(req);
    if (!url) return sendJson(res, 400, { error: 'the request target is not a URL', status: 400 });
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, { error: 'malformed percent-encoding in the path', status: 400 });
    }
    const file = safeJoin(root, path);
    const found = file ? await folder.file(file.endsWith(sep) ? join(file, 'index.html') : file) : undefined;
    if (found) return sendFile(req, res, folder, found, path);
    const body = missing(path);
    if (body !== undefined) return sendJson(res, 404, body);
    // App routes (no extension) get the app shell, so deep links work; never under /api/.
    if (file && !extname(path) && !path.startsWith('/api/')) {
      const shell = await folder.file(join(root, 'index.html'));
      if (shell) return sendFile(req, res, folder, shell, '/index.html');
    }
    return sendJson(res, 404, { error: `no such file: ${path}`, status: 404 });
  };
}

const etagOf = (f: Found, tag = '') => `"${f.stats.size.toString(36)}-${Math.floor(f.stats.mtimeMs).toString(36)}${tag}"`;

/** The precompressed file for the best encoding the client takes, if present and not older than the original. */
async function precompressed(folder: Folder, original: Found, accepts: (name: string) => boolean): Promise<{ encoding: string; file: Found } | undefined> {
  for (const e of ENCODINGS) {
    if (!accepts(e.name)) continue;
    const file = await folder.file(original.path + e.suffix);
    if (file && file.stats.mtimeMs >= original.stats.mtimeMs) return { encoding: e.name, file };
  }
  return undefined;
}

async function sendFile(req: IncomingMessage, res: ServerResponse, folder: Folder, original: Found, urlPath: string): Promise<void> {
  const ext = extname(original.path);
  const compressible = COMPRESSIBLE.has(ext);
  const accepts = acceptedEncodings(req.headers['accept-encoding']);
  const pre = compressible ? await precompressed(folder, original, accepts) : undefined;
  // Per-request gzip only when the build left no precompressed file (a data tree served as built).
  const gzipNow = !pre && compressible && original.stats.size > GZIP_MIN && accepts('gzip') && !(await hasAnyPrecompressed(original));
  const sent = pre?.file ?? original;
  const etag = pre ? etagOf(sent, `-${pre.encoding}`) : gzipNow ? etagOf(original, '-gzip-dyn') : etagOf(original);

  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', original.stats.mtime.toUTCString());
  res.setHeader('Cache-Control', cacheControlFor(urlPath));
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (noneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  if (pre) res.setHeader('Content-Encoding', pre.encoding);

  if (gzipNow) {
    res.setHeader('Content-Encoding', 'gzip');
    res.writeHead(200);
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(original.path);
    stream.on('error', () => res.destroy());
    stream.pipe(createGzip({ level: 6 })).pipe(res);
    return;
  }

  const size = sent.stats.size;
  res.setHeader('Accept-Ranges', 'bytes');
  const ifRange = req.headers['if-range'];
  const range = byteRange(req.headers.range, size, ifRange === undefined || ifRange === etag || ifRange === original.stats.mtime.toUTCString());
  if (range.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`);
    res.removeHeader('Content-Encoding');
    return sendJson(res, 416, { error: 'range not satisfiable', status: 416 });
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  res.setHeader('Content-Length', size === 0 ? 0 : end - start + 1);
  res.writeHead(range.kind === 'partial' ? 206 : 200);
  if (req.method === 'HEAD' || size === 0) return void res.end();
  const stream = createReadStream(sent.path, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** True when the build precompressed this file (for an encoding this client does not take). */
async function hasAnyPrecompressed(original: Found): Promise<boolean> {
  for (const e of ENCODINGS) {
    try {
      if ((await stat(original.path + e.suffix)).isFile()) return true;
    } catch {
      /* absent */
    }
  }
  return false;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': TYPES['.json']!, 'Cache-Control': 'no-cache', ...headers });
  res.end(JSON.stringify(body));
}
