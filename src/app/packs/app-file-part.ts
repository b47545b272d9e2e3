// pdf.js in a content pack (core/packs/app-files.ts holds the check): a phone that made a pack of
// saved PDFs adds its stored copy of pdf.js's chunk and worker script (pdf-doc.ts keepForOffline),
// so the phone that opens the pack can read them offline. Taken only when the part is, byte for
// byte, one of this build's files by the digests the build recorded (app-files.json, precached),
// into the cache keepForOffline fills and the service worker answers /assets/ from.

import { APP_FILES_NAME, appFileFor, parseAppFiles, type AppFile } from '../../core/packs/app-files.ts';
import { PackError, type PackPart } from '../../core/packs/manifest.ts';
import type { PartSink, Skip } from '../../core/packs/pack-reader.ts';
import { PDFJS_CACHE } from '../books/downloads.ts';

let built: Promise<AppFile[]> | undefined;

/** This build's on-demand files (none when the list cannot be read: a development server; then nothing is taken). */
export const builtAppFiles = (): Promise<AppFile[]> =>
  (built ??= fetch(new URL(APP_FILES_NAME, document.baseURI))
    .then(async (res) => (res.ok ? parseAppFiles(await res.text()) : []))
    .catch(() => {
      built = undefined;
      return [];
    }));

const urlOf = (f: AppFile) => new URL(f.path, document.baseURI).href;

/** This phone's stored copies of this build's on-demand files, as pack parts (none when pdf.js is not stored). */
export async function appFileParts(): Promise<Array<{ blob: Blob; part: Omit<PackPart, 'size' | 'sha256'> }>> {
  const files = await builtAppFiles();
  if (!files.length || !(await caches.has(PDFJS_CACHE))) return [];
  const cache = await caches.open(PDFJS_CACHE);
  const out: Array<{ blob: Blob; part: Omit<PackPart, 'size' | 'sha256'> }> = [];
  for (const f of files) {
    const res = await cache.match(urlOf(f));
    if (!res) continue;
    // A part's name is lower case (manifest.ts); the file's own name, with its hash, is in meta.
    out.push({
      blob: await res.blob(),
      part: { name: `app/${out.length + 1}${f.path.endsWith('.mjs') ? '.mjs' : '.js'}`, kind: 'app-file', meta: { path: f.path } },
    });
  }
  return out;
}

const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');

/**
 * Where a pack's app-file part goes: refused by name, read through and nothing kept, unless the
 * build's list has it (appFileFor); then held (at most the build's size, a few MB), its digest
 * checked once more against the build's, and stored as a script.
 */
export async function appFileSink(p: PackPart): Promise<PartSink | Skip> {
  const file = appFileFor(p, await builtAppFiles());
  if (typeof file === 'string') {
    const no = new PackError('not-app-file', p.name, file);
    return { write: () => undefined, commit: () => Promise.reject(no), abort: () => undefined };
  }
  const cache = await caches.open(PDFJS_CACHE);
  if (await cache.match(urlOf(file))) return { skip: 'already-saved' };
  const all = new Uint8Array(file.bytes);
  let at = 0;
  return {
    write(c) {
      // The reader never hands more than the manifest's size, which is the build's; a byte past it is dropped and refused at commit.
      const room = all.length - at;
      if (room > 0) all.set(c.subarray(0, Math.min(room, c.length)), at);
      at += c.length;
    },
    async commit() {
      if (at !== all.length || hex(await crypto.subtle.digest('SHA-256', all)) !== file.sha256)
        throw new PackError('not-app-file', p.name, `${JSON.stringify(file.path)} is not this build's file (its SHA-256 differs)`);
      await cache.put(urlOf(file), new Response(all, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }));
    },
    abort: () => void (at = 0),
  };
}
