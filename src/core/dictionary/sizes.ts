// What each file below /api/v1 takes to download: sizes.json, written by the app's build once it
// has compressed every file (src/vite/precompress.ts, for each section that declares a `sizes`
// file: core/section-declaration.ts). The sizes the app tells the reader are these, the bytes that cross the
// network, never a file's own (UTF-8) size: the full-size dictionary's files are 48 MB as
// UTF-8 and 9.3 MB as brotli sends them. A build without it (the dev server) tells no download size.

export const SIZES = 'sizes.json';

/** Path below /api/v1 → [its size, brotli, gzip]; 0 where no compressed copy is kept (it is sent as it is). */
export interface SizesFile {
  files: Record<string, number[]>;
}

/** Bytes `path` takes to download: brotli where the host keeps it, then gzip, then the file; undefined when not listed. */
export function transferOf(sizes: SizesFile | undefined, path: string): number | undefined {
  const s = sizes?.files[path];
  if (!s || s[0] === undefined) return undefined;
  return s[1] || s[2] || s[0];
}

/** The sum of transferOf over `paths`; undefined when any is not listed. */
export function transferOfAll(sizes: SizesFile | undefined, paths: readonly string[]): number | undefined {
  let sum = 0;
  for (const p of paths) {
    const t = transferOf(sizes, p);
    if (t === undefined) return undefined;
    sum += t;
  }
  return sum;
}
