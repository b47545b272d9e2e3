// The validators a background refresh calls before it replaces a stored file: parse, then the
// shape check of that file's adapter (the same code the build reads real snapshots with).
// A file that fails is never stored; the good copy stays.

import type { Problem } from '../problems.ts';
import { ADAPTERS, type FileAdapter } from './adapters/index.ts';
import type { At } from './codec.ts';
import { type FileKind, kindOfPath } from './endpoints.ts';
import { factsOf, implausible, newerDay } from './plausible.ts';
import { readSnapshot, type SnapshotResult } from './read.ts';
import type { Layout, MarketStatus } from './types/index.ts';

export interface Validation {
  ok: boolean;
  kind?: FileKind;
  layout?: Layout;
  /** the file read into the model (when ok) */
  value?: unknown;
  problems: Problem[];
}

/** Parses JSON text, saying where it breaks and whether it looks cut short. */
export function parseJsonText(text: string, file: string): { value?: unknown; problem?: Problem } {
  if (text.trim() === '') return { problem: { file, message: 'empty file' } };
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    // Engines name no position for a bad first character; the end of the input means cut short.
    const ended = /end of (JSON )?input|Unterminated/i.test(message);
    const pos = at ? Number(at[1]) : ended ? text.length : 0;
    const truncated = ended || pos >= text.trimEnd().length - 1;
    const before = text.slice(0, pos);
    const where = truncated
      ? `at the end (${text.length} characters): truncated?`
      : `at line ${before.split('\n').length}, column ${pos - before.lastIndexOf('\n')}`;
    return { problem: { file, message: `not valid JSON ${where}: ${message.replace(/ in JSON at position \d+.*$/s, '')}` } };
  }
}

/**
 * Checks one market file as fetched: `path` below data/ (or from the site root), in the layout
 * given or either. ok only when the text parses and has the file's shape.
 */
export function validateMarketFile(path: string, text: string, layout?: Layout): Validation {
  const where = kindOfPath(path, layout);
  if (!where) return { ok: false, problems: [{ file: path, message: 'not a market data file of either layout' }] };
  const parsed = parseJsonText(text, path);
  if (parsed.problem) return { ok: false, kind: where.kind, layout: where.layout, problems: [parsed.problem] };
  const at: At = { file: path, path: '', problems: [] };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const value = (ADAPTERS[where.kind] as FileAdapter<any>).read(parsed.value, at);
  if (value !== undefined && where.kind === 'ltpMonth' && (value as { month: string }).month !== where.month) {
    at.problems.push({ file: path, path: 'month', message: `says "${(value as { month: string }).month}", the path ${where.month}` });
  }
  if (value === undefined || at.problems.length)
    return { ok: false, kind: where.kind, layout: where.layout, problems: at.problems.length ? at.problems : [{ file: path, message: 'invalid' }] };
  return { ok: true, kind: where.kind, layout: where.layout, value, problems: [] };
}

/** Checks a whole fetched snapshot (path below data/ → text) before any of it replaces the stored one. */
export function validateSnapshot(layout: Layout, texts: ReadonlyMap<string, string>): SnapshotResult {
  const files = new Map<string, unknown>();
  const unreadable = new Map<string, Problem>();
  for (const [path, text] of texts) {
    const p = parseJsonText(text, path);
    if (p.problem) unreadable.set(path, p.problem);
    else files.set(path, p.value);
  }
  return readSnapshot({ layout, files, unreadable, label: 'refresh' });
}

/**
 * Why a fetched file that passed `validateMarketFile` (its model `value`) may not replace the
 * copy stored from the same upstream (`storedText`, stored at `storedAt` ms): it goes back in
 * time, or empties a list, with no newer status (`status`, the newest stored) to say the day
 * changed. Undefined when it may; a stored copy that no longer reads never holds a refresh back.
 */
export function keptAside(kind: FileKind, path: string, value: unknown, storedText: string, storedAt: number, status: MarketStatus | null): string | undefined {
  let old: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    old = (ADAPTERS[kind] as FileAdapter<any>).read(JSON.parse(storedText), { file: path, path: '', problems: [] });
  } catch {
    return undefined;
  }
  if (old === undefined) return undefined;
  return implausible(kind, factsOf(kind, value), factsOf(kind, old), newerDay(status, storedAt));
}
