// One error type for what the app reports across its layers (page, service worker, workers): a
// code from one list and a message table, as workbox's WorkboxError does, so the page can choose
// its words by code and a log says what happened. Input-file problems keep DataError
// (core/problems.ts): it carries the file, the record and the problem.

/** Device storage problems: one vocabulary for the page, the worker and their messages. */
export const STORAGE_PROBLEMS = ['quota', 'unavailable', 'blocked', 'corrupt', 'other'] as const;
export type StorageProblem = (typeof STORAGE_PROBLEMS)[number];
export const isStorageProblem = (v: unknown): v is StorageProblem => (STORAGE_PROBLEMS as readonly unknown[]).includes(v);

const MESSAGES = {
  'no-worker': 'no worker is there to answer',
  timeout: 'the worker did not answer in time',
  'unknown-call': 'the worker has no such call',
  'bad-ask': 'the call’s arguments are not what it takes',
  failed: 'the worker’s call failed',
  storage: 'device storage failed',
  network: 'the network failed',
  'too-large': 'the answer is over the size limit',
  'not-pdf': 'the file is not a PDF',
  damaged: 'the file is damaged',
} as const;
export type ErrorCode = keyof typeof MESSAGES;
export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[];
export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && v in MESSAGES;

/** What crosses a message boundary: structured clone keeps no class, so an error travels as this. */
export interface ErrorData {
  code: ErrorCode;
  message: string;
  /** for code "storage": which problem */
  storage?: StorageProblem;
}

export class KhojError extends Error {
  override readonly name = 'KhojError';
  readonly storage?: StorageProblem;
  constructor(
    readonly code: ErrorCode,
    /** what exactly went wrong (a file, a status, the cause's message) */
    readonly detail?: string,
    options?: { cause?: unknown; storage?: StorageProblem },
  ) {
    super(detail ? `${MESSAGES[code]}: ${detail}` : MESSAGES[code], options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.storage) this.storage = options.storage;
  }

  toData(): ErrorData {
    return { code: this.code, message: this.message, ...(this.storage ? { storage: this.storage } : {}) };
  }

  /** Any thrown value as one: a KhojError stays itself; anything else becomes `fallback` with its message. */
  static from(e: unknown, fallback: ErrorCode = 'failed'): KhojError {
    if (e instanceof KhojError) return e;
    return new KhojError(fallback, e instanceof Error ? e.message : String(e), { cause: e });
  }

  static fromData(d: ErrorData): KhojError {
    const e = new KhojError(isErrorCode(d.code) ? d.code : 'failed', undefined, isStorageProblem(d.storage) ? { storage: d.storage } : undefined);
    // the message as it was made, detail and all
    Object.defineProperty(e, 'message', { value: String(d.message) });
    return e;
  }
}
