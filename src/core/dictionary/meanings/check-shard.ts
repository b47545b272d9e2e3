// What a meaning shard must be before search reads it, as strictly as a chunk is checked
// (check-file.ts): search trusts the shard's order (a binary search over its terms) and its
// postings (ids read as entries), so a damaged one would answer wrongly rather than fail. The
// build checks what it writes with this (data-build/dictionary/meanings.ts), the service worker
// what it fetches (check-file.ts), the SHA-256 the index lists for each shard included.

import { type MeaningShardFile, type MeaningShardInfo, shardKey } from './files.ts';
import { decodePostings } from './postings.ts';

/**
 * The first problem of a shard whose shape its schema has already checked, naming the field;
 * undefined when it is sound. `info` (its line in meanings/index.json) and `entries` (the
 * dictionary's size) are checked against when given; `sha256`, the digest of the bytes as
 * fetched, whenever `info` is.
 */
export function shardProblem(shard: MeaningShardFile, info?: MeaningShardInfo, entries?: number, sha256?: string): string | undefined {
  if (info) {
    // The digest first: it finds any change at all, before the shard is read.
    if (sha256 === undefined) return 'no digest to verify it by';
    if (sha256 !== info.sha256) return `its SHA-256 is ${sha256}, meanings/index.json says ${info.sha256}`;
  }
  if (shard.count !== shard.terms.length || shard.count !== shard.postings.length) return 'count, terms and postings differ in length';
  let postings = 0;
  for (let i = 0; i < shard.terms.length; i++) {
    const term = shard.terms[i]!;
    if (shardKey(term) !== shard.key) return `/terms/${i}: "${term}" does not start with the key "${shard.key}"`;
    // Sorted and unique: the binary search (search.ts findTerm) would miss a term out of place.
    if (i > 0 && !(shard.terms[i - 1]! < term)) return `/terms/${i}: "${term}" is out of order or repeated`;
    let ids: Uint32Array;
    try {
      ids = decodePostings(shard.postings[i]!, entries).ids;
    } catch (e) {
      return `/postings/${i} ("${term}"): ${(e as Error).message}`;
    }
    if (ids.length === 0) return `/postings/${i} ("${term}"): empty`;
    postings += ids.length;
  }
  if (info && (info.terms !== shard.count || info.postings !== postings))
    return `holds ${shard.count} terms and ${postings} postings, meanings/index.json says ${info.terms} and ${info.postings}`;
  return undefined;
}
