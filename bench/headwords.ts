// The headword data a first visit saves for search over every word (`npm run bench -- headwords`):
// api/v1/headwords.json of the full-size dictionary (the 123,363 real headwords of the shared dump
// generator), and what a reader downloads for it: the .br and .gz that the app's build writes beside
// it (src/vite/precompress.ts), sent by our server and by nginx. Target: at most 800 KB brotli.
// Sizes only: they do not depend on the machine's load. Written to bench/RESULTS.md (section headwords).

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { HeadwordsFile } from '../src/core/dictionary/headwords.ts';
import { precompressTree } from '../src/vite/precompress.ts';
import { dump } from './dictionary-build.ts';
import { writeSection } from './results.ts';

const ROOT = resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KB`;

export async function benchHeadwords(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'khoj-headwords-'));
  try {
    const source = dump('dump-seed1', []);
    execFileSync(
      process.execPath,
      [join(ROOT, 'data-build/run.mjs'), 'cli', '--only', 'dictionary', '--dictionary', source, '--out', join(work, 'data'), '--quiet'],
      {
        stdio: 'inherit',
      },
    );
    const shipped = join(work, 'shipped');
    mkdirSync(shipped);
    copyFileSync(join(work, 'data/api/v1/headwords.json'), join(shipped, 'headwords.json'));
    await precompressTree(shipped);
    const file = JSON.parse(readFileSync(join(shipped, 'headwords.json'), 'utf8')) as HeadwordsFile;
    const size = (name: string) => statSync(join(shipped, name)).size;
    const [raw, br, gz] = [size('headwords.json'), size('headwords.json.br'), size('headwords.json.gz')];
    const line = `api/v1/headwords.json, ${file.count.toLocaleString('en')} headwords front-coded: ${raw.toLocaleString('en')} bytes (${kb(raw)}); sent brotli ${br.toLocaleString('en')} bytes (**${kb(br)}**, target ≤ 800 KB), gzip ${gz.toLocaleString('en')} bytes (${kb(gz)})`;
    console.log(`\n## Headword data for search at the first visit\n${line}`);
    writeSection(
      'headwords',
      [
        '## Headword data for search at the first visit (`npm run bench -- headwords`)',
        '',
        "bench/headwords.ts: the full-size dictionary built from the shared dump generator's dump, and its headword list with the `.br` and `.gz` the app's build writes beside it (src/vite/precompress.ts; our server and nginx send them). The first visit saves it at install, so that search over every word works offline; the one question states its size.",
        '',
        `- ${line}.`,
      ].join('\n'),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHeadwords();
