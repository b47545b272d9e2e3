// IndexedDB for the dictionary: one row per /api/v1 file, keyed by build version
// (metadata.generatedAt) and path, so builds never mix; `current` names the version
// that lookups read. Every failure is classified, never thrown at a lookup.

import type { DBSchema } from 'idb';
import { lazyDb } from '../../browser/open-db.ts';
import { classify, StorageError } from '../../browser/storage-problem.ts';
import { SECTION } from '../../core/services.ts';

export interface FileRow {
  version: string;
  path: string;
  body: string;
  length: number;
  storedAt: number;
}

interface Schema extends DBSchema {
  files: { key: [string, string]; value: FileRow };
  /** the length of each stored file, so status never reads the bodies */
  sizes: { key: [string, string]; value: number };
  /** `current`: the build lookups read; `retry`: a switch that failed, and when to try again */
  meta: { key: string; value: { key: string; version: string } & Partial<RetryState> };
}

export { classify, StorageError };

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
    throw e instanceof StorageError ? e : new StorageError(classify(e), e);
  }
}

export const currentVersion = () => guard(async () => (await (await db()).get('meta', 'current'))?.version ?? null);

/** The stored file, or undefined; a row that is not what was stored counts as corrupt and is removed. */
export const getFile = (version: string, path: string) =>
  guard(async () => {
    const d = await db();
    const row = await d.get('files', [version, path]);
    if (row === undefined) return undefined;
    if (typeof row.body !== 'string' || row.body.length !== row.length) {
      await Promise.all([d.delete('files', [version, path]), d.delete('sizes', [version, path])]);
      throw new StorageError('corrupt', `${path} of ${version}`);
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

/** Milliseconds spent writing files, for the benchmark of the storage step alone. */
export const writeTime = { ms: 0 };

export const putFile = (version: string, path: string, body: string) =>
  guard(async () => {
    const start = performance.now();
    const tx = (await db()).transaction(['files', 'sizes'], 'readwrite');
    void tx.objectStore('files').put({ version, path, body, length: body.length, storedAt: Date.now() });
    void tx.objectStore('sizes').put(body.length, [version, path]);
    await tx.done;
    writeTime.ms += performance.now() - start;
  });

const ofVersion = (version: string) => IDBKeyRange.bound([version, ''], [version, '\uffff']);

/** Paths stored for a version, and their total length in characters. */
export const storedSummary = (version: string) =>
  guard(async () => {
    const d = await db();
    const [keys, sizes] = await Promise.all([d.getAllKeys('sizes', ofVersion(version)), d.getAll('sizes', ofVersion(version))]);
    return { paths: keys.map((k) => k[1]), chars: sizes.reduce((a, b) => a + b, 0) };
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
