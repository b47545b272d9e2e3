// A cover for every book, as /covers/<file>:
//   1. the upstream's own cover file (`/covers/x.jpg`) when it is beside the source files
//      (it is the first page of the PDF, made by the upstream's generator);
//   2. else the first page of the book's PDF (local file, or URL when PDFs may be fetched),
//      rendered by poppler's pdftoppm to a JPEG 400 px on its long side, when pdftoppm exists;
//   3. else a generated SVG (title, grade, subject, source colour; deterministic), carrying its
//      own cut of our Devanagari font (cover-font.ts), so an <img> draws it on any phone.
// Any failure in 1–2 falls back to the next step and is counted; it never fails the build.
// A PDF named by a record is untrusted: a local path must stay inside the source folder (no
// `..`, no symlink out, no file: URL elsewhere), a URL must reach a public host (unless
// --allow-private-hosts), and every PDF is capped in size (--max-pdf-bytes) and time
// (--timeout to download, RENDER_TIMEOUT_MS to render). A rendered cover is kept in the
// download cache under the PDF's URL and validator, so a rebuild renders no PDF twice.

import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { coverSvg } from '../../src/core/books/cover-svg.ts';
import { embedCoverFont } from './cover-font.ts';
import { shrinkCover } from './small-cover.ts';
import { firstPdf } from '../../src/core/books/files.ts';
import type { NormalisedRecord } from '../../src/core/books/normalise.ts';
import { fileStem } from '../../src/core/books/paths.ts';
import { DataError } from '../../src/core/problems.ts';
import { derivedRead, derivedWrite } from '../fetch/cache.ts';
import { download } from '../fetch/download.ts';
import { netOptions } from '../fetch/options.ts';
import { isUrl, type Location, readBytes } from '../source.ts';
import { besideFile } from './read-sources.ts';
import { KhojError } from '../../src/core/errors.ts';

/** auto: PDFs and upstream covers from files and URLs; local: files only; none: no PDFs (upstream cover files still used). */
export type PdfMode = 'auto' | 'local' | 'none';

export interface CoverOptions {
  pdfs: PdfMode;
  /** path of pdftoppm, or null when it is not available */
  pdftoppm: string | null;
  concurrency?: number;
}

export interface CoverResult {
  /** covers/<file> → bytes, and covers/small/<file> (small-cover.ts) for each */
  files: Map<string, Uint8Array>;
  /** book id → /covers/<file> */
  urls: Map<string, string>;
  counts: { reused: number; rendered: number; generated: number };
  /** of the rendered covers, those taken from the cover cache (no PDF rendered) */
  renderCacheHits: number;
  /** why some PDFs or upstream covers could not be used (a few examples) */
  failures: string[];
  failureCount: number;
  /** covers kept without a smaller copy, each named by book and file (all of them: printed as warnings) */
  notShrunk: string[];
}

const RENDER_TIMEOUT_MS = 60_000;
const COVER_LONG_SIDE = 400;

/** pdftoppm's path if it runs (KHOJ_PDFTOPPM overrides; "none" disables), else null. */
export function findPdftoppm(env: NodeJS.ProcessEnv = process.env): string | null {
  const wanted = env.KHOJ_PDFTOPPM;
  if (wanted === 'none') return null;
  const cmd = wanted || 'pdftoppm';
  const r = spawnSync(cmd, ['-v'], { encoding: 'utf8', timeout: 10_000 });
  return r.error === undefined && /pdftoppm/i.test(`${r.stdout}${r.stderr}`) ? cmd : null;
}

export function pdfModeFrom(env: NodeJS.ProcessEnv = process.env): PdfMode {
  const v = env.KHOJ_BOOKS_PDFS;
  return v === 'local' || v === 'none' ? v : 'auto';
}

type ImageKind = 'jpg' | 'png' | 'webp';
function imageKind(b: Uint8Array): ImageKind | undefined {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length > 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') return 'webp';
  return undefined;
}

const isPdf = (b: Uint8Array): boolean => b.length > 5 && String.fromCharCode(...b.subarray(0, 5)) === '%PDF-';

/** What every record's cover is made with: the options, the network's, a scratch folder, the result so far. */
interface CoverRun {
  opts: CoverOptions;
  net: ReturnType<typeof netOptions>;
  work: string;
  result: CoverResult;
  fail: (why: string) => void;
  /** a file may be read under --pdfs (KHOJ_BOOKS_PDFS) */
  allowed: (loc: Location) => boolean;
}

