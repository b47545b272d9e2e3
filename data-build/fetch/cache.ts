// The download cache: one body and one small JSON record (URL, validators, size) per URL,
// named by the URL's SHA-256. Written aside and renamed, so a killed build never leaves
// half a body behind a record.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CacheRecord {
  url: string;
  /** 404 or 410 when the URL was found missing (no body): --offline knows it is absent */
  status?: number;
  etag?: string;
  lastModified?: string;
  size: number;
  storedAt: string;
}

const key = (url: string): string => createHash('sha256').update(url).digest('hex');

function paths(dir: string, url: string): { body: string; meta: string } {
  const k = key(url);
  const sub = join(dir, k.slice(0, 2));
  return { body: join(sub, `${k}.body`), meta: join(sub, `${k}.json`) };
}

export async function cacheRead(dir: string, url: string): Promise<{ record: CacheRecord; body: () => Promise<Uint8Array> } | undefined> {
  const p = paths(dir, url);
  try {
    const record = JSON.parse(await readFile(p.meta, 'utf8')) as CacheRecord;
    if (record.url !== url) return undefined;
    return {
      record,
      body: async () => {
        const b = await readFile(p.body);
        if (b.length !== record.size) throw new Error(`the cached copy of ${url} is damaged (${b.length} bytes, expected ${record.size})`);
        return b;
      },
    };
  } catch {
    return undefined;
  }
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
  const record: CacheRecord = { url, ...(status !== undefined ? { status } : {}), size: body.length, storedAt: new Date().toISOString(), ...validators };
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
