// Pacing for a host that allows `limit` requests per `windowMs` per client and answers 429
// without Retry-After once it is over (the YoBook API: 120 a minute, counted per fixed
// window, the refused requests counted too). A token bucket of `burst` tokens refilled at
// (limit - burst) / windowMs never sends more than `limit` requests in any span of
// `windowMs`, so neither in any of the host's windows. A 429 (another client behind the same
// address) pauses every request, with a doubling wait up to one window, a bounded number of
// times. The clock is injectable, for the tests.

import { DataError } from '../../src/core/problems.ts';
import { KhojError } from '../../src/core/errors.ts';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((ok) => setTimeout(ok, ms)) };

export interface Pace {
  limit: number;
  windowMs: number;
}

/** The YoBook API's own limit (RATE_LIMIT_REQUESTS_PER_MINUTE in its api.py). */
export const YOBOOK_PACE: Pace = { limit: 120, windowMs: 60_000 };

/** `KHOJ_YOBOOK_RATE=<requests>/<seconds>` (default 120/60); a lower one lets the tests meet the limit quickly. */
export function paceFrom(value: string | undefined): Pace {
  if (value === undefined || value === '') return YOBOOK_PACE;
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m || Number(m[1]) < 2 || Number(m[2]) <= 0)
    throw new KhojError('usage', `KHOJ_YOBOOK_RATE: expected <requests>/<seconds> with at least 2 requests, such as 120/60, not "${value}"`);
  return { limit: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

export class TokenBucket {
  readonly burst: number;
  private readonly perMs: number;
  private tokens: number;
  private last: number;
  private pausedUntil = 0;

  constructor(
    readonly pace: Pace,
    private readonly clock: Clock = realClock,
  ) {
    this.burst = Math.max(1, Math.min(pace.limit - 1, Math.floor(pace.limit / 10)));
    this.perMs = (pace.limit - this.burst) / pace.windowMs;
    this.tokens = this.burst;
    this.last = clock.now();
  }

  /** Waits until a request may be sent, and counts it. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now);
        continue;
      }
      this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.perMs);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil((1 - this.tokens) / this.perMs));
    }
  }

  /** No request for `ms`, and none saved up meanwhile. */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.tokens = 0;
    this.last = this.clock.now();
  }
}

export interface PacedStats {
  requests: number;
  tooMany: number;
  waitedMs: number;
}

/** Requests through one bucket; a 429 (recognised by `isTooMany`) pauses them all and is retried up to `maxRetries` times. */
export class PacedClient {
  readonly stats: PacedStats = { requests: 0, tooMany: 0, waitedMs: 0 };
  readonly bucket: TokenBucket;

  constructor(
    readonly pace: Pace,
    private readonly isTooMany: (e: unknown) => boolean,
    readonly maxRetries = 6,
    clock: Clock = realClock,
  ) {
    this.bucket = new TokenBucket(pace, clock);
  }

  /** The wait after the n-th 429 in a row (0-based): a quarter window, doubling, at most one window. */
  backoff(n: number): number {
    return Math.min(this.pace.windowMs, Math.round((this.pace.windowMs / 4) * 2 ** n));
  }

  async run<T>(request: () => Promise<T>, name: string): Promise<T> {
    for (let n = 0; ; n++) {
      await this.bucket.take();
      this.stats.requests++;
      try {
        return await request();
      } catch (e) {
        if (!this.isTooMany(e)) throw e;
        this.stats.tooMany++;
        if (n >= this.maxRetries) {
          throw new DataError([
            {
              file: name,
              message: `HTTP 429 Too Many Requests, still after ${n + 1} attempts and ${Math.round(this.stats.waitedMs / 1000)} s of waiting (the host allows ${this.pace.limit} requests per ${this.pace.windowMs / 1000} s)`,
            },
          ]);
        }
        const wait = this.backoff(n);
        this.stats.waitedMs += wait;
        this.bucket.pause(wait);
      }
    }
  }
}
