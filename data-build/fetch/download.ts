// Every HTTP read of the data build: mirrors applied, the cache revalidated (ETag,
// Last-Modified; a 304 costs nothing), retries with back-off on network failures, 429 and
// 5xx (honouring Retry-After), the body streamed under a size limit and the whole request
// under a time limit. Every request and each of its redirects goes to public hosts only
// (address.ts), unless the operator named the origin (options.ts privateAllowed).

import { readBounded } from '../../src/core/bounded-body.ts';
import { KhojError } from '../../src/core/errors.ts';
import { DataError } from '../../src/core/problems.ts';
import { chargeSourceBytes, limits } from '../limits.ts';
import { checkPublicHost, fetchPublic } from './address.ts';
import { cacheDrop, cacheRead, cacheWrite } from './cache.ts';
import { mirrored, netOptions, privateAllowed } from './options.ts';
import { count } from './progress.ts';

export interface DownloadOptions {
  /** the most bytes the body may hold (default: the build's file limit, --max-file-mb / --max-bytes) */
  maxBytes?: number;
  /** a 429 without Retry-After fails at once ("HTTP 429 …"): the caller paces itself (data-build/books/rate-limit.ts) */
  callerPaces429?: boolean;
  /** the body is part of the source being read: counted in its limit (limits.ts) as it streams in */
  countsToSource?: boolean;
}

export interface Downloaded {
  bytes: Uint8Array;
  /** ETag or Last-Modified of what was read, for caches of things derived from it */
  validator?: string;
}

const MAX_REDIRECTS = 5;

const fail = (url: string, message: string): never => {
  throw new DataError([{ file: url, message }]);
};

/** Not worth retrying, the answer will be the same: KhojError 'refused'. */
const final = (why: string) => new KhojError('refused', why);

export async function download(url: string, opts: DownloadOptions = {}): Promise<Downloaded> {
  const net = netOptions();
  const target = mirrored(url);
  const name = target === url ? url : `${url} (mirror ${target})`;
  const maxBytes = opts.maxBytes ?? limits().fileBytes;
  let cached = net.cacheDir === null ? undefined : await cacheRead(net.cacheDir, target);
  count({ files: 1 }, url);
  // A body is checked (size, SHA-256) before its validators are sent: a damaged one is dropped and
  // fetched in full, since the upstream would answer 304 to its validators for ever.
  let body: Uint8Array | undefined;
  if (cached && cached.record.status === undefined) {
    const read = await cached.body();
    if ('damaged' in read) {
      if (net.offline) return fail(name, `the cached copy is damaged (${read.damaged}); --offline forbids fetching it again`);
      await cacheDrop(net.cacheDir!, target).catch(() => undefined);
      cached = undefined;
    } else if (cached.record.sha256 === undefined && !net.offline) {
      cached = undefined; // an entry from before digests were kept: fetched in full once, then kept with one
    } else body = read.bytes;
  }

  if (net.offline) {
    if (!cached) return fail(name, 'not in the download cache, and --offline forbids fetching it');
    if (cached.record.status !== undefined) {
      count({ missing: 1 }, url);
      return fail(name, `HTTP ${cached.record.status} when last fetched (remembered by the download cache; --offline)`);
    }
    count({ fromCache: 1 }, url);
    if (opts.countsToSource) chargeSourceBytes(body!.length, name);
    return { bytes: body!, validator: cached.record.etag ?? cached.record.lastModified };
  }

  for (let attempt = 0; ; attempt++) {
    let wait: number;
    try {
      const res = await request(target, cached?.record, net.timeoutMs, name);
      if (res.status === 304 && cached && body) {
        await res.body?.cancel();
        count({ fromCache: 1 }, url);
        if (opts.countsToSource) chargeSourceBytes(body.length, name);
        return { bytes: body, validator: cached.record.etag ?? cached.record.lastModified };
      }
      if (res.ok) {
        // Counted piece by piece: a source over its limit stops in the middle of a body.
        const bytes = await readBody(res, maxBytes, opts.countsToSource ? (n) => chargeSourceBytes(n, name) : undefined);
        const etag = res.headers.get('etag') ?? undefined;
        const lastModified = res.headers.get('last-modified') ?? undefined;
        count({ downloaded: 1, bytes: bytes.length }, url);
        if (net.cacheDir !== null) {
          await cacheWrite(net.cacheDir, target, bytes, { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) }).catch(() => undefined);
        }
        return { bytes, validator: etag ?? lastModified };
      }
      await res.body?.cancel();
      const status = `HTTP ${res.status} ${res.statusText}`.trim();
      if (res.status === 404 || res.status === 410) {
        // Remembered, so that --offline knows the file is absent rather than unknown.
        count({ missing: 1 }, url);
        if (net.cacheDir !== null) await cacheWrite(net.cacheDir, target, new Uint8Array(0), {}, res.status).catch(() => undefined);
        return fail(name, status);
      }
      if (res.status !== 429 && res.status < 500) return fail(name, status);
      const after = retryAfter(res.headers.get('retry-after'));
      if (res.status === 429 && after === undefined && opts.callerPaces429) return fail(name, status);
      if (attempt >= net.retries) return fail(name, `${status}, still after ${attempt + 1} attempts`);
      if (after !== undefined && after > net.maxRetryAfterMs)
        return fail(name, `${status}; it asks to retry after ${Math.round(after / 1000)} s, more than the ${net.maxRetryAfterMs / 1000} s allowed`);
      wait = after ?? backoff(net.retryBaseMs, attempt);
    } catch (e) {
      if (e instanceof DataError) throw e;
      if (KhojError.is(e, 'refused')) return fail(name, e.message);
      const why = (e as Error).name === 'TimeoutError' ? `no complete answer within ${net.timeoutMs / 1000} s (raise it with --timeout)` : networkReason(e);
      if (attempt >= net.retries) return fail(name, `cannot reach the URL: ${why} (${attempt + 1} attempts)`);
      wait = backoff(net.retryBaseMs, attempt);
    }
    count({ retries: 1 }, url);
    await new Promise((ok) => setTimeout(ok, wait));
  }
}