/** 1. The upstream's own cover, beside the source files: its image, if it is one. */
async function upstreamCover(run: CoverRun, rec: NormalisedRecord): Promise<{ kind: ImageKind; bytes: Uint8Array } | undefined> {
  const { book } = rec;
  if (!rec.upstreamCover || !/^[\w.-]+\.(jpe?g|png|webp)$/i.test(rec.upstreamCover)) return undefined;
  const loc = besideFile(rec.file, `covers/${rec.upstreamCover}`);
  if (!run.allowed(loc)) return undefined;
  try {
    if (loc.kind !== 'url') await insideFolder(loc.href, dirname(rec.file));
    const bytes = await readBytes(loc, { maxBytes: run.net.maxPdfBytes });
    const kind = imageKind(bytes);
    if (kind) return { kind, bytes };
    run.fail(`${loc.href}: not a JPEG, PNG or WebP image`);
  } catch (e) {
    // A missing upstream cover file is normal (they are not always copied): not a failure.
    if (!(e instanceof DataError && /no such file|HTTP 404/.test(e.message))) run.fail(`${book.id}: ${e instanceof DataError ? e.message : String(e)}`);
  }
  return undefined;
}

/** 2. The first page of the first PDF among the record's files (files.ts: downloadUrl, pdfUrl, chapters…), as a JPEG. */
async function renderedCover(run: CoverRun, rec: NormalisedRecord, n: number): Promise<Uint8Array | undefined> {
  const { book } = rec;
  const { opts, net } = run;
  const pdfUrl = book.files ? firstPdf(book.files) : book.pdfUrl;
  if (!opts.pdftoppm || opts.pdfs === 'none' || !pdfUrl) return undefined;
  const loc: Location = isUrl(pdfUrl)
    ? { kind: 'url', href: pdfUrl }
    : /^file:\/\//i.test(pdfUrl)
      ? { kind: 'file', href: new URL(pdfUrl).pathname }
      : besideFile(rec.file, pdfUrl);
  if (!run.allowed(loc)) return undefined;
  try {
    const { bytes, validator } = await readPdf(loc, rec.file, net.maxPdfBytes);
    if (!isPdf(bytes)) throw new KhojError('not-pdf');
    // The same PDF (same URL, same validator) is rendered once, ever.
    const key = `cover-v1 ${COVER_LONG_SIDE} ${loc.href} ${validator ?? createHash('sha256').update(bytes).digest('hex')}`;
    const hit = net.cacheDir === null ? undefined : await derivedRead(net.cacheDir, key);
    if (hit && imageKind(hit) === 'jpg') {
      run.result.renderCacheHits++;
      return hit;
    }
    const pdf = join(run.work, `${n}.pdf`);
    writeFileSync(pdf, bytes);
    const jpeg = await render(opts.pdftoppm, pdf, join(run.work, `${n}`));
    if (net.cacheDir !== null) await derivedWrite(net.cacheDir, key, jpeg).catch(() => undefined);
    return jpeg;
  } catch (e) {
    const why = (e as Error).message.split('\n')[0]!;
    run.fail(`${book.id}: ${e instanceof DataError ? why : `${loc.href}: ${why}`}`);
    return undefined;
  }
}

/**
 * A record's cover: the upstream's, else its PDF's first page, else 3. one generated; and its small
 * copy (small-cover.ts). An image that cannot be shrunk is named, and its small copy is the large one.
 */
async function oneCover(run: CoverRun, rec: NormalisedRecord, n: number): Promise<void> {
  const { result } = run;
  const stem = fileStem(rec.book.id);
  const put = async (ext: ImageKind | 'svg', bytes: Uint8Array) => {
    result.files.set(`${stem}.${ext}`, bytes);
    result.urls.set(rec.book.id, `/covers/${stem}.${ext}`);
    let small = bytes;
    if (ext !== 'svg')
      try {
        const shrunk = await shrinkCover(bytes, ext);
        // A cover already tiny may not shrink in bytes: then the large one serves as both.
        if (shrunk.length < bytes.length) small = shrunk;
      } catch (e) {
        const why = String((e as Error).message ?? e).split('\n')[0]!;
        result.notShrunk.push(`${rec.book.id}: covers/${stem}.${ext} could not be made small (${why}); its small cover is the large one`);
      }
    result.files.set(`small/${stem}.${ext}`, small);
  };
  const upstream = await upstreamCover(run, rec);
  if (upstream) {
    await put(upstream.kind, upstream.bytes);
    result.counts.reused++;
    return;
  }
  const rendered = await renderedCover(run, rec, n);
  if (rendered) {
    await put('jpg', rendered);
    result.counts.rendered++;
    return;
  }
  await put('svg', new TextEncoder().encode(await embedCoverFont(coverSvg(rec.book), run.net.cacheDir)));
  result.counts.generated++;
}

