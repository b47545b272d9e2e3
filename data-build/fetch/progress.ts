// What the downloads of one service cost: counted here, shown as a live line on a terminal
// and as one summary line per service otherwise.

export interface FetchStats {
  /** URLs asked for */
  files: number;
  /** bodies received from the network */
  downloaded: number;
  bytes: number;
  /** answered by the cache: 304 Not Modified, or --offline */
  fromCache: number;
  /** answered 404 or 410 (an optional file, a probe) */
  missing: number;
  retries: number;
}

const empty = (): FetchStats => ({ files: 0, downloaded: 0, bytes: 0, fromCache: 0, missing: 0, retries: 0 });
let stats = empty();
let live: { label: string; last: number } | undefined;

/** Starts counting for one service; `label` turns on the live line (terminal only). */
export function startStats(label?: string): void {
  stats = empty();
  live = label !== undefined && process.stderr.isTTY ? { label, last: 0 } : undefined;
}

/** Stops counting and clears the live line. */
export function takeStats(): FetchStats {
  if (live) process.stderr.write('\r\x1b[K');
  live = undefined;
  const s = stats;
  stats = empty();
  return s;
}

export function count(what: Partial<FetchStats>, url?: string): void {
  for (const [k, v] of Object.entries(what) as Array<[keyof FetchStats, number]>) stats[k] += v;
  if (!live || url === undefined) return;
  const now = Date.now();
  if (now - live.last < 100) return;
  live.last = now;
  const width = Math.max(20, (process.stderr.columns ?? 100) - 50);
  const shown = url.length > width ? `…${url.slice(-width + 1)}` : url;
  process.stderr.write(`\r\x1b[K${live.label}: ${stats.files} files, ${mb(stats.bytes)} ${shown}`);
}

export const mb = (bytes: number): string => (bytes < 1e5 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

/** One line, or undefined when the service read nothing over the network. */
export function describeStats(service: string, s: FetchStats): string | undefined {
  if (!s.files) return undefined;
  return `${service}: fetched ${s.files} URLs: ${s.downloaded} downloaded (${mb(s.bytes)}), ${s.fromCache} from the cache${s.missing ? `, ${s.missing} not there` : ''}${s.retries ? `, ${s.retries} retries` : ''}`;
}
