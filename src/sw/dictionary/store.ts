// IndexedDB for the dictionary: one row per /api/v1 file, keyed by build version
// (metadata.generatedAt) and path, so builds never mix; `current` names the version
// that lookups read. Every failure is classified, never thrown at a lookup.

import type { DBSchema } from 'idb';
import { lazyDb } from '../../databases/open-db.ts';
import { classify, storageError } from '../../databases/storage-problem.ts';
import { KhojError } from '../../core/errors.ts';
import { SECTION } from '../../core/sections.ts';
import { sha256 } from './digest.ts';

export interface FileRow {
  version: string;
  path: string;
  /**
   * The file's UTF-8 bytes, never decoded by the worker (an ArrayBuffer, not a Blob: browsers
   * compress stored values, not Blobs; Chromium keeps the full-size dictionary in 12 MB, not
   * 43). A string in rows an older worker wrote: they have no digest and are checked in full.
   */
  body: ArrayBuffer | string;
  /** bytes (characters of an older row's string): a truncated body is caught without hashing it */
  length: number;
  /** SHA-256 of the bytes, taken after the full check: verifying a row costs a hash, not a parse */
  digest?: ArrayBuffer;
  storedAt: number;
}

interface Schema extends DBSchema {
  files: { key: [string, string]; value: FileRow };
  /** the length of each stored file, so status never reads the bodies */
  sizes: { key: [string, string]; value: number };
  /**
   * `current`: the build lookups read; `retry`: a switch that failed, and when to try again;
   * `transfer <path>`: bytes a file took to download (compressed), as the browser measured
   */
  meta: { key: string; value: { key: string; version: string; bytes?: number } & Partial<RetryState> };
}

/** A build switch that failed its checks: kept in storage, so a restarted worker does not hammer the host. */
export interface RetryState {
  version: string;
  attempts: number;
  retryAt: number;
  problem: string;
}

const db = lazyDb<Schema>(SECTION.dictionary.databases.files, 1, (d) => {
  d.createObjectStore('files', { keyPath: ['version', 'path'] });
  d.createObjectStore('sizes');
  d.createObjectStore('meta', { keyPath: 'key' });
});

async function guard<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    throw KhojError.is(e, 'storage') ? e : storageError(classify(e), e);
  }
}

export const currentVersion = () => guard(async () => (await (await db()).get('meta', 'current'))?.version ?? null);

/** The stored file, or undefined; a row that is not what was stored counts as corrupt and is removed. */
export const getFile = (version: string, path: string) =>
  guard(async () => {
    const d = await db();
    const row = await d.get('files', [version, path]);
    if (row === undefined) return undefined;
    if ((row.body instanceof ArrayBuffer ? row.body.byteLength : typeof row.body === 'string' ? row.body.length : -1) !== row.length) {
      await Promise.all([d.delete('files', [version, path]), d.delete('sizes', [version, path])]);
      throw storageError('corrupt', `${path} of ${version}`);
    }
    return row;
  });

/** Removes one stored file (one that failed its check when read). */
export const dropFile = (version: string, path: string) =>
  guard(async () => {
    const tx = (await db()).transaction(['files', 'sizes'], 'readwrite');
    void tx.objectStore('files').delete([version, path]);
    void tx.objectStore('sizes').delete([version, path]);
    await tx.done;
  });

export const readRetry = () =>
  guard(async () => {
    const row = await (await db()).get('meta', 'retry');
    return row?.attempts === undefined
      ? undefined
      : ({ version: row.version, attempts: row.attempts, retryAt: row.retryAt ?? 0, problem: row.problem ?? '' } satisfies RetryState);
  });

export const writeRetry = (state: RetryState | undefined) =>
  guard(async () => {
    const d = await db();
    await (state ? d.put('meta', { key: 'retry', ...state }) : d.delete('meta', 'retry'));
  });

/** Bytes `path` of `version` took to download, as measured when it was fetched (see writeTransfer). */
export const readTransfer = (version: string, path: string) =>
  guard(async () => {
    const row = await (await db()).get('meta', `transfer ${path}`);
    return row?.version === version ? row.bytes : undefined;
  });

export const writeTransfer = (version: string, path: string, bytes: number) =>
  guard(async () => void (await (await db()).put('meta', { key: `transfer ${path}`, version, bytes })));

/** Milliseconds spent writing files (hashing and committing them), for the benchmark of the storage step alone. */
export const writeTime = { ms: 0 };

/** The file's text, whichever way its row keeps it. */
export const textOf = (row: FileRow): string => (typeof row.body === 'string' ? row.body : new TextDecoder().decode(row.body));

