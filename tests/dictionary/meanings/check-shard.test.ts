// The meaning shard check (src/core/dictionary/meanings/check-shard.ts) as the service worker runs
// it (check-file.ts's checkFile with the build's meaning index and the digest of the bytes), on
// real shards built from the embedded sample and from real headwords (../shared/data/dictionary):
// every shard of a build passes; each way a shard can be damaged is refused, naming the file
// and the field, where search would otherwise answer wrongly or not at all.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { meaningFileTexts } from '../../../data-build/dictionary/meanings.ts';
import { checkFile } from '../../../src/core/dictionary/check-file.ts';
import { mergeDuplicates, sortEntries } from '../../../src/core/dictionary/layout.ts';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile } from '../../../src/core/dictionary/meanings/files.ts';
import { decodePostings, encodePostings } from '../../../src/core/dictionary/meanings/postings.ts';
import { meaningQuery, MeaningShards } from '../../../src/core/dictionary/meanings/search.ts';
import { readRawEntries } from '../../../src/core/dictionary/raw.ts';
import type { Entry } from '../../../src/core/dictionary/types.ts';
import { makeDump } from '../../../harness/dumps.ts';
import { hasSharedData } from '../../../harness/shared-data.ts';

const AT = '2026-01-01T00:00:00Z';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const sorted = (raw: unknown, file: string): Entry[] => sortEntries(mergeDuplicates(readRawEntries(raw, file).entries));

interface Built {
  entries: number;
  texts: Map<string, string>;
  index: MeaningsIndexFile;
  /** the biggest shard's path and file */
  path: string;
  shard: MeaningShardFile;
}

function build(entries: Entry[]): Built {
  const texts = meaningFileTexts(entries, AT);
  const index = JSON.parse(texts.get(MEANINGS_INDEX)!) as MeaningsIndexFile;
  const info = index.shards.reduce((a, b) => (b.terms > a.terms ? b : a));
  return { entries: entries.length, texts, index, path: info.path, shard: JSON.parse(texts.get(info.path)!) as MeaningShardFile };
}

/** checkFile as the service worker calls it on a fetched shard. */
const check = (b: Built, rel: string, text: string) => checkFile(rel, text, { version: AT, meanings: b.index }, sha(text));

/** A damaged copy of the shard, its digest listed in the index as well (damage the digest alone would not find). */
function damaged(b: Built, change: (s: MeaningShardFile) => void): { built: Built; text: string } {
  const s = structuredClone(b.shard);
  change(s);
  const text = JSON.stringify(s);
  const index = structuredClone(b.index);
  const info = index.shards.find((x) => x.path === b.path)!;
  info.sha256 = sha(text);
  info.terms = s.terms.length;
  info.postings = s.postings.reduce((n, p) => {
    try {
      return n + decodePostings(p).ids.length;
    } catch {
      return n;
    }
  }, 0);
  return { built: { ...b, index }, text };
}

