// Validates every file of a built tree against the contract's schemas, closed so that
// our own output carries no field the contract does not name.

import { kindOf } from '../../data-build/dictionary/build.ts';
import { schemaProblems } from '../../data-build/schema.ts';
import { closed, SCHEMA_OF, type FileKind } from '../../src/core/dictionary/schemas.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { listFiles, readJson } from './tree.ts';

const CLOSED = Object.fromEntries(Object.entries(SCHEMA_OF).map(([k, s]) => [k, closed(s)])) as Record<FileKind, object>;

/** Every schema problem in the tree, formatted; [] when all files conform. */
export function schemaCheckTree(dir: string): { files: number; problems: string[] } {
  const files = listFiles(dir).filter((f) => f.endsWith('.json'));
  const problems = files.flatMap((f) => schemaProblems(CLOSED[kindOf(f)], readJson(dir, f), f).map(formatProblem));
  return { files: files.length, problems };
}
