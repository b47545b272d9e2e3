// Dictionary search: headword index build over the 123,363 real headwords, search()
// latency while 50 realistic queries are typed character by character (Devanagari and
// romanised), and the meaning index of the data build over the full-size synthetic dump.
// Targets (printed, never asserted): build well under 1 s, a keystroke well under 2 ms.

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync } from 'node:zlib';
import { HeadwordIndex } from '../src/core/dictionary/search/headword-index.ts';
import { lettersFor } from '../src/core/dictionary/search/letters.ts';
import { meaningFileTexts } from '../data-build/dictionary/meanings.ts';
import { mergeDuplicates, sortEntries } from '../src/core/dictionary/layout.ts';
import { MEANINGS_INDEX, type MeaningShardFile, type MeaningsIndexFile } from '../src/core/dictionary/meanings/files.ts';
import { meaningQuery, MeaningShards } from '../src/core/dictionary/meanings/search.ts';
import type { Entry } from '../src/core/dictionary/types.ts';

const ROOT = resolve(import.meta.dirname, '..');
const HEADWORDS = resolve(ROOT, '../shared/data/dictionary/headwords.txt');
const DUMP = resolve(ROOT, '.bench/dump-seed1.json');

// What people look up, as they type it.
const DEVANAGARI_QUERIES = [
  'नेपाल',
  'किरण',
  'पण्डित',
  'विद्यालय',
  'सरकार',
  'पानी',
  'खाना',
  'राम्रो',
  'मान्छे',
  'बाटो',
  'आमा',
  'ज्ञान',
  'शब्द',
  'क्षमा',
  'नमस्ते',
  'प्रधानमन्त्री',
  'संस्कृति',
  'स्वास्थ्य',
  'अधिकार',
  'इतिहास',
  'कृष्ण',
  'धन्यवाद',
  'उदाहरण',
  'ईश्वर',
  'छोरी',
];
const ROMAN_QUERIES = [
  'kiran',
  'namaste',
  'nepali',
  'ghar',
  'kshama',
  'xama',
  'gyan',
  'shabda',
  'aama',
  'pani',
  'khana',
  'ramro',
  'manchhe',
  'bato',
  'sarkar',
  'vidyalaya',
  'krishna',
  'rishi',
  'pandit',
  'dhanyabad',
  'itihas',
  'sanskriti',
  'bhai',
  'chhori',
  'prithvi',
];