/** Full jitter: random up to base·2^attempt, so parallel readers do not retry in step. */
const backoff = (base: number, attempt: number): number => Math.round(Math.random() * base * 2 ** attempt);

/** Retry-After in ms: delta-seconds or an HTTP date. */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

function networkReason(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e as Error).message;
}

async function request(url: string, cached: { etag?: string; lastModified?: string } | undefined, timeoutMs: number, name: string): Promise<Response> {
  const headers: Record<string, string> = { 'User-Agent': 'khoj-data-build (+https://github.com/)', 'Accept-Encoding': 'gzip, br' };
  if (cached?.etag) headers['If-None-Match'] = cached.etag;
  if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
  const signal = AbortSignal.timeout(timeoutMs);
  // Each hop of a redirect is checked: a public host must not bounce us to a private one.
  let at = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const where = hop ? `redirected to ${at}: ` : '';
    if (!/^https?:$/.test(new URL(at).protocol)) throw final(`${where || `${at}: `}only http(s) is fetched`);
    const refused = (e: KhojError) =>
      final(
        `${where}${e.message}; only public hosts are fetched (name a private upstream with --private-upstream ${new URL(at).origin}, or allow every private address with --allow-private-hosts)`,
      );
    let res: Response;
    if (privateAllowed(at)) res = await fetch(at, { headers, signal, redirect: 'manual' });
    else {
      try {
        await checkPublicHost(at);
        // Checked again where the connection is made (address.ts): the name may resolve differently now.
        res = await fetchPublic(at, { headers, signal, redirect: 'manual' });
      } catch (e) {
        throw KhojError.is(e, 'not-public') ? refused(e) : e;
      }
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || res.status === 304 || location === null) return res;
    await res.body?.cancel();
    if (!URL.canParse(location, at)) throw final(`${where}redirected to "${location}", not a URL`);
    at = new URL(location, at).href;
  }
  throw final(`more than ${MAX_REDIRECTS} redirects (${name})`);
}

/** The body, read as it streams in, stopped as soon as it passes the limit. */
async function readBody(res: Response, maxBytes: number, onBytes?: (bytes: number) => void): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  // fetch() decodes gzip/br, so a declared length is of the encoded bytes: a hint only.
  if (!res.headers.get('content-encoding') && declared > maxBytes) {
    await res.body?.cancel();
    throw final(`the answer is ${declared} bytes, more than the limit of ${maxBytes} (raise it with --max-file-mb, or --max-pdf-bytes for a PDF)`);
  }
  try {
    return await readBounded(res, maxBytes, {
      ...(onBytes ? { onBytes } : {}),
      // Retried: a connection cut mid-body is a network failure like any other (a timeout stays one).
      brokeOff: (e, size) =>
        (e as Error).name === 'TimeoutError' ? e : new KhojError('network', `the download broke off after ${size} bytes: ${networkReason(e)}`, { cause: e }),
    });
  } catch (e) {
    if (KhojError.is(e, 'too-large'))
      throw final(`the answer is more than the limit of ${maxBytes} bytes; stopped reading (raise it with --max-file-mb, or --max-pdf-bytes for a PDF)`);
    throw e;
  }
}
