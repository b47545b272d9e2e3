// The meaning index files (src/core/dictionary/meanings/) for the build: made from the sorted
// entries, serialised once (the index lists each shard's size), and checked before writing.

import { createHash } from 'node:crypto';
import { buildMeanings } from '../../src/core/dictionary/meanings/build.ts';
import { shardProblem } from '../../src/core/dictionary/meanings/check-shard.ts';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile, shardPath } from '../../src/core/dictionary/meanings/files.ts';
import type { Entry } from '../../src/core/dictionary/types.ts';
import { meaningShardSchema, meaningsIndexSchema } from '../../src/core/dictionary/schemas.ts';
import type { Problem } from '../../src/core/problems.ts';
import { schemaProblems } from '../schema.ts';

/** The lowercase hex SHA-256 of a file's UTF-8 bytes, as meanings/index.json lists it. */
export const sha256Of = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Path → file text of the meaning index, the index file last. */
export function meaningFileTexts(entries: readonly Entry[], generatedAt: string): Map<string, string> {
  const texts = new Map<string, string>();
  const { index } = buildMeanings(entries, generatedAt, (shard) => {
    const text = JSON.stringify(shard);
    texts.set(shardPath(shard.key), text);
    return { bytes: Buffer.byteLength(text), sha256: sha256Of(text) };
  });
  texts.set(MEANINGS_INDEX, JSON.stringify(index));
  return texts;
}

/** Every shard the index lists is there (and, with `schemas`, of its schema), and passes the reader's own check (check-shard.ts). */
export function checkMeaningFiles(texts: Map<string, string>, entries: number, schemas: boolean, report: (p: Problem) => void): void {
  const parse = (path: string, schema: object) => {
    const value: unknown = JSON.parse(texts.get(path)!);
    if (schemas) for (const p of schemaProblems(schema, value, path)) report(p);
    return value;
  };
  const index = parse(MEANINGS_INDEX, meaningsIndexSchema) as MeaningsIndexFile;
  for (const info of index.shards) {
    if (!texts.has(info.path)) {
      report({ file: MEANINGS_INDEX, message: `lists ${info.path}, which was not made` });
      continue;
    }
    const text = texts.get(info.path)!;
    const shard = parse(info.path, meaningShardSchema) as MeaningShardFile;
    const problem = shardProblem(shard, info, entries, sha256Of(text));
    if (problem) report({ file: info.path, message: problem });
  }
}
