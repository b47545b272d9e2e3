// The one way the page reads a section's files: relative to the page (so sub-paths work),
// through the worker, noting what its X-Khoj-* headers say about device storage, and failing
// with a KhojError "http" that keeps the status and the server's or worker's JSON error text.

import { KhojError } from '../../core/errors.ts';
import { encodeSegment } from '../../core/text.ts';
import type { SectionId } from '../../core/sections.ts';
import { noteAnswer } from './storage.ts';

/** A path below the base with each part percent-encoded (`words-by-letter/क.json`). */
/** Each segment encoded; text the build let through with a lone surrogate cannot throw (core/text.ts). */
export const encodePath = (path: string) => path.split('/').map(encodeSegment).join('/');

/**
 * Fetches `url` (relative to the page) for `section`. A non-2xx answer throws KhojError "http" with
 * the `error` of its JSON body as its detail; a 2xx answer is returned unread.
 */
export async function fetchAnswer(section: SectionId, url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, signal ? { signal } : {});
  noteAnswer(section, res.headers);
  if (!res.ok) throw await httpError(res);
  return res;
}

/** The error an answer stands for, with the `error` of its JSON body when it has one. */
export async function httpError(res: Response): Promise<KhojError> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return answerError(res.status, typeof body?.error === 'string' ? body.error : undefined);
}

/** An answer's error: its status, and its own text (or "HTTP <status>") as the detail a screen shows. */
export const answerError = (status: number, text?: string): KhojError => new KhojError('http', text ?? `HTTP ${status}`, { status });

/**
 * What a screen shows for an error it has no words of its own for: an answer's own text (the
 * server's or worker's JSON error), any other error's message.
 */
export const errorMessage = (e: Error): string => (KhojError.is(e, 'http') ? e.detail! : e.message);
