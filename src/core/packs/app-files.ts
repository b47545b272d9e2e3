// The app's own files a content pack may carry (pdf.js, which is not precached: core/books/
// books-declaration.ts assetsOnDemand) and the one check that lets such a part in. A pack's
// "app-file" part is code this phone will run, so its own manifest is never trusted for it: the
// part is taken only when its path is one of THIS build's on-demand files and its SHA-256 is the
// digest this build recorded for that file when it was built (src/vite/app-files.ts writes the
// list; the pack reader has already checked that the bytes give the part's SHA-256).

import type { PackPart } from './manifest.ts';

/** The built list's name, beside index.html (precached: an offline phone must read it). */
export const APP_FILES_NAME = 'app-files.json';

export interface AppFile {
  /** relative to the app's base: `assets/<name>` */
  path: string;
  /** lower-case hex of the file as built */
  sha256: string;
  bytes: number;
}

/** An on-demand file's path as the build writes it: one name in assets/, no `..`, no escapes. */
const PATH = /^assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const HEX = /^[0-9a-f]{64}$/;
/** pdf.js's worker script is about 1 MB: nothing of ours is near this. */
export const MAX_APP_FILE_BYTES = 16 * 1024 * 1024;

/** The built list's text checked (a list not of this shape is none: nothing is taken). */
export function parseAppFiles(text: string): AppFile[] {
  const v: unknown = JSON.parse(text);
  const files = (v as { files?: unknown })?.files;
  if (!Array.isArray(files)) throw new TypeError(`${APP_FILES_NAME}: "files" is not a list`);
  return files.map((f: unknown, i): AppFile => {
    const { path, sha256, bytes } = (f ?? {}) as Record<string, unknown>;
    if (typeof path !== 'string' || !PATH.test(path) || path.includes('..'))
      throw new TypeError(`${APP_FILES_NAME}: file ${i + 1}'s path is not assets/<name>`);
    if (typeof sha256 !== 'string' || !HEX.test(sha256)) throw new TypeError(`${APP_FILES_NAME}: ${path}: "sha256" is not 64 hex digits`);
    if (!Number.isSafeInteger(bytes) || (bytes as number) <= 0 || (bytes as number) > MAX_APP_FILE_BYTES)
      throw new TypeError(`${APP_FILES_NAME}: ${path}: "bytes" is not a size up to ${MAX_APP_FILE_BYTES}`);
    return { path, sha256, bytes: bytes as number };
  });
}

/**
 * The build's file a pack's app-file part is, or why it is not one of this app's files: its
 * `meta.path` must be one of the build's paths exactly (no normalising: `./`, `..`, `%2e`, another
 * case or another build's hash are all simply not on the list), and its size and SHA-256 those
 * the build recorded. Decided from the manifest alone, before a byte of the part is read.
 */
export function appFileFor(part: PackPart, built: readonly AppFile[]): AppFile | string {
  const path = part.meta?.path;
  if (typeof path !== 'string') return 'it names no path';
  const file = built.find((f) => f.path === path);
  const shown = JSON.stringify(path.slice(0, 120));
  if (!file) return `${shown} is not one of this build's files`;
  if (part.size !== file.bytes) return `${shown} is ${part.size} bytes, this build's is ${file.bytes}`;
  if (part.sha256 !== file.sha256) return `${shown} is not this build's file (its SHA-256 differs)`;
  return file;
}
