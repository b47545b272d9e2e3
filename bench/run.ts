// `npm run bench`: every benchmark, printing figures (targets are stated, never asserted).

import { benchDictionaryBuild } from './dictionary-build.ts';

const only = process.argv[2];
if (!only || only === 'dictionary') await benchDictionaryBuild(Number(process.env.BENCH_RUNS ?? 5));
