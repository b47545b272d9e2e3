// The meaning index as files beside the contract's, below /api/v1/meanings/ (Khoj's own; the
// public web client never reads them): index.json lists the shards, and each shard holds the
// terms that start with one character, sorted, with their postings (postings.ts). A search
// reads only the shards of its own words.

export const MEANINGS_INDEX = 'meanings/index.json';

export interface MeaningShardInfo {
  /** the first character of every term in the shard */
  key: string;
  path: string;
  terms: number;
  postings: number;
  /** the shard file's size in bytes (UTF-8) */
  bytes: number;
  /** SHA-256 of the shard file's bytes, in lowercase hex: a reader verifies what it fetched (check-shard.ts) */
  sha256: string;
}

export interface MeaningsIndexFile {
  apiVersion: string;
  generatedAt: string;
  /** entries in the dictionary: postings' ids run 0..entries−1 (an entry's index) */
  entries: number;
  terms: number;
  postings: number;
  shards: MeaningShardInfo[];
}

export interface MeaningShardFile {
  apiVersion: string;
  generatedAt: string;
  key: string;
  count: number;
  /** folded terms, sorted by UTF-16 code unit */
  terms: string[];
  /** the postings of each term, encoded */
  postings: string[];
}

/** The shard a folded term belongs in: its first character. */
export const shardKey = (term: string): string => String.fromCodePoint(term.codePointAt(0)!);

/** A shard's file, named by the key's code point in hex: ASCII names every host serves alike. */
export const shardPath = (key: string): string => `meanings/${key.codePointAt(0)!.toString(16).padStart(4, '0')}.json`;

export const isMeaningsPath = (rel: string): boolean => rel === MEANINGS_INDEX || /^meanings\/[0-9a-f]{4,6}\.json$/.test(rel);
