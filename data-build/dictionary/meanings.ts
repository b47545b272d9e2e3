// The meaning index files (src/core/dictionary/meanings/) for the build: made from the sorted
// entries, serialised once (the index lists each shard's size), and checked before writing.

import { buildMeanings } from '../../src/core/dictionary/meanings/build.ts';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile, shardPath } from '../../src/core/dictionary/meanings/files.ts';
import { decodePostings } from '../../src/core/dictionary/meanings/postings.ts';
import type { Entry } from '../../src/core/dictionary/types.ts';
import { meaningShardSchema, meaningsIndexSchema } from '../../src/core/dictionary/schemas.ts';
import type { Problem } from '../../src/core/problems.ts';
import { schemaProblems } from '../schema.ts';

/** Path → file text of the meaning index, the index file last. */
export function meaningFileTexts(entries: readonly Entry[], generatedAt: string): Map<string, string> {
  const texts = new Map<string, string>();
  const { index } = buildMeanings(entries, generatedAt, (shard) => {
    const text = JSON.stringify(shard);
    texts.set(shardPath(shard.key), text);
    return Buffer.byteLength(text);
  });
  texts.set(MEANINGS_INDEX, JSON.stringify(index));
  return texts;
}

/** Every shard the index lists is there (and, with `schemas`, of its schema), sorted, and decodes to ids of real entries. */
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
    const shard = parse(info.path, meaningShardSchema) as MeaningShardFile;
    let postings = 0;
    shard.terms.forEach((term, i) => {
      if (i > 0 && !(shard.terms[i - 1]! < term)) report({ file: info.path, path: `terms[${i}]`, message: `"${term}" is out of order` });
      const { ids } = decodePostings(shard.postings[i]!);
      postings += ids.length;
      if (ids.length === 0 || ids[ids.length - 1]! >= entries)
        report({ file: info.path, path: `postings[${i}]`, message: 'empty, or names an entry past the end' });
    });
    if (shard.terms.length !== info.terms || postings !== info.postings)
      report({ file: info.path, message: `holds ${shard.terms.length} terms and ${postings} postings, the index says ${info.terms} and ${info.postings}` });
  }
}