function suite(name: string, entries: () => Entry[]) {
  describe(`meaning shards built from ${name}`, () => {
    const b = build(entries());
    const refused = (d: { built: Built; text: string }, problem: RegExp) => {
      const c = check(d.built, b.path, d.text);
      expect(c.ok, JSON.stringify(c)).toBe(false);
      expect(c).toMatchObject({ problem: expect.stringMatching(problem) });
      expect((c as { problem: string }).problem.startsWith(`${b.path}: `)).toBe(true);
      expect(c).not.toHaveProperty('otherBuild');
    };

    it('every shard of the build passes, each listed with the SHA-256 of its bytes', () => {
      expect(b.index.shards.length).toBeGreaterThan(5);
      for (const info of b.index.shards) {
        const text = b.texts.get(info.path)!;
        expect(info.sha256).toBe(sha(text));
        expect(check(b, info.path, text), info.path).toMatchObject({ ok: true });
      }
    });

    it('refuses a substituted shard its digest does not match, though well-formed', () => {
      // Two terms' postings swapped: every check of shape passes, the answers would be wrong.
      const s = structuredClone(b.shard);
      [s.postings[0], s.postings[1]] = [s.postings[1]!, s.postings[0]!];
      const text = JSON.stringify(s);
      const c = check(b, b.path, text);
      expect(c).toMatchObject({ ok: false, problem: expect.stringMatching(/SHA-256 is [0-9a-f]{64}, meanings\/index\.json says/) });
      // …and without a digest to compare, the shard is not taken on trust.
      expect(checkFile(b.path, b.texts.get(b.path)!, { version: AT, meanings: b.index })).toMatchObject({
        ok: false,
        problem: expect.stringContaining('no digest'),
      });
    });

    it('refuses postings that overflow (an id past 2³², which would wrap round to a real entry)', () => {
      const d = damaged(b, (s) => (s.postings[0] = encodePostings([2 ** 32 + 3], [0])));
      // Today's decoder wraps it: one wrong word shown.
      refused(d, /\/postings\/0 .*past the last/);
    });

    it('refuses ids past the entry count', () => {
      refused(
        damaged(b, (s) => (s.postings[0] = encodePostings([b.entries + 5], [0]))),
        new RegExp(`/postings/0 .*entry ${b.entries + 5} at .* past the last \\(${b.entries - 1}\\)`),
      );
    });

    it('refuses 300,000 postings for one term (more than there are entries)', () => {
      refused(
        damaged(b, (s) => (s.postings[1] = '0'.repeat(300_000))),
        /\/postings\/1 .*past the last/,
      );
    });

    it('refuses a number too long to be an id, and text that ends inside a number', () => {
      refused(
        damaged(b, (s) => (s.postings[0] = 'Z'.repeat(40) + '1')),
        /\/postings\/0 .*too long/,
      );
      refused(
        damaged(b, (s) => (s.postings[0] = 'Z')),
        /\/postings\/0 .*ends inside/,
      );
    });

    it('refuses terms out of order, repeated, or of another shard', () => {
      const swapped = damaged(b, (s) => {
        [s.terms[0], s.terms[1]] = [s.terms[1]!, s.terms[0]!];
        [s.postings[0], s.postings[1]] = [s.postings[1]!, s.postings[0]!];
      });
      refused(swapped, /\/terms\/1: .* is out of order or repeated/);
      refused(
        damaged(b, (s) => (s.terms[1] = s.terms[0]!)),
        /\/terms\/1: .* is out of order or repeated/,
      );
      refused(
        damaged(b, (s) => (s.terms[0] = 'x' + s.terms[0]!)),
        /\/terms\/0: .* does not start with the key/,
      );
    });

    it('refuses counts that differ from the meaning index', () => {
      const s = structuredClone(b.shard);
      s.terms.pop();
      s.postings.pop();
      s.count--;
      const text = JSON.stringify(s);
      const index = structuredClone(b.index);
      index.shards.find((x) => x.path === b.path)!.sha256 = sha(text);
      refused({ built: { ...b, index }, text }, /holds .* terms and .* postings, meanings\/index\.json says/);
    });

    it('(what the refused shapes would do) unsorted terms hide a term that is in the shard', () => {
      // The reason order is checked: search's binary search misses a term out of its place.
      const s = structuredClone(b.shard);
      const last = s.terms.length - 1;
      [s.terms[0], s.terms[last]] = [s.terms[last]!, s.terms[0]!];
      [s.postings[0], s.postings[last]] = [s.postings[last]!, s.postings[0]!];
      const shards = new MeaningShards(b.entries);
      shards.add(s);
      expect(shards.postings(s.terms[0]!)).toBeUndefined();
      expect(shards.search(meaningQuery(s.terms[0]!)).total).toBe(0);
    });
  });
}

suite('the embedded sample', () =>
  sorted(JSON.parse(readFileSync(new URL('../../../data-build/dictionary/sample/dictionary.json', import.meta.url), 'utf8')), 'dictionary.json'),
);

if (hasSharedData)
  suite('real headwords (../shared/data/dictionary)', () => {
    const dump = makeDump('check-shard', ['--entries', '5000']);
    return sorted(JSON.parse(readFileSync(dump.file, 'utf8')), dump.file);
  });
