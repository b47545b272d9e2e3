// The one source of Khoj's HTTP policy: security headers, CORS for the public data, cache
// lifetimes and which files are precompressed. The Node server, the test servers, the build
// (dist/_headers, dist/_redirects), the data build (the API page's <meta> policy) and deploy/
// (nginx) all read it; a drift test checks the committed deploy files against it. Pure data and
// functions, so it lives in src/core, which each of them may import.

import { PUBLIC_DATA_PATH, PUBLIC_DATA_ROOTS } from './sections.ts';

/**
 * Content-Security-Policy of every answer. Only our own scripts run (no inline script, no
 * eval). Images come from this site only (covers, icons) or are made by the page (data:,
 * blob:): a remote <img> in an exchange notice cannot beacon to a third party. connect-src
 * is open to http(s) because the reader picks the market upstream and book PDFs live on other
 * hosts (blob: reads a saved PDF back); only our scripts can connect, so it guards nothing an
 * attacker controls.
 */
export const CSP: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['connect-src', "'self' https: http: blob:"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  // A saved audio file plays from the worker ('self'); one not saved streams from its host
  // (learning.cehrd.gov.np, pustakalaya.org), as connect-src allows: a media element runs no script.
  ['media-src', "'self' https: http:"],
  // A saved PDF opens from a blob: URL, whose document inherits this policy: the PDF viewer is an object.
  ['object-src', "'self' blob:"],
  ['frame-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/** The policy as a header value; `reportTo` adds a report-uri (the browser tests collect reports). */
export function cspValue(reportTo?: string): string {
  const parts = CSP.map(([k, v]) => `${k} ${v}`);
  if (reportTo) parts.push(`report-uri ${reportTo}`);
  return parts.join('; ');
}

/** Directives a policy in a <meta> element cannot carry (CSP 3, section 3.3): only the header sets them. */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

/**
 * The policy for the built index.html's <meta http-equiv="Content-Security-Policy">, for hosts
 * that send no headers (GitHub Pages): the same directives without the header-only ones.
 */
export function cspMetaValue(): string {
  return CSP.filter(([k]) => !HEADER_ONLY_DIRECTIVES.includes(k))
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** Features the app never uses, switched off for it and anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** Headers on every answer, files and errors alike, beside the CSP. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** Every security header, the same for every answer (the API documentation page included). */
export function securityHeaders(reportTo?: string): Record<string, string> {
  return { 'Content-Security-Policy': cspValue(reportTo), ...SECURITY_HEADERS };
}

/**
 * Public data any site may read, as the upstream services allow: the sections' data tree without
 * the pages for people (src/core/sections.ts): the dictionary (/api/v1/), the catalog (/api/…),
 * covers, the market files (/data/) and the OpenAPI description.
 */
export const CORS_PREFIXES: readonly string[] = PUBLIC_DATA_ROOTS.folders.map((f) => `/${f}/`);
export const CORS_FILES: readonly string[] = PUBLIC_DATA_ROOTS.files.map((f) => `/${f}`);
export const isPublicData = (path: string): boolean => PUBLIC_DATA_PATH.test(path);

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  // A cross-origin client revalidates with the ETag and reads ranges of large files.
  'Access-Control-Expose-Headers': 'ETag, Content-Length, Content-Range, Accept-Ranges',
};

/** The answer to a preflight (OPTIONS) on public data. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'If-None-Match, If-Modified-Since, If-Range, Range, Cache-Control, Content-Type',
  'Access-Control-Max-Age': '86400',
};

/** Content types by file extension, for every host (charset on text types). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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
  '.pdf': 'application/pdf',
  '.epub': 'application/epub+zip',
  '.wav': 'audio/wav',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's hashed build assets (assets/<name>-<hash>.<ext>) never change under one name. */
export const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/** Hashed assets are kept a year; sw.js, index.html, the manifest and all data are revalidated. */
export const cacheControlFor = (path: string): string => (HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);

/** Files the build stores precompressed (.br, .gz) beside the original, and the server serves so. */
export const COMPRESSIBLE_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.yaml', '.txt', '.svg'] as const;

/** Encodings in the server's order of preference, with the suffix of their precompressed file. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * JSON bodies of a 404 under the data prefixes, for hosts that cannot compute one per path
 * (nginx, Netlify): the shapes of the Node server's answers (the dictionary's {error,status},
 * the catalog's {success,error}), never the app shell.
 */
export const NOT_FOUND: ReadonlyArray<{ prefix: string; file: string; body: string }> = [
  { prefix: '/api/v1/', file: 'not-found/api-v1.json', body: '{"error":"not found","status":404}' },
  { prefix: '/api/', file: 'not-found/api.json', body: '{"success":false,"error":"Not found"}' },
  { prefix: '/data/', file: 'not-found/data.json', body: '{"error":"not found","status":404}' },
];
