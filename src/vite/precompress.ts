// Vite plugin: after everything else has written dist/ (the app, the data tree, the service
// worker), store a .br and a .gz beside every compressible file (core/http-policy.ts says which), so the
// Node server, nginx (gzip_static/brotli_static) and CDNs serve them without compressing per
// request. A compressed file no smaller than its original is not written. Then each section that
// declares a `sizes` file (core/section-declaration.ts) gets it: every file under its prefix with its size as
// sent (its own, brotli's, gzip's), the sizes the app tells the reader (core/dictionary/sizes.ts).

import { existsSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { SECTIONS } from '../core/sections.ts';
import { COMPRESSIBLE_EXTENSIONS } from '../core/http-policy.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = new Set<string>(COMPRESSIBLE_EXTENSIONS);
/**
 * Brotli's best quality (11) for small files (the app's own scripts, styles, pages: on the
 * critical path, built once); quality 6 above, where 11 costs ~25× the time for ~10 % less
 * (7.3 MB of sample dist/: 76 s at 11, 2.9 s at 6, 1.71 against 1.95 MB, on a busy machine).
 */
const BROTLI_BEST_UP_TO = 64 * 1024;

export interface Summary {
  files: number;
  bytes: number;
  br: number;
  gz: number;
  /** absolute path → [its size, brotli, gzip] (0: no compressed copy written) */
  sizes: Map<string, [number, number, number]>;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walk(path);
    else if (e.isFile()) yield path;
  }
}

async function writeAtomic(path: string, data: Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

async function compressOne(path: string, sum: Summary): Promise<void> {
  const data = await readFile(path);
  const quality = data.length <= BROTLI_BEST_UP_TO ? constants.BROTLI_MAX_QUALITY : 6;
  const [b, g] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(data, { level: 9 }),
  ]);
  sum.files++;
  sum.bytes += data.length;
  const size: [number, number, number] = [data.length, 0, 0];
  if (b.length < data.length) {
    await writeAtomic(`${path}.br`, b);
    sum.br += b.length;
    size[1] = b.length;
  }
  if (g.length < data.length) {
    await writeAtomic(`${path}.gz`, g);
    sum.gz += g.length;
    size[2] = g.length;
  }
  sum.sizes.set(path, size);
}

/** Precompresses every compressible file under `dir`, a few at a time. */
export async function precompressTree(dir: string, concurrency = 4): Promise<Summary> {
  const sum: Summary = { files: 0, bytes: 0, br: 0, gz: 0, sizes: new Map() };
  const files: string[] = [];
  for await (const f of walk(dir)) if (COMPRESSIBLE.has(extname(f))) files.push(f);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) await compressOne(files[next++]!, sum);
    }),
  );
  for (const section of SECTIONS) if (section.sizes) await writeSizes(dir, section.sizes, sum);
  return sum;
}

/**
 * The sizes file `rel` (below `dir`): every file in its folder and below, by path relative to that
 * folder, with [its size, brotli, gzip]; a file kept uncompressed (a pack: compressed already) has
 * its size alone. Compressed itself like the rest.
 */
async function writeSizes(dir: string, rel: string, sum: Summary): Promise<void> {
  const file = join(dir, rel);
  const root = dirname(file);
  if (!existsSync(root)) return;
  const files: Record<string, number[]> = {};
  const found: string[] = [];
  for await (const f of walk(root)) if (f !== file && !/\.(br|gz)$/.test(f)) found.push(f);
  for (const f of found.sort()) {
    const s = sum.sizes.get(f);
    files[relative(root, f).split(sep).join('/')] = s ? (s[1] || s[2] ? s : [s[0]]) : [(await stat(f)).size];
  }
  await writeAtomic(file, Buffer.from(JSON.stringify({ files })));
  await compressOne(file, sum);
}

export function precompress(): Plugin {
  let outDir = 'dist';
  let quiet = false;
  return {
    name: 'khoj-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      quiet = config.logLevel === 'warn' || config.logLevel === 'error' || config.logLevel === 'silent';
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const s = await precompressTree(outDir);
        const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
        if (!quiet) process.stdout.write(`precompressed ${s.files} files (${mb(s.bytes)}): brotli ${mb(s.br)}, gzip ${mb(s.gz)}\n`);
      },
    },
  };
}
