// Loads an /api/v1 tree (folder or base URL): every file the tree names, each parsed
// and checked against its schema. Used by `validate` and by the mirror input.

import { type FileKind, SCHEMA_OF } from '../../src/core/dictionary/schemas.ts';
import { ROOT_FILES } from '../../src/core/dictionary/paths.ts';
import type { TreeFiles } from '../../src/core/dictionary/check-tree.ts';
import { DataError, type Problem } from '../../src/core/problems.ts';
import { schemaProblems } from '../schema.ts';
import { child, type Location, parseJson, readText } from '../source.ts';

export interface LoadedTree {
  files: TreeFiles;
  problems: Problem[];
}

const CONCURRENCY = 8;

/** A relative path from inside a tree must stay inside it. */
const safeRel = (rel: string): boolean => !rel.startsWith('/') && !rel.split('/').some((p) => p === '..' || p === '' || p === '.');

export async function loadTree(base: Location, onFile?: (done: number, total: number) => void): Promise<LoadedTree> {
  const files: TreeFiles = new Map();
  const problems: Problem[] = [];
  let done = 0;
  let total = 4;

  // Parsed files, valid or not: enough to find the files a broken index still names.
  const parsed = new Map<string, unknown>();
  const load = async (rel: string, kind: FileKind): Promise<void> => {
    if (!safeRel(rel)) {
      problems.push({ file: rel, message: 'path leaves the tree; not read' });
      return;
    }
    try {
      const data = parseJson(await readText(child(base, rel)), rel);
      parsed.set(rel, data);
      const bad = schemaProblems(SCHEMA_OF[kind], data, rel);
      if (bad.length) problems.push(...bad);
      else files.set(rel, data);
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      // Name the file by its path in the tree, not the absolute location.
      problems.push(...e.problems.map((p) => ({ ...p, file: rel })));
    } finally {
      onFile?.(++done, total);
    }
  };

  await Promise.all([
    load(ROOT_FILES.metadata, 'metadata'),
    load(ROOT_FILES.manifest, 'manifest'),
    load(ROOT_FILES.letters, 'letters'),
    load(ROOT_FILES.sample, 'sample'),
  ]);
  const letterPaths = pathsIn(parsed.get(ROOT_FILES.letters), 'letters');
  const chunkPaths = pathsIn(parsed.get(ROOT_FILES.manifest), 'chunks');
  total += letterPaths.length + chunkPaths.length;
  await pool([...letterPaths.map((p) => () => load(p, 'wordsByLetter')), ...chunkPaths.map((p) => () => load(p, 'chunk'))]);

  // Chunks that words point at but the manifest does not list: read them if they exist,
  // so the consistency check can say exactly what is wrong.
  const known = new Set(chunkPaths);
  const extra = new Set<string>();
  for (const p of letterPaths) {
    for (const w of pathsIn(parsed.get(p), 'words')) if (!known.has(w)) extra.add(w);
  }
  total += extra.size;
  await pool([...extra].map((p) => () => load(p, 'chunk')));
  // A missing extra chunk is reported once, by the check, for each word that points at it.
  for (let i = problems.length - 1; i >= 0; i--)
    if (extra.has(problems[i]!.file) && !files.has(problems[i]!.file) && /no such file|HTTP 404/.test(problems[i]!.message)) problems.splice(i, 1);
  return { files, problems };
}

/** The distinct string `path`s of the items of `data[key]`, however broken the rest is. */
function pathsIn(data: unknown, key: string): string[] {
  const list = (data as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(list)) return [];
  return [...new Set(list.map((item) => (item as { path?: unknown })?.path).filter((p): p is string => typeof p === 'string'))];
}

async function pool(tasks: Array<() => Promise<unknown>>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tasks.length) }, worker));
}
