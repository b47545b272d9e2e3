// The network flags of `npm run data` (kept apart from cli.ts): cache, offline, the PDF limit,
// retries, mirrors and private hosts, read from the command line, a sources profile and
// the environment (KHOJ_MIRRORS, KHOJ_CACHE).

import { parseSize } from '../limit-flags.ts';
import { defaultNetOptions, MAX_TIMEOUT_S, type NetOptions } from './options.ts';
import { KhojError } from '../../src/core/errors.ts';

export const NET_FLAGS = {
  cache: { type: 'string' },
  'no-cache': { type: 'boolean' },
  offline: { type: 'boolean' },
  'max-pdf-bytes': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  'allow-private-hosts': { type: 'boolean' },
  'private-upstream': { type: 'string', multiple: true },
  mirror: { type: 'string', multiple: true },
} as const;

export const NET_USAGE = `  --sources NAME|FILE        a sources profile: sample (default), public, or a JSON file
                             ($KHOJ_SOURCES); flags given here override it
  --mirror FROM=TO           fetch every URL starting with FROM from TO instead (repeatable;
                             $KHOJ_MIRRORS holds more, separated by spaces)
  --cache DIR                download cache (default .cache/khoj, $KHOJ_CACHE); revalidated
                             with ETag/Last-Modified
  --no-cache                 neither read nor write the download cache
  --offline                  build from the download cache alone; fails naming what it lacks
  --max-pdf-bytes SIZE       the most one PDF read for a cover may hold (default 100MB)
  --timeout SECONDS          the longest one download may take (default 60)
  --retries N                retries after a network failure, 429 or 5xx (default 4)
  --private-upstream ORIGIN  an upstream of your own on a private address, e.g.
                             http://127.0.0.1:8080 (repeatable): every fetch, and every
                             redirect, goes to public hosts only, except to these origins
                             and to the targets of --mirror
  --allow-private-hosts      let every fetch reach loopback and private addresses`;

export type NetValues = {
  cache?: string;
  'no-cache'?: boolean;
  offline?: boolean;
  'max-pdf-bytes'?: string;
  timeout?: string;
  retries?: string;
  'allow-private-hosts'?: boolean;
  'private-upstream'?: string[];
  mirror?: string[];
};

function parseMirror(v: string, from: string): [string, string] {
  const at = v.indexOf('=');
  const pair: [string, string] = [v.slice(0, at), v.slice(at + 1)];
  if (at < 1 || !/^https?:\/\//i.test(pair[0]) || pair[1] === '')
    throw new KhojError('usage', `${from} takes FROM=TO with FROM an http(s) URL prefix, not "${v}"`);
  return pair;
}

/** An http(s) origin (`http://127.0.0.1:8080`, a trailing slash allowed), as URL.origin spells it. */
export function parseOrigin(v: string, from = '--private-upstream'): string {
  const u = URL.canParse(v) ? new URL(v) : undefined;
  if (!u || !/^https?:$/.test(u.protocol) || u.username || u.password || u.pathname !== '/' || u.search || u.hash || !/^https?:\/\/[^/]+\/?$/i.test(v))
    throw new KhojError('usage', `${from} takes an http(s) origin such as http://127.0.0.1:8080, not "${v}"`);
  return u.origin;
}

/** Net options from the flags; throws an Error naming the flag on a bad value. */
export function netOptionsFrom(values: NetValues, env: NodeJS.ProcessEnv = {}): NetOptions {
  const o = defaultNetOptions();
  if (env.KHOJ_CACHE) o.cacheDir = env.KHOJ_CACHE;
  if (values.cache !== undefined) o.cacheDir = values.cache;
  if (values['no-cache']) o.cacheDir = null;
  o.offline = !!values.offline;
  if (o.offline && o.cacheDir === null) throw new KhojError('usage', '--offline needs the download cache (drop --no-cache)');
  if (values['max-pdf-bytes'] !== undefined) o.maxPdfBytes = parseSize('max-pdf-bytes', values['max-pdf-bytes']);
  if (values.timeout !== undefined) {
    const t = Number(values.timeout);
    if (!/^\d+(\.\d+)?$/.test(values.timeout) || t <= 0)
      throw new KhojError('usage', `--timeout must be a positive number of seconds, not "${values.timeout}"`);
    if (t > MAX_TIMEOUT_S) throw new KhojError('usage', `--timeout must be at most ${MAX_TIMEOUT_S} seconds (Node's longest timer), not "${values.timeout}"`);
    o.timeoutMs = Math.round(t * 1000);
  }
  if (values.retries !== undefined) {
    if (!/^\d+$/.test(values.retries)) throw new KhojError('usage', `--retries must be a whole number, not "${values.retries}"`);
    o.retries = Number(values.retries);
  }
  if (env.KHOJ_RETRY_BASE_MS && /^\d+$/.test(env.KHOJ_RETRY_BASE_MS)) o.retryBaseMs = Number(env.KHOJ_RETRY_BASE_MS);
  o.allowPrivateHosts = !!values['allow-private-hosts'];
  o.privateUpstreams = (values['private-upstream'] ?? []).map((v) => parseOrigin(v));
  for (const m of (env.KHOJ_MIRRORS ?? '').split(/\s+/).filter(Boolean)) o.mirrors.push(parseMirror(m, 'KHOJ_MIRRORS'));
  for (const m of values.mirror ?? []) o.mirrors.push(parseMirror(m, '--mirror'));
  return o;
}
