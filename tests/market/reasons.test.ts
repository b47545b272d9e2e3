// The market's "why?" note: a refresh problem is data (a code and its values) that the screens say
// in the reader's language; an older version's stored English is converted once (core/market/reasons.ts).

import { describe, expect, it } from 'vitest';
import { oldReason } from '../../src/core/market/reasons.ts';
import { readRefreshProblem, REASON_CODES, refreshProblem } from '../../src/core/market/refresh-problem.ts';
import { tooLarge } from '../../src/core/bounded-body.ts';
import { MARKET_STRINGS } from '../../src/app/market/strings.ts';
import { oldStatusRow } from '../../src/databases/market/db.ts';

describe('market refresh reasons', () => {
  it('converts the texts an older version stored into data', () => {
    expect(oldReason('upstream unreachable: Failed to fetch')).toEqual({ code: 'unreachable', said: 'Failed to fetch' });
    expect(oldReason('HTTP 503 Service Unavailable')).toEqual({ code: 'http', status: 503, said: 'Service Unavailable' });
    expect(oldReason('the answer was cut short: network error')).toEqual({ code: 'cut-short', said: 'network error' });
    expect(oldReason(tooLarge(64e6).message)).toMatchObject({ code: 'too-large', limit: 64e6 });
    expect(oldReason('the answer is more than the limit of 67,108,864 bytes; stopped reading')).toMatchObject({ code: 'too-large', limit: 67108864 });
    expect(oldReason('kept aside as stale: older than the stored copy')).toEqual({ code: 'kept-aside', said: 'older than the stored copy' });
    expect(oldReason('storage: QuotaExceededError').code).toBe('storage');
    expect(oldReason('device storage: quota').code).toBe('storage');
    expect(oldReason('stocks.json record 3 (ADBL): expected a number, found "x"')).toEqual({
      code: 'invalid',
      said: 'stocks.json record 3 (ADBL): expected a number, found "x"',
    });
    expect(oldReason('').code).toBe('other');
  });

  it('converts a stored status row of an older version, and leaves a new one as it is', () => {
    const old = { path: 'nepse_data.json', stale: true, problem: 'HTTP 500 Internal Server Error', checkedAt: 5 };
    expect(oldStatusRow(old)).toEqual({ ...old, problem: { code: 'http', status: 500, said: 'Internal Server Error' } });
    const now = { path: 'nepse_data.json', stale: true, problem: refreshProblem('unreachable', { said: 'Failed to fetch' }) };
    expect(oldStatusRow(now)).toBe(now);
    expect(oldStatusRow({ path: 'x.json', stale: false })).toEqual({ path: 'x.json', stale: false });
  });

  it('keeps the validation problems as records, three of them and a count', () => {
    const problems = [0, 1, 2, 3, 4].map((i) => ({ file: 'nepse_data.json', record: { index: i }, path: 'ltp', message: 'expected a number' }));
    const p = refreshProblem('invalid', { problems });
    expect(p.problems).toHaveLength(3);
    expect(p.more).toBe(2);
    expect(readRefreshProblem(structuredClone(p))).toEqual(p);
    expect(readRefreshProblem('HTTP 500')).toBeUndefined();
    expect(readRefreshProblem({ code: 'nonsense' })).toBeUndefined();
  });

  it('has a message for every code in Nepali and English, with Nepali digits in Nepali', () => {
    for (const lang of ['ne', 'en'] as const)
      for (const code of REASON_CODES) expect(MARKET_STRINGS[lang].reasons[code](503).length, `${lang} ${code}`).toBeGreaterThan(3);
    expect(MARKET_STRINGS.ne.reasons.http(503)).toContain('५०३');
    expect(MARKET_STRINGS.ne.reasons.unreachable(0)).not.toMatch(/[A-Za-z]/);
    expect(MARKET_STRINGS.ne.moreReasons(3)).toContain('३');
  });
});
