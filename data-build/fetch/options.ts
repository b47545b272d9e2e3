// The network settings of one data build, set once by the CLI (flags, profile) and read by
// every download: deep readers (tree, market, books) need not pass them along.

export interface NetOptions {
  /** the download cache folder; null for none */
  cacheDir: string | null;
  /** build from the cache alone: nothing is requested */
  offline: boolean;
  /** the most bytes one PDF (for a cover) may hold */
  maxPdfBytes: number;
  /** the longest one request (all its bytes) may take, in ms */
  timeoutMs: number;
  /** extra attempts after a network failure, a 429 or a 5xx */
  retries: number;
  /** the first back-off delay in ms (doubled each attempt; a Retry-After overrides it) */
  retryBaseMs: number;
  /** the longest Retry-After honoured, in ms (longer ones fail the request) */
  maxRetryAfterMs: number;
  /** every fetch (sources, mirrors, URLs taken from the data) may go to loopback and private addresses */
  allowPrivateHosts: boolean;
  /** origins the operator named as private upstreams (--private-upstream): these alone may be private */
  privateUpstreams: string[];
  /** URL prefix → replacement: every request to FROM… goes to TO… instead */
  mirrors: Array<[from: string, to: string]>;
}

export const DEFAULT_CACHE_DIR = '.cache/khoj';

/** The longest timeout in seconds: Node's timers hold at most 2^31-1 ms, and a longer one fires at once. */
export const MAX_TIMEOUT_S = Math.floor((2 ** 31 - 1) / 1000);

export const defaultNetOptions = (): NetOptions => ({
  cacheDir: DEFAULT_CACHE_DIR,
  offline: false,
  maxPdfBytes: 100 * 1024 * 1024,
  timeoutMs: 60_000,
  retries: 4,
  retryBaseMs: 500,
  maxRetryAfterMs: 120_000,
  allowPrivateHosts: false,
  privateUpstreams: [],
  mirrors: [],
});

let current: NetOptions = defaultNetOptions();

export const netOptions = (): NetOptions => current;

export function setNetOptions(opts: Partial<NetOptions>): void {
  current = { ...defaultNetOptions(), ...opts };
}

/**
 * Whether a fetch of `url` may reach a private address: --allow-private-hosts, or its origin is
 * one the operator named (--private-upstream, or a mirror's target: a mirror names its host).
 */
export function privateAllowed(url: string, opts: NetOptions = current): boolean {
  if (opts.allowPrivateHosts) return true;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  return opts.privateUpstreams.some((o) => o === origin) || opts.mirrors.some(([, to]) => URL.canParse(to) && new URL(to).origin === origin);
}

/** The URL really requested: the longest matching mirror prefix applied. */
export function mirrored(url: string, mirrors = current.mirrors): string {
  let best: [string, string] | undefined;
  for (const m of mirrors) if (url.startsWith(m[0]) && (!best || m[0].length > best[0].length)) best = m;
  return best ? best[1] + url.slice(best[0].length) : url;
}