export async function makeCovers(records: readonly NormalisedRecord[], opts: CoverOptions): Promise<CoverResult> {
  const result: CoverResult = {
    files: new Map(),
    urls: new Map(),
    counts: { reused: 0, rendered: 0, generated: 0 },
    renderCacheHits: 0,
    failures: [],
    failureCount: 0,
    notShrunk: [],
  };
  const fail = (why: string) => {
    result.failureCount++;
    if (result.failures.length < 5) result.failures.push(why);
  };
  const allowed = (loc: Location) => opts.pdfs === 'auto' || (loc.kind !== 'url' && opts.pdfs === 'local') || (loc.kind !== 'url' && opts.pdfs === 'none');
  const run: CoverRun = { opts, net: netOptions(), work: mkdtempSync(join(tmpdir(), 'khoj-covers-')), result, fail, allowed };
  try {
    let next = 0;
    const workers = Array.from({ length: Math.max(1, opts.concurrency ?? 3) }, async () => {
      while (next < records.length) {
        const n = next++;
        await oneCover(run, records[n]!, n);
      }
    });
    await Promise.all(workers);
  } finally {
    rmSync(run.work, { recursive: true, force: true });
  }
  return result;
}

/** A PDF's bytes, from a public URL (download.ts holds every fetch to public hosts) or from inside the source folder, within the size cap. */
async function readPdf(loc: Location, sourceFile: string, maxBytes: number): Promise<{ bytes: Uint8Array; validator?: string }> {
  if (loc.kind === 'url') return download(loc.href, { maxBytes });
  const s = await insideFolder(loc.href, isUrl(sourceFile) ? undefined : dirname(sourceFile));
  if (s.size > maxBytes) throw new KhojError('refused', `${s.size} bytes, more than the limit of ${maxBytes} (--max-pdf-bytes)`);
  return { bytes: await readBytes(loc, { maxBytes }), validator: `${s.size}-${s.mtimeMs}` };
}

/** A local file named by a record must be inside the folder of its source file, symlinks resolved. */
async function insideFolder(file: string, folder: string | undefined): Promise<{ size: number; mtimeMs: number }> {
  const refuse = (why: string): never => {
    throw new KhojError('refused', `${why}; a local PDF or cover must be inside the source folder`);
  };
  if (folder === undefined) return refuse('a local path named by a remote source');
  const rel = relative(folder, file);
  if (rel === '' || isAbsolute(rel) || rel.split(sep).includes('..')) return refuse('outside the source folder');
  let real: string;
  let realFolder: string;
  try {
    [real, realFolder] = await Promise.all([realpath(file), realpath(folder)]);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new DataError([{ file, message: code === 'ENOENT' ? 'no such file' : `cannot read: ${(e as Error).message}` }]);
  }
  if (!real.startsWith(realFolder + sep)) return refuse('a symbolic link out of the source folder');
  const s = await stat(real);
  if (!s.isFile()) return refuse('not a file');
  return { size: s.size, mtimeMs: s.mtimeMs };
}

function render(pdftoppm: string, pdf: string, outPrefix: string): Promise<Uint8Array> {
  return new Promise((ok, fail) => {
    execFile(
      pdftoppm,
      ['-f', '1', '-l', '1', '-singlefile', '-jpeg', '-jpegopt', 'quality=80,optimize=y', '-scale-to', String(COVER_LONG_SIDE), pdf, outPrefix],
      { timeout: RENDER_TIMEOUT_MS },
      (err, _stdout, stderr) => {
        if (err) return fail(new KhojError('refused', `pdftoppm could not render it: ${(stderr || err.message).trim().split('\n')[0]}`));
        try {
          const jpeg = readFileSync(`${outPrefix}.jpg`);
          rmSync(pdf, { force: true });
          rmSync(`${outPrefix}.jpg`, { force: true });
          ok(jpeg);
        } catch (e) {
          fail(e as Error);
        }
      },
    );
  });
}
