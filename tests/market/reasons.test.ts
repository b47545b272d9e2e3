// The market's "why?" note: each problem text the worker stores reads as a reason code, which the
// screens say in the reader's language (every code has a message in both languages).

import { describe, expect, it } from 'vitest';
import { problemReason, REASON_CODES } from '../../src/core/market/reasons.ts';
import { tooLarge } from '../../src/core/bounded-body.ts';
import { MARKET_STRINGS } from '../../src/app/market/strings.ts';

describe('market refresh reasons', () => {
  it('reads the codes from the texts the worker writes', () => {
    expect(problemReason('upstream unreachable: Failed to fetch')).toEqual({
      code: 'unreachable',
      detail: 'upstream unreachable: Failed to fetch',
      said: 'Failed to fetch',
    });
    expect(problemReason('HTTP 503 Service Unavailable')).toMatchObject({ code: 'http', status: 503 });
    expect(problemReason('the answer was cut short: network error').code).toBe('cut-short');
    expect(problemReason(tooLarge(64e6).message).code).toBe('too-large');
    // as a stored problem was worded before core/errors.ts carried it: still read the same
    expect(problemReason('the answer is more than the limit of 67,108,864 bytes; stopped reading').code).toBe('too-large');
    expect(problemReason('kept aside as stale: older than the stored copy').code).toBe('kept-aside');
    expect(problemReason('storage: QuotaExceededError').code).toBe('storage');
    expect(problemReason('device storage: quota').code).toBe('storage');
    expect(problemReason('stocks.json record 3 (ADBL): expected a number, found "x"').code).toBe('invalid');
    expect(problemReason(undefined).code).toBe('other');
  });

  it('has a message for every code in Nepali and English, with Nepali digits in Nepali', () => {
    for (const lang of ['ne', 'en'] as const)
      for (const code of REASON_CODES) expect(MARKET_STRINGS[lang].reasons[code](503).length, `${lang} ${code}`).toBeGreaterThan(3);
    expect(MARKET_STRINGS.ne.reasons.http(503)).toContain('५०३');
    expect(MARKET_STRINGS.ne.reasons.unreachable(0)).not.toMatch(/[A-Za-z]/);
    expect(MARKET_STRINGS.ne.moreReasons(3)).toContain('३');
  });
});
