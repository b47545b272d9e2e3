// The worker's reads and writes of `khoj-market` (schema in src/databases/market/db.ts). A file's text and its
// status are written in one transaction, so an answer never sees one without the other.

import type { Layout } from '../../core/market/index.ts';
import type { Produced } from '../../core/market/convert.ts';
import { type FileBody, type FileStatus, marketDb, type RefreshMeta } from '../../databases/market/db.ts';
import type { RefreshProblem } from '../../core/market/refresh-problem.ts';

export async function readFile(path: string): Promise<{ file?: FileBody; status?: FileStatus }> {
  const tx = (await marketDb()).transaction(['files', 'status']);
  const [file, status] = await Promise.all([tx.objectStore('files').get(path), tx.objectStore('status').get(path)]);
  // A row that is not what was stored (damaged storage) counts as absent.
  return { file: file && typeof file.body === 'string' ? file : undefined, status };
}

/** The stored text of a file, or undefined. */
export const readText = async (path: string): Promise<string | undefined> => (await readFile(path)).file?.body;

/** The app's own copy of a file, kept unless a file is stored meanwhile (a refresh wins). */
export async function storeBundled(path: string, body: string, layout: Layout, now: number): Promise<void> {
  const tx = (await marketDb()).transaction(['files', 'status'], 'readwrite');
  const files = tx.objectStore('files');
  const status = tx.objectStore('status');
  if ((await files.get(path)) === undefined) {
    void files.put({ path, body, layout, fetchedAt: now, source: 'bundled' });
    const s = (await status.get(path)) ?? { path, stale: false };
    void status.put({ ...s, fetchedAt: now, source: 'bundled' });
  }
  await tx.done;
}

export interface Fetched {
  fetchedAt: number;
  /** the upstream base URL */
  source: string;
  etag?: string;
  lastModified?: string;
}

/** Files made from one good upstream file: stored, fresh, each recording the attempt. */
export async function storeFetched(produced: readonly Produced[], fetched: Fetched): Promise<void> {
  const tx = (await marketDb()).transaction(['files', 'status'], 'readwrite');
  const files = tx.objectStore('files');
  const status = tx.objectStore('status');
  const old = await Promise.all(produced.map((p) => status.get(p.path)));
  produced.forEach((p, i) => {
    const row: FileBody = { path: p.path, body: p.body, layout: p.layout, fetchedAt: fetched.fetchedAt, source: fetched.source };
    if (p.converted) row.converted = true;
    if (fetched.etag) row.etag = fetched.etag;
    if (fetched.lastModified) row.lastModified = fetched.lastModified;
    void files.put(row);
    const s: FileStatus = {
      ...old[i],
      path: p.path,
      stale: false,
      fetchedAt: fetched.fetchedAt,
      source: fetched.source,
      checkedAt: fetched.fetchedAt,
      checkedUpstream: fetched.source,
    };
    delete s.problem;
    void status.put(s);
  });
  await tx.done;
}

/**
 * A refresh failed: the stored texts stay, marked stale with the reason. `checked` records the
 * attempt on the files that were tried (so they are not tried again before their interval).
 */
export async function markStale(
  paths: readonly string[],
  problem: RefreshProblem,
  checked?: { paths: readonly string[]; at: number; upstream: string },
): Promise<void> {
  const tx = (await marketDb()).transaction('status', 'readwrite');
  const all = [...new Set([...paths, ...(checked?.paths ?? [])])];
  const tried = new Set(checked?.paths);
  const old = await Promise.all(all.map((p) => tx.store.get(p)));
  all.forEach((path, i) => {
    const s: FileStatus = { ...old[i], path, stale: true, problem };
    if (checked && tried.has(path)) {
      s.checkedAt = checked.at;
      s.checkedUpstream = checked.upstream;
    }
    void tx.store.put(s);
  });
  await tx.done;
}

export async function allStatus(): Promise<FileStatus[]> {
  return (await marketDb()).getAll('status');
}

export async function readMeta(): Promise<RefreshMeta> {
  const m = (await (await marketDb()).get('meta', 'refresh')) as RefreshMeta | undefined;
  return { sent: [], ...m };
}

export async function writeMeta(m: RefreshMeta): Promise<void> {
  await (await marketDb()).put('meta', m, 'refresh');
}
