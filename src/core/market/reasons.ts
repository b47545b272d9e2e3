// The one-time converter of a refresh problem stored as English text by a version before
// refresh-problem.ts: khoj-market's upgrade to version 3 (src/databases/market/db.ts) reads each
// old text once through `oldReason` and stores the data instead. These regular expressions are
// for that alone: nothing written today is read back by them.

import { type ReasonCode, refreshProblem, type RefreshProblem } from './refresh-problem.ts';

// The prefixes the refresher and core/errors.ts (code 'too-large') wrote; anything else was a
// validation problem list (file, record, field) or, when empty, unknown.
const PREFIXES: Array<[RegExp, ReasonCode]> = [
  [/^upstream unreachable\b/i, 'unreachable'],
  [/^HTTP \d{3}\b/, 'http'],
  [/^the answer was cut short\b/i, 'cut-short'],
  [/^the answer is more than the limit\b/i, 'too-large'],
  [/^kept aside as stale\b/i, 'kept-aside'],
  [/^(device )?storage\b/i, 'storage'],
];

/** An older version's stored text as a refresh problem; what it said beyond its reason kept as `said`. */
export function oldReason(text: string): RefreshProblem {
  const detail = text.trim();
  for (const [re, code] of PREFIXES) {
    const m = re.exec(detail);
    if (!m) continue;
    const said = detail.slice(m[0].length).replace(/^[\s:;,-]+/, '');
    if (code === 'http') return refreshProblem(code, { status: Number(/^HTTP (\d{3})/.exec(detail)![1]), said });
    if (code === 'too-large') {
      const limit = /([\d,]+) bytes/.exec(said);
      return refreshProblem(code, { ...(limit ? { limit: Number(limit[1]!.replace(/,/g, '')) } : {}), said });
    }
    return refreshProblem(code, { said });
  }
  return detail ? refreshProblem('invalid', { said: detail }) : refreshProblem('other');
}
