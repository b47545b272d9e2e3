// Why a market file could not be refreshed, as a code the screens translate (src/app/market/strings.ts
// `reasons`), read from the problem text the worker stores beside the file (src/sw/market/refresh.ts
// writes it in English, for logs and the settings table). The raw text stays as the detail.

export const REASON_CODES = ['unreachable', 'http', 'cut-short', 'too-large', 'invalid', 'kept-aside', 'storage', 'other'] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface Reason {
  code: ReasonCode;
  /** the HTTP status, for 'http' */
  status?: number;
  /** the stored text, as it was */
  detail: string;
}

// The prefixes src/sw/market/refresher.ts and core/errors.ts (code 'too-large') write; anything else is
// a validation problem list (file, record, field) or, when empty, unknown.
const PREFIXES: Array<[RegExp, ReasonCode]> = [
  [/^upstream unreachable\b/i, 'unreachable'],
  [/^HTTP \d{3}\b/, 'http'],
  [/^the answer was cut short\b/i, 'cut-short'],
  [/^the answer is more than the limit\b/i, 'too-large'],
  [/^kept aside as stale\b/i, 'kept-aside'],
  [/^(device )?storage\b/i, 'storage'],
];

export function problemReason(problem: string | undefined | null): Reason {
  const detail = (problem ?? '').trim();
  for (const [re, code] of PREFIXES) {
    if (!re.test(detail)) continue;
    if (code === 'http') return { code, status: Number(/^HTTP (\d{3})/.exec(detail)![1]), detail };
    return { code, detail };
  }
  return { code: detail ? 'invalid' : 'other', detail };
}
