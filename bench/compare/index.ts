// `npm run bench -- compare`: Khoj side by side with the public web client (lookups over an
// emulated phone network) and with stock flexsearch (search quality). Prints the figures and
// writes them into the "compare" section of bench/RESULTS.md.

import { loadavg } from 'node:os';
import { writeSection } from '../results.ts';
import { compareLookups, NETWORK, type Times } from './lookup.ts';
import { benchSearchQuality } from './search-quality.ts';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[xs.length >> 1]!;
const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

export async function benchCompare(): Promise<void> {
  console.log('\n## compare: the public web client and stock flexsearch against Khoj');
  const lines: string[] = ['## Side by side (`npm run bench -- compare`)', '', `Measured ${new Date().toISOString().slice(0, 16)}Z.`, ''];

  const lookups = await compareLookups();
  const { web, khoj, khojBig, khojBigParse, bigLetter, own, ownBig, manifest, floor, startup } = lookups;
  const row = (name: string, t: Times) => `| ${name} | ${ms(median(t.cold))} | ${ms(p95(t.cold))} | ${ms(median(t.warm))} | ${ms(p95(t.warm))} |`;
  const ratio = (t: Times, k: 'cold' | 'warm') => (median(web[k]) / median(t[k])).toFixed(1);
  const big = `${bigLetter.letter}, ${(bigLetter.bytes / 1e6).toFixed(1)} MB letter file`;
  const start = lines.length;
  lines.push(
    '### (a) One lookup: letter file, then chunk',
    '',
    `${lookups.words} words of the full-size dictionary (synthetic senses on the 123,363 real headwords): 20 from the biggest letter file (${bigLetter.letter}, ${(bigLetter.bytes / 1e6).toFixed(2)} MB) and one from each of 20 other letters. One headless Chromium. The web client: fetch and parse both files with no service worker, over a network emulated at ${NETWORK.latency} ms round trip, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbps up, from our server (gzip) (cold: empty HTTP cache; warm: the same word again, the server's \`no-cache\` makes it revalidate): its figures are the emulated network's and the server's, almost all of them. Khoj: the same code fetching the same two files after "save the whole dictionary", answered by the service worker from IndexedDB, every answer checked to come from the store, no network (cold: worker stopped first, so it starts, opens IndexedDB, reads each row and verifies its digest; warm: the same word again with the worker running, which answers the rows it verified from Blobs of their bytes it keeps, without reading IndexedDB again). Page-side reading and JSON parsing are included on both sides.`,
    '',
    '| lookup | cold median | cold p95 | warm median | warm p95 |',
    '|---|---|---|---|---|',
    row('public web client, over the network', web),
    row('Khoj, from its store (all 40)', khoj),
    row(`Khoj, from its store (${big})`, khojBig),
    row("Khoj's own lookup (`lookUp`: the chunk, by the manifest's word ranges), from its store (all 40)", own),
    row(`Khoj's own lookup, from its store (${big})`, ownBig),
    '',
    `Of Khoj's warm ${bigLetter.letter} lookups by the two files, the page's own \`JSON.parse\` takes a median ${ms(median(khojBigParse))}; reading the 1 MB answer in the page takes most of the rest (the worker answers a Blob it keeps, and does not read it): with no worker at all, the page reading the same file from a Blob and parsing it takes a median ${ms(median(floor))}. A stopped worker's first answer (\`metadata.json\`, a few hundred bytes, from its store) takes a median ${ms(median(startup))}: most of the difference between cold and warm. Khoj's own lookup (\`src/app/dictionary/api.ts\`, bundled and run in the page) goes to the word's chunk by the manifest's word ranges, which the page reads once (a fresh page's read of \`manifest.json\` from the store: median ${ms(median(manifest))}) and keeps parsed; it asks for the letter file after the entry, without reading it, so that the worker keeps it, and the next lookup starts when that is answered (not timed). Load average while measuring: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on 2 cores (other work running: absolute times are inflated, compare within one run).`,
    '',
    `**Ratio (web client median / Khoj median): two files cold ${ratio(khoj, 'cold')}×, warm ${ratio(khoj, 'warm')}×; Khoj's own lookup cold ${ratio(own, 'cold')}×, warm ${ratio(own, 'warm')}×.** Target from issue 12: under 10 ms median from the store for a lookup whose letter file is up to 1 MB (at least 50×), and the same for Khoj's own lookups.`,
    '',
  );
  console.log(lines.slice(start + 4, -1).join('\n'));
  writeSection('compare', lines.join('\n'));
  console.log('written to bench/RESULTS.md');
  benchSearchQuality();
}
