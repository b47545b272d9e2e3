// Why a market file could not be refreshed, as data: a code the screens translate
// (src/app/market/strings.ts `reasons`) and the values its sentence and its details need. The
// worker stores it beside the file (khoj-market `status.problem`), sends it with the file (the
// X-Khoj-Problem header, as JSON) and in its broadcasts; no part of it is a sentence for a reader.

import type { Problem } from '../problems.ts';

export const REASON_CODES = ['unreachable', 'http', 'cut-short', 'too-large', 'invalid', 'kept-aside', 'storage', 'other'] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface RefreshProblem {
  code: ReasonCode;
  /** 'http': the answer's status */
  status?: number;
  /** 'too-large': the limit, in bytes */
  limit?: number;
  /** what the browser, the storage or an older version said, as it said it ("Failed to fetch"): shown only under details */
  said?: string;
  /** 'invalid': the first problems the validators found (file, record, field) */
  problems?: Problem[];
  /** 'invalid': how many more there were */
  more?: number;
}

/** The problems kept with a refresh problem: enough to name what is wrong, small enough for a header. */
const KEEP = 3;
const SAID_MAX = 400;
const clip = (s: string) => (s.length > SAID_MAX ? `${s.slice(0, SAID_MAX - 1)}…` : s);

/** A refresh problem made by the worker: `said` cut to a length a header and a status row can carry. */
export function refreshProblem(code: ReasonCode, values: Omit<RefreshProblem, 'code'> = {}): RefreshProblem {
  const p: RefreshProblem = { code };
  if (values.status !== undefined) p.status = values.status;
  if (values.limit !== undefined) p.limit = values.limit;
  if (values.said) p.said = clip(values.said);
  if (values.problems?.length) {
    p.problems = values.problems.slice(0, KEEP).map((x) => ({ ...x, message: clip(x.message) }));
    const more = values.problems.length - p.problems.length + (values.more ?? 0);
    if (more > 0) p.more = more;
  }
  return p;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isProblem = (v: unknown): v is Problem => isObj(v) && typeof v.file === 'string' && typeof v.message === 'string';

/**
 * A refresh problem read back (from IndexedDB, a header, a message): the fields of the right type
 * kept, the rest dropped; undefined for anything that is not one. A string is what a version before
 * this one stored: see ./reasons.ts, which the database upgrade converts it with.
 */
export function readRefreshProblem(v: unknown): RefreshProblem | undefined {
  if (!isObj(v) || !(REASON_CODES as readonly unknown[]).includes(v.code)) return undefined;
  const p: RefreshProblem = { code: v.code as ReasonCode };
  if (Number.isInteger(v.status)) p.status = v.status as number;
  if (Number.isFinite(v.limit)) p.limit = v.limit as number;
  if (typeof v.said === 'string' && v.said) p.said = v.said;
  if (Array.isArray(v.problems) && v.problems.every(isProblem)) p.problems = v.problems;
  if (Number.isInteger(v.more) && (v.more as number) > 0) p.more = v.more as number;
  return p;
}

/** Whether two refresh problems say the same (a held file's status unchanged). */
export const sameProblem = (a: RefreshProblem | undefined, b: RefreshProblem | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);
