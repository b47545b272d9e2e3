// The download cache: one body and one small JSON record (URL, validators, size, the body's
// SHA-256) per URL, named by the URL's SHA-256. Written aside and renamed, so a killed build
// never leaves half a body behind a record; read back only when its size and digest match, so
// a body changed on disk is never taken for the upstream's.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CacheRecord {
  url: string;
  /** 404 or 410 when the URL was found missing (no body): --offline knows it is absent */
  status?: number;
  etag?: string;
  lastModified?: string;
  size: number;
  /** the body's SHA-256, hex (absent in entries written before it was kept: checked by size alone) */
  sha256?: string;
  storedAt: string;
}

/** A cached body as read back: its bytes, or why they cannot be trusted. */
export type CachedBody = { bytes: Uint8Array } | { damaged: string };

const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const key = (url: string): string => createHash('sha256').update(url).digest('hex');

function paths(dir: string, url: string): { body: string; meta: string } {
  const k = key(url);
  const sub = join(dir, k.slice(0, 2));
  return { body: join(sub, `${k}.body`), meta: join(sub, `${k}.json`) };
}

export async function cacheRead(dir: string, url: string): Promise<{ record: CacheRecord; body: () => Promise<CachedBody> } | undefined> {
  const p = paths(dir, url);
  try {
    const record = JSON.parse(await readFile(p.meta, 'utf8')) as CacheRecord;
    if (record.url !== url) return undefined;
    return {
      record,
      body: async () => {
        let b: Buffer;
        try {
          b = await readFile(p.body);
        } catch (e) {
          return { damaged: `its body cannot be read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
        }
        if (b.length !== record.size) return { damaged: `${b.length} bytes, expected ${record.size}` };
        if (record.sha256 !== undefined && digest(b) !== record.sha256) return { damaged: 'its SHA-256 differs from the one stored with it' };
        return { bytes: b };
      },
    };
  } catch {
    return undefined;
  }
}

/** Forgets a URL's entry (a damaged one, fetched again in full). */
export async function cacheDrop(dir: string, url: string): Promise<void> {
  const p = paths(dir, url);
  await Promise.all([rm(p.meta, { force: true }), rm(p.body, { force: true })]);
}

export async function cacheWrite(
  dir: string,
  url: string,
  body: Uint8Array,
  validators: { etag?: string; lastModified?: string },
  status?: number,
): Promise<void> {
  const p = paths(dir, url);
  await mkdir(join(p.body, '..'), { recursive: true });
  const tmp = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const record: CacheRecord = {
    url,
    ...(status !== undefined ? { status } : {}),
    size: body.length,
    sha256: digest(body),
    storedAt: new Date().toISOString(),
    ...validators,
  };
  await writeFile(p.body + tmp, body);
  await rename(p.body + tmp, p.body);
  await writeFile(p.meta + tmp, JSON.stringify(record));
  await rename(p.meta + tmp, p.meta);
}

/** A derived file (a rendered cover) stored under a key the caller makes from URL and validator. */
export async function derivedRead(dir: string, name: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(join(dir, 'derived', key(name)));
  } catch {
    return undefined;
  }
}

export async function derivedWrite(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const file = join(dir, 'derived', key(name));
  await mkdir(join(dir, 'derived'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
}
