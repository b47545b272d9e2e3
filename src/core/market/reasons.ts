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
  /** what the text says beyond its reason ("Failed to fetch", a validation problem), for details; empty when nothing */
  said: string;
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
    const m = re.exec(detail);
    if (!m) continue;
    const said = detail.slice(m[0].length).replace(/^[\s:;,-]+/, '');
    if (code === 'http') return { code, status: Number(/^HTTP (\d{3})/.exec(detail)![1]), detail, said };
    return { code, detail, said };
  }
  return { code: detail ? 'invalid' : 'other', detail, said: detail };
}