// A collector to call, so retained heap can be measured without --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retainedHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
function summary(times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${ms(percentile(s, 0.5))}, p95 ${ms(percentile(s, 0.95))}, max ${ms(s[s.length - 1]!)} (${s.length} searches)`;
}

/** Every prefix a typist passes through: code point by code point. */
const keystrokes = (query: string) => [...query].map((_, i, cps) => cps.slice(0, i + 1).join(''));

function typeAll(index: HeadwordIndex, queries: string[]): number[] {
  const times: number[] = [];
  for (const q of queries) {
    for (const prefix of keystrokes(q)) {
      const start = performance.now();
      index.search(prefix, 20);
      times.push(performance.now() - start);
    }
  }
  return times;
}

function benchHeadwords(): void {
  if (!existsSync(HEADWORDS)) {
    console.log(`skipped: ${HEADWORDS} not found`);
    return;
  }
  const words = readFileSync(HEADWORDS, 'utf8')
    .split('\n')
    .filter((w) => w !== '');
  const heapBefore = retainedHeap();
  let start = performance.now();
  const index = new HeadwordIndex(words);
  const cold = performance.now() - start;
  const retained = retainedHeap() - heapBefore;
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    start = performance.now();
    new HeadwordIndex(words);
    warm.push(performance.now() - start);
  }
  warm.sort((a, b) => a - b);
  console.log(
    `headword index, ${words.length} words: build ${ms(cold)} cold, ${ms(warm[warm.length >> 1]!)} warm median of 5 (target well under 1 s); retains ${(retained / 1e6).toFixed(0)} MB beside the list`,
  );
  const devanagari = typeAll(index, DEVANAGARI_QUERIES);
  const roman = typeAll(index, ROMAN_QUERIES);
  console.log(`search() while typing, limit 20, first pass (target well under 2 ms):`);
  console.log(`  Devanagari (25 queries) ${summary(devanagari)}`);
  console.log(`  romanised  (25 queries) ${summary(roman)}`);
  console.log(`  all 50                  ${summary([...devanagari, ...roman])}`);
  const again = typeAll(index, [...DEVANAGARI_QUERIES, ...ROMAN_QUERIES]);
  console.log(`  all 50, second pass     ${summary(again)}`);
  const letters: number[] = [];
  for (const q of [...DEVANAGARI_QUERIES, ...ROMAN_QUERIES]) {
    for (const prefix of keystrokes(q)) {
      const start = performance.now();
      lettersFor(prefix);
      letters.push(performance.now() - start);
    }
  }
  console.log(`lettersFor while typing: ${summary(letters)}`);
}

function benchMeanings(): void {
  if (!existsSync(DUMP)) {
    console.log(`meaning index: skipped, ${DUMP} not found (npm run bench dictionary makes it)`);
    return;
  }
  const entries = sortEntries(mergeDuplicates(JSON.parse(readFileSync(DUMP, 'utf8')) as Entry[]));
  // As the data build makes it: built once, serialised; the phone only parses and searches.
  const builds: number[] = [];
  let files: Map<string, string> = new Map();
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    files = meaningFileTexts(entries, '2026-01-01T00:00:00Z');
    builds.push(performance.now() - start);
  }
  const index = JSON.parse(files.get(MEANINGS_INDEX)!) as MeaningsIndexFile;
  const bytes = [...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
  const brotli = [...files.values()].reduce((n, t) => n + brotliCompressSync(t).length, 0);
  const biggest = Math.max(...index.shards.map((s) => s.bytes));
  console.log(
    `meaning index (data build), ${entries.length} entries: ${index.terms} words, ${index.postings} postings in ${index.shards.length} shards; build ${ms(builds.sort((a, b) => a - b)[1]!)} (median of 3); ${(bytes / 1e6).toFixed(2)} MB (${(brotli / 1e6).toFixed(2)} MB brotli), biggest shard ${(biggest / 1e3).toFixed(0)} kB`,
  );
  // Words of the dump's own senses, one- and two-word queries.
  const words = entries
    .slice(0, 2000)
    .flatMap((e) => e.definitions.flatMap((d) => d.senses.join(' ').split(/[^\p{L}\p{M}]+/u)))
    .filter((w) => w.length > 2);
  const queries = Array.from({ length: 200 }, (_, i) => (i % 4 === 3 ? `${words[i * 7]} ${words[i * 7 + 1]}` : words[i * 13]!));
  // A search loads the shards its words need: the cost of the first query of a word.
  const heapBefore = retainedHeap();
  const shards = new MeaningShards(index.entries);
  const loads: number[] = [];
  for (const info of index.shards) {
    const t = performance.now();
    shards.add(JSON.parse(files.get(info.path)!) as MeaningShardFile);
    loads.push(performance.now() - t);
  }
  const first = queries.map((q) => {
    const t = performance.now();
    shards.search(meaningQuery(q), { limit: 20, prefix: true });
    return performance.now() - t;
  });
  const again = queries.map((q) => {
    const t = performance.now();
    shards.search(meaningQuery(q), { limit: 20, prefix: true });
    return performance.now() - t;
  });
  const heap = retainedHeap() - heapBefore;
  console.log(
    `  every shard loaded (the whole dictionary searchable): retains ${(heap / 1e6).toFixed(1)} MB (target < 50 MB; flexsearch in the app built it in 2.5 s and kept 102 MB); parse a shard ${summary(loads).replace(' searches', ' shards')}`,
  );
  console.log(`  query (limit 20, prefix on the last word), first ${summary(first)}; again ${summary(again)}`);
}

export async function benchSearch(): Promise<void> {
  console.log('\n## dictionary search');
  benchHeadwords();
  benchMeanings();
}