interface Waiting {
  row: Pick<FileRow, 'version' | 'path' | 'storedAt'> & { data: string | ArrayBuffer };
  ok: () => void;
  fail: (e: unknown) => void;
}
let queue: Waiting[] = [];
let writing = false;

/**
 * Writes the files waiting, all in one transaction, while the page's parallel requests queue up
 * the next: "save the whole dictionary" costs a commit per few files, not per file. Relaxed
 * durability: a file lost in a crash is only fetched again (the `current` pointer is written
 * with the default durability, after its build's files).
 */
async function writeQueued(): Promise<void> {
  writing = true;
  while (queue.length) {
    const batch = queue;
    queue = [];
    const start = performance.now();
    try {
      const rows = await Promise.all(
        batch.map(async ({ row: { data, ...row } }) => {
          const bytes = typeof data === 'string' ? await new Response(data).arrayBuffer() : data;
          return { ...row, body: bytes, length: bytes.byteLength, digest: await sha256(bytes) };
        }),
      );
      const tx = (await db()).transaction(['files', 'sizes'], 'readwrite', { durability: 'relaxed' });
      for (const row of rows) {
        void tx.objectStore('files').put(row);
        void tx.objectStore('sizes').put(row.length, [row.version, row.path]);
      }
      await tx.done;
      for (const w of batch) w.ok();
    } catch (e) {
      for (const w of batch) w.fail(e);
    }
    writeTime.ms += performance.now() - start;
  }
  writing = false;
}

/** The bytes of `view` as an ArrayBuffer of their own (the view's buffer itself when it is all of it). */
export const bufferOf = (view: Uint8Array): ArrayBuffer =>
  view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.buffer instanceof ArrayBuffer
    ? view.buffer
    : (view.slice().buffer as ArrayBuffer);

/** Stores a file already checked whole; resolves when it is committed. */
export const putFile = (version: string, path: string, body: string | ArrayBuffer | Uint8Array) =>
  guard(
    () =>
      new Promise<void>((ok, fail) => {
        const data = body instanceof Uint8Array ? bufferOf(body) : body;
        queue.push({ row: { version, path, data, storedAt: Date.now() }, ok, fail });
        if (!writing) void writeQueued();
      }),
  );

const ofVersion = (version: string) => IDBKeyRange.bound([version, ''], [version, '\uffff']);

/** Paths stored for a version, and their total length (bytes; characters for an older worker's rows). */
export const storedSummary = (version: string) =>
  guard(async () => {
    const d = await db();
    const [keys, sizes] = await Promise.all([d.getAllKeys('sizes', ofVersion(version)), d.getAll('sizes', ofVersion(version))]);
    return { paths: keys.map((k) => k[1]), bytes: sizes.reduce((a, b) => a + b, 0) };
  });

/** Each stored file of a version with its length, in path order (what a content pack's dictionary part lists). */
export const fileSizes = (version: string) =>
  guard(async () => {
    const d = await db();
    const [keys, sizes] = await Promise.all([d.getAllKeys('sizes', ofVersion(version)), d.getAll('sizes', ofVersion(version))]);
    return keys.map((k, i) => ({ path: k[1], bytes: sizes[i]! }));
  });

/**
 * Deletes the stored files of `version` but those in `keep` (the small part the app works with
 * offline): the reader's "delete the whole dictionary" on the storage screen. Resolves with the
 * bytes freed, as the sizes store counted them.
 */
export const forgetFiles = (version: string, keep: ReadonlySet<string>) =>
  guard(async () => {
    const tx = (await db()).transaction(['files', 'sizes'], 'readwrite');
    let freed = 0;
    for (let c = await tx.objectStore('sizes').openCursor(ofVersion(version)); c; c = await c.continue()) {
      if (keep.has(c.key[1])) continue;
      freed += c.value;
      void tx.objectStore('files').delete(c.key);
      void c.delete();
    }
    await tx.done;
    return freed;
  });

/**
 * Makes `version` current, then removes every other version's rows: lookups see
 * either the old build or the new one, never a mix.
 */
export const switchTo = (version: string) =>
  guard(async () => {
    const d = await db();
    await d.put('meta', { key: 'current', version });
    const tx = d.transaction(['files', 'sizes'], 'readwrite');
    // Keys are [version, path]: everything below [version] and from [version + NUL] up is another build.
    for (const range of [IDBKeyRange.upperBound([version], true), IDBKeyRange.lowerBound([`${version}\0`])]) {
      void tx.objectStore('files').delete(range);
      void tx.objectStore('sizes').delete(range);
    }
    await tx.done;
  });
