// A static file server for dist/: safe paths, content types, ETags, gzip, and the
// contract's JSON 404 under /api/v1. Pure request → response logic lives in core.

import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { notFoundBody } from '../core/dictionary/paths.ts';
import { PUBLIC_DATA_PATH, SECTION } from '../core/services.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.yaml', '.txt', '.svg']);
const API_PREFIX = `/${SECTION.dictionary.prefixes[0]}/`;
/** Public data: any site may read it, as the upstream services allow. */
const PUBLIC_DATA = PUBLIC_DATA_PATH;

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function staticHandler(rootDir: string): Handler {
  const root = resolve(rootDir);
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': TYPES['.json']! });
      res.end(JSON.stringify({ error: 'method not allowed', status: 405 }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, { error: 'malformed percent-encoding in the path', status: 400 });
    }
    const isApi = path.startsWith(API_PREFIX);
    if (PUBLIC_DATA.test(path)) res.setHeader('Access-Control-Allow-Origin', '*');
    const file = safeJoin(root, path);
    const found = file ? await fileStat(file.endsWith(sep) ? join(file, 'index.html') : file) : undefined;
    if (file && found) return sendFile(req, res, found.path, found.stats, isApi);
    if (isApi) return sendJson(res, 404, notFoundBody(path.slice(API_PREFIX.length)));
    // App routes (no extension) get the app shell, so deep links work.
    if (file && !extname(path)) {
      const shell = await fileStat(join(root, 'index.html'));
      if (shell) return sendFile(req, res, shell.path, shell.stats, false);
    }
    return sendJson(res, 404, { error: `no such file: ${path}`, status: 404 });
  };
}

/** The file under root that a decoded URL path names, or undefined if it would leave root. */
export function safeJoin(root: string, path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const parts = path.split('/');
  if (parts.some((p) => p === '..')) return undefined;
  const full = resolve(root, `.${path}`);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  return path.endsWith('/') ? full + sep : full;
}

async function fileStat(path: string): Promise<{ path: string; stats: Stats } | undefined> {
  try {
    const stats = await stat(path);
    if (stats.isFile()) return { path, stats };
    if (stats.isDirectory()) return fileStat(join(path, 'index.html'));
  } catch {
    /* absent */
  }
  return undefined;
}

function sendFile(req: IncomingMessage, res: ServerResponse, path: string, stats: Stats, isApi: boolean): void {
  const ext = extname(path);
  const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Hashed build assets never change; everything else is revalidated.
  res.setHeader('Cache-Control', /\/assets\/.+-[\w-]{8,}\.\w+$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (isApi) res.setHeader('Access-Control-Expose-Headers', 'ETag');
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  const gzip = COMPRESSIBLE.has(ext) && stats.size > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', stats.size);
  res.writeHead(200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(path);
  stream.on('error', () => res.destroy());
  (gzip ? stream.pipe(createGzip({ level: 6 })) : stream).pipe(res);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': TYPES['.json']!, 'Cache-Control': 'no-cache' });
  res.end(JSON.stringify(body));
}
