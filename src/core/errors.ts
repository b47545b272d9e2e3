// One error type for what the app and its tools report across their layers (page, service worker,
// workers, the data-build command line): a code from one list and a message table, as workbox's
// WorkboxError does, so the page can choose its words by code and a log says what happened. Input
// problems are DataError (core/problems.ts), a KhojError carrying its problem records; a
// programming assertion is core/assert.ts's, code 'bug'.

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
  /** with `storage`: which problem */
  storage: 'device storage failed',
  network: 'the network failed',
  /** with `status`; the detail is the answer's own error text */
  http: 'the answer is an HTTP error',
  /** with `limit` */
  'too-large': 'the answer is more than the limit',
  'not-pdf': 'the file is not a PDF',
  'pdf-password': 'the PDF is locked with a password',
  'not-epub': 'the file is not an EPUB',
  'not-audio': 'the file is not an audio file',
  /** with `limit`: more elements, nesting or entries than the limit (an EPUB's chapter, a data file's part) */
  'too-complex': 'the file holds more than the limit',
  damaged: 'the file is damaged',
  /** data files of two builds met while reading (a catalog shard of another build than its manifest) */
  'other-build': 'the files belong to another build',
  /** a condition the code itself guarantees did not hold (core/assert.ts): a bug here, never the input's fault */
  bug: 'a check of the code itself failed',
  /** a flag or argument a command-line tool cannot take (exit status 2) */
  usage: 'the command line is not what the tool takes',
  /** input data with problems (DataError, core/problems.ts: each names the file, the record and the problem) */
  'invalid-data': 'the data has problems',
  /** a dictionary pack (core/dictionary/pack) that is not what its index says */
  'bad-pack': 'the pack is not what its index says',
  /** a content pack from another phone, or one part of it, refused (core/packs: PackError, with its problem and part) */
  'refused-pack': 'the content pack is refused',
  /** a host the build will not fetch from (not a public address) */
  'not-public': 'the host is not a public address',
  /** a download that a retry would not change (not http(s), too many redirects, over the limit) */
  refused: 'the download is refused',
  cancelled: 'cancelled',
} as const;

/**
 * Codes whose detail is the whole message: a tool's line or a data problem names the file, the
 * record and the problem itself, and the table's words would only stand before it.
 */
const DETAIL_ALONE: ReadonlySet<string> = new Set(['usage', 'invalid-data', 'bad-pack', 'refused-pack', 'not-public', 'refused']);
export type ErrorCode = keyof typeof MESSAGES;
export const ERROR_CODES = Object.keys(MESSAGES) as ErrorCode[];
export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && Object.hasOwn(MESSAGES, v);

/** What an error carries besides its code and detail. */
export interface ErrorFields {
  /** for code "storage": which problem */
  storage?: StorageProblem;
  /** for code "http": the answer's status */
  status?: number;
  /** for code "too-large": the limit, in bytes */
  limit?: number;
  /** an answer's X-Khoj-* headers, for a failed fetch made on the page's behalf (the page notes them: app/client/storage.ts) */
  headers?: Record<string, string>;
}

/** What crosses a message boundary: structured clone keeps no class, so an error travels as this. */
export interface ErrorData extends ErrorFields {
  code: ErrorCode;
  message: string;
  detail?: string;
}

export class KhojError extends Error {
  override readonly name = 'KhojError';
  readonly storage?: StorageProblem;
  readonly status?: number;
  readonly limit?: number;
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    /** what exactly went wrong (a file, the answer's text, the cause's message) */
    readonly detail?: string,
    options: ErrorFields & { cause?: unknown } = {},
  ) {
    const message = detail && DETAIL_ALONE.has(code) ? detail : detail ? `${MESSAGES[code]}: ${detail}` : MESSAGES[code];
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.storage) this.storage = options.storage;
    if (options.status !== undefined) this.status = options.status;
    if (options.limit !== undefined) this.limit = options.limit;
    if (options.headers) this.headers = options.headers;
  }

  /** Whether `e` is a KhojError with this code (for code "http", and this status when given). */
  static is(e: unknown, code: ErrorCode, status?: number): e is KhojError {
    return e instanceof KhojError && e.code === code && (status === undefined || e.status === status);
  }

  toData(): ErrorData {
    const d: ErrorData = { code: this.code, message: this.message };
    if (this.detail !== undefined) d.detail = this.detail;
    if (this.storage) d.storage = this.storage;
    if (this.status !== undefined) d.status = this.status;
    if (this.limit !== undefined) d.limit = this.limit;
    if (this.headers) d.headers = this.headers;
    return d;
  }

  /** Any thrown value as one: a KhojError stays itself; anything else becomes `fallback` with its message. */
  static from(e: unknown, fallback: ErrorCode = 'failed'): KhojError {
    if (e instanceof KhojError) return e;
    return new KhojError(fallback, e instanceof Error ? e.message : String(e), { cause: e });
  }

  /** The error `toData` made, after a message boundary; fields of the wrong type are dropped. */
  static fromData(d: ErrorData): KhojError {
    const fields: ErrorFields = {};
    if (isStorageProblem(d.storage)) fields.storage = d.storage;
    if (Number.isInteger(d.status)) fields.status = d.status!;
    if (Number.isFinite(d.limit)) fields.limit = d.limit!;
    if (typeof d.headers === 'object' && d.headers !== null && Object.values(d.headers).every((v) => typeof v === 'string')) fields.headers = d.headers;
    const e = new KhojError(isErrorCode(d.code) ? d.code : 'failed', typeof d.detail === 'string' ? d.detail : undefined, fields);
    // the message as it was made, detail and all
    Object.defineProperty(e, 'message', { value: String(d.message) });
    return e;
  }
}

/** What went wrong without the code's general words: a KhojError's detail (else its message), any other error's message. */
export const detailOf = (e: unknown): string => (e instanceof KhojError ? (e.detail ?? e.message) : e instanceof Error ? e.message : String(e));
