// Reads inputs from a file, a folder or a URL, gunzipping where the bytes say so.
// The only module of data-build that touches input I/O.

import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { isUtf8 } from 'node:buffer';
import { DataError } from '../src/core/problems.ts';
import { download, type DownloadOptions } from './fetch/download.ts';
import { chargeInflated, chargeSourceBytes, checkJson, inflateAllowance, limits, mb, sourceBytesLeft } from './limits.ts';

export interface Location {
  kind: 'file' | 'dir' | 'url';
  /** a file system path or an absolute URL */
  href: string;
  /** for a path found inside a source folder: that folder, which a symbolic link may not lead out of */
  within?: string;
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
  return { kind: 'file', href: join(base.href, ...rel.split('/')), within: base.within ?? base.href };
}

/**
 * The bytes at a location, gunzipped when they start with the gzip magic number, within the
 * limits (limits.ts); with `countsToSource`, counted in the source's limit as they are read.
 */
export async function readBytes(loc: Location, opts?: DownloadOptions): Promise<Uint8Array> {
  const max = opts?.maxBytes ?? limits().fileBytes;
  const counted = opts?.countsToSource === true;
  const bytes = loc.kind === 'url' ? (await download(loc.href, opts)).bytes : await readLocal(loc.href, loc.within, max, counted);
  if (bytes.byteLength > max) return fail(loc.href, tooLarge(bytes.byteLength, max));
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    // Inflating stops at the limit, so a small bomb costs at most the limit, never its full size.
    const allowed = inflateAllowance();
    if (allowed.bytes < 1) return fail(loc.href, overTotal());
    // The gzipped bytes are counted already: the source may take what it has left on top of them.
    const sourceMax = counted ? sourceBytesLeft() + bytes.byteLength : Infinity;
    try {
      const out = gunzipSync(bytes, { maxOutputLength: Math.min(allowed.bytes, sourceMax + 1) });
      chargeInflated(out.byteLength);
      if (counted) chargeSourceBytes(out.byteLength - bytes.byteLength, loc.href);
      return out;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        if (sourceMax < allowed.bytes) chargeSourceBytes(Infinity, loc.href);
        return fail(
          loc.href,
          allowed.which === 'file' ? `gzip data inflates to more than ${mb(max)}, the limit for one file (raise it with --max-file-mb)` : overTotal(),
        );
      }
      return fail(loc.href, `gzip data is corrupt or truncated (${(e as Error).message})`);
    }
  }
  return bytes;
}

const tooLarge = (size: number | string, max: number) =>
  `${typeof size === 'number' ? mb(size) : size}, over the limit of ${mb(max)} for one file (raise it with --max-file-mb)`;
const overTotal = () => `gzip data inflates past the limit of ${mb(limits().inflatedBytes)} for all the input of one run (raise it with --max-inflated-mb)`;

/** The text at a location: an input of the source being read, counted in its limit. */
export async function readText(loc: Location, opts?: DownloadOptions): Promise<string> {
  const bytes = await readBytes(loc, { ...opts, countsToSource: true });
  if (!isUtf8(bytes)) return fail(loc.href, 'not valid UTF-8 text');
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A local file, read in pieces and never past the file limit (a device or a growing file has no
 * honest size). A path inside a source folder must stay inside it once links are resolved.
 */
async function readLocal(path: string, within: string | undefined, max: number, counted: boolean): Promise<Uint8Array> {
  try {
    if (within !== undefined) await mustStayInside(path, within);
    // Opened without waiting: a named pipe no one writes to would hold the open for ever.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (info.isDirectory()) return fail(path, 'is a folder, expected a file');
      if (!info.isFile()) return fail(path, 'is not a regular file (a device, pipe or socket)');
      if (info.size > max) return fail(path, tooLarge(info.size, max));
      if (counted && info.size > sourceBytesLeft()) chargeSourceBytes(info.size, path);
      const parts: Buffer[] = [];
      let total = 0;
      for (;;) {
        const { bytesRead, buffer } = await handle.read({ buffer: Buffer.allocUnsafe(Math.min(1 << 20, max + 1 - total)) });
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > max) return fail(path, tooLarge(`more than ${mb(max)}`, max));
        if (counted) chargeSourceBytes(bytesRead, path);
        parts.push(buffer.subarray(0, bytesRead));
      }
      return parts.length === 1 ? parts[0]! : Buffer.concat(parts, total);
    } finally {
      await handle.close();
    }
  } catch (e) {
    if (e instanceof DataError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    return fail(path, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, expected a file' : `cannot read: ${(e as Error).message}`);
  }
}

/**
 * A small local file, read whole and at once (a sources profile, read with the command line):
 * refused by name when it is a folder, a device, a pipe or a socket, or over `max` bytes (as
 * it says and as read: a growing file cannot run past it). `what` names what it should be, in
 * errors; a file that cannot be opened throws the system's error (its code says why).
 */
export function readSmallFile(path: string, max: number, label: string, what: string): string {
  // Opened without waiting: a named pipe no one writes to would hold the open for ever.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) return fail(label, `is a folder; ${what} is a JSON file`);
    if (!info.isFile()) return fail(label, `is not a regular file (a device, pipe or socket); ${what} is a JSON file`);
    const over = (size: string) => fail(label, `${size}, over the limit of ${mb(max)} for ${what}`);
    if (info.size > max) return over(mb(info.size));
    const buffer = Buffer.allocUnsafe(max + 1);
    let total = 0;
    for (let n; (n = readSync(fd, buffer, total, max + 1 - total, null)) > 0;) {
      total += n;
      if (total > max) return over(`more than ${mb(max)}`);
    }
    const bytes = buffer.subarray(0, total);
    if (!isUtf8(bytes)) return fail(label, 'not valid UTF-8 text');
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

const realRoots = new Map<string, Promise<string>>();

/** Refuses a path that a symbolic link takes out of `root` (a link inside it, to inside it, is fine). */
async function mustStayInside(path: string, root: string): Promise<void> {
  let rootReal = realRoots.get(root);
  if (!rootReal) realRoots.set(root, (rootReal = realpath(root)));
  const [real, base] = await Promise.all([realpath(path), rootReal]);
  if (real !== base && !real.startsWith(base.endsWith(sep) ? base : base + sep)) {
    fail(path, `a symbolic link out of the source folder ${root} (to ${real}): not followed`);
  }
}

/** Parses JSON, naming the line and column (and the entry being read) where it breaks. */
export function parseJson(text: string, file: string): unknown {
  checkJson(text, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    // A break at the very end means the file stops early, whatever the parser calls it.
    const atEnd = /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= text.trimEnd().length - 1);
    const pos = atEnd ? text.length : at ? Number(at[1]) : undefined;
    const before = pos === undefined ? '' : text.slice(0, pos);
    let line = 1; // counted, not split: a file of a million empty lines is no million strings
    for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
    const column = before.length - before.lastIndexOf('\n');
    const where = atEnd
      ? `at the end of the file (${text.length} characters): truncated?`
      : pos !== undefined
        ? `at line ${line}, column ${column}`
        : '(is it JSON at all? an HTML error page, say)';
    const why = message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
    return fail(file, `not valid JSON ${where}: ${why}${lastEntryHint(before)}`);
  }
  return data;
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
