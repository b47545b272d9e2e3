// Reads inputs from a file, a folder or a URL, gunzipping where the bytes say so.
// The only module of data-build that touches input I/O.

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isUtf8 } from 'node:buffer';
import { DataError } from '../src/core/problems.ts';
import { download, type DownloadOptions } from './fetch/download.ts';

export interface Location {
  kind: 'file' | 'dir' | 'url';
  /** a file system path or an absolute URL */
  href: string;
}

export const isUrl = (spec: string): boolean => /^https?:\/\//i.test(spec);

const fail = (file: string, message: string): never => {
  throw new DataError([{ file, message }]);
};

/** What `spec` names: a URL, or an existing file or folder. */
export async function locate(spec: string): Promise<Location> {
  if (isUrl(spec)) return { kind: 'url', href: spec };
  try {
    const s = await stat(spec);
    return { kind: s.isDirectory() ? 'dir' : 'file', href: spec };
  } catch (e) {
    return fail(spec, (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : `cannot read: ${(e as Error).message}`);
  }
}

/** A path below a folder or base URL; `rel` uses `/` and may hold any Unicode. */
export function child(base: Location, rel: string): Location {
  if (base.kind === 'url') {
    const href = new URL(rel.split('/').map(encodeURIComponent).join('/'), base.href.endsWith('/') ? base.href : `${base.href}/`).href;
    return { kind: 'url', href };
  }
  return { kind: 'file', href: join(base.href, ...rel.split('/')) };
}

/** The bytes at a location, gunzipped when they start with the gzip magic number. */
export async function readBytes(loc: Location, opts?: DownloadOptions): Promise<Uint8Array> {
  const bytes = loc.kind === 'url' ? (await download(loc.href, opts)).bytes : await readLocal(loc.href);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes);
    } catch (e) {
      return fail(loc.href, `gzip data is corrupt or truncated (${(e as Error).message})`);
    }
  }
  return bytes;
}

export async function readText(loc: Location): Promise<string> {
  const bytes = await readBytes(loc);
  if (!isUtf8(bytes)) return fail(loc.href, 'not valid UTF-8 text');
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function readLocal(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return fail(path, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, expected a file' : `cannot read: ${(e as Error).message}`);
  }
}

/** Parses JSON, naming the line and column (and the entry being read) where it breaks. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    // A break at the very end means the file stops early, whatever the parser calls it.
    const atEnd = /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= text.trimEnd().length - 1);
    const pos = atEnd ? text.length : at ? Number(at[1]) : undefined;
    const before = pos === undefined ? '' : text.slice(0, pos);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    const where = atEnd ? `at the end of the file (${text.length} characters): truncated?` : pos !== undefined ? `at line ${line}, column ${column}` : '(is it JSON at all? an HTML error page, say)';
    const why = message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
    return fail(file, `not valid JSON ${where}: ${why}${lastEntryHint(before)}`);
  }
}

/** For a dump, names the last entry that began before the break. */
function lastEntryHint(before: string): string {
  const key = '"word"';
  let count = 0;
  let last = -1;
  for (let i = before.indexOf(key); i !== -1; i = before.indexOf(key, i + 1)) {
    count++;
    last = i;
  }
  if (last < 0) return '';
  const word = /^"word"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(before.slice(last))?.[1];
  return `; the last entry begun is entry ${count - 1}${word !== undefined ? ` "${word}"` : ''}`;
}
