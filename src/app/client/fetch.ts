// The one way the page reads a section's files: relative to the page (so sub-paths work),
// through the worker, noting what its X-Khoj-* headers say about device storage, and failing
// with one error type that keeps the status and the server's or worker's JSON error text.

import { encodeSegment } from '../../core/text.ts';
import type { SectionId } from '../../core/sections.ts';
import { noteAnswer } from './storage.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** the path asked for, relative to the page */
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** A path below the base with each part percent-encoded (`words-by-letter/क.json`). */
/** Each segment encoded; text the build let through with a lone surrogate cannot throw (core/text.ts). */
export const encodePath = (path: string) => path.split('/').map(encodeSegment).join('/');

/**
 * Fetches `url` (relative to the page) for `section`. A non-2xx answer throws HttpError with the
 * `error` of its JSON body; a 2xx answer is returned unread.
 */
export async function fetchAnswer(section: SectionId, url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, signal ? { signal } : {});
  noteAnswer(section, res.headers);
  if (!res.ok) throw await httpError(res, url);
  return res;
}

/** The error an answer stands for, with the `error` of its JSON body when it has one. */
export async function httpError(res: Response, url: string): Promise<HttpError> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return new HttpError(res.status, url, typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`);
}
