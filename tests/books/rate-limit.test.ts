// The YoBook reader's pacing (data-build/books/rate-limit.ts) on a fake clock: never more than
// the limit in any span of one window, and a 429 waited out with a bounded, doubling wait.

import { describe, expect, it } from 'vitest';
import { type Clock, PacedClient, paceFrom, TokenBucket } from '../../data-build/books/rate-limit.ts';
import { DataError } from '../../src/core/problems.ts';

function fakeClock(): Clock & { t: number; slept: number[] } {
  const c = {
    t: 0,
    slept: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.slept.push(ms);
      c.t += ms;
    },
  };
  return c;
}

/** The most timestamps in any span of `window` ms. */
const busiest = (times: number[], window: number) => Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + window).length));

describe('pacing under the upstream limit', () => {
  it('reads KHOJ_YOBOOK_RATE', () => {
    expect(paceFrom(undefined)).toEqual({ limit: 120, windowMs: 60_000 });
    expect(paceFrom('10/1')).toEqual({ limit: 10, windowMs: 1000 });
    expect(() => paceFrom('1/60')).toThrow(/at least 2 requests/);
  });

  for (const [limit, windowMs] of [
    [120, 60_000],
    [10, 1000],
    [2, 500],
  ] as const) {
    it(`a token bucket never sends more than ${limit} in any ${windowMs} ms`, async () => {
      const clock = fakeClock();
      const bucket = new TokenBucket({ limit, windowMs }, clock);
      const times: number[] = [];
      for (let i = 0; i < limit * 5; i++) {
        await bucket.take();
        times.push(clock.t);
      }
      expect(busiest(times, windowMs)).toBeLessThanOrEqual(limit);
      // And not needlessly slow: (limit - burst) per window once the burst is spent.
      expect(clock.t).toBeLessThanOrEqual(Math.ceil((limit * 5 - bucket.burst) / (limit - bucket.burst)) * windowMs);
    });
  }

  it('waits out 429s with a doubling wait up to a window, then goes on', async () => {
    const clock = fakeClock();
    const tooMany = () => new DataError([{ file: 'u', message: 'HTTP 429 Too Many Requests' }]);
    const client = new PacedClient({ limit: 120, windowMs: 60_000 }, (e) => e instanceof DataError, 6, clock);
    let left = 3;
    const sent: number[] = [];
    const got = await client.run(async () => {
      sent.push(clock.t);
      if (left-- > 0) throw tooMany();
      return 'ok';
    }, 'u');
    expect(got).toBe('ok');
    expect(client.stats).toEqual({ requests: 4, tooMany: 3, waitedMs: 15_000 + 30_000 + 60_000 });
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(15_000);
    expect(sent[3]! - sent[2]!).toBeGreaterThanOrEqual(60_000);
  });

  it('gives up after a bounded number of 429s, naming the URL and the limit', async () => {
    const clock = fakeClock();
    const client = new PacedClient({ limit: 120, windowMs: 60_000 }, () => true, 3, clock);
    await expect(
      client.run(async () => {
        throw new Error('429');
      }, 'https://host/api/books'),
    ).rejects.toThrow(/https:\/\/host\/api\/books: HTTP 429 Too Many Requests, still after 4 attempts .*allows 120 requests per 60 s/);
    expect(client.stats.requests).toBe(4);
  });

  it('other errors are not retried', async () => {
    const client = new PacedClient({ limit: 120, windowMs: 60_000 }, () => false, 3, fakeClock());
    await expect(client.run(() => Promise.reject(new Error('HTTP 500')), 'u')).rejects.toThrow('HTTP 500');
    expect(client.stats.requests).toBe(1);
  });
});
