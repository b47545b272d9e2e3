// `npm run bench [name]`: benchmarks printing figures (targets are stated, never asserted).

import { benchBooks } from './books.ts';
import { benchBooksSw } from './books-sw.ts';
import { benchDictionaryBuild } from './dictionary-build.ts';
import { benchMarket } from './market.ts';
import { benchMarketUi } from './market-ui.ts';
import { benchPwa } from './pwa.ts';
import { benchSearch } from './search.ts';
import { benchServe } from './serve.ts';

const only = process.argv[2];
const runs = Number(process.env.BENCH_RUNS ?? 5);
if (!only || only === 'dictionary') await benchDictionaryBuild(runs);
if (!only || only === 'pwa') await benchPwa();
if (!only || only === 'books') {
  await benchBooks();
  await benchBooksSw();
}
if (!only || only === 'market') {
  await benchMarket();
  await benchMarketUi();
}
if (!only || only === 'search') await benchSearch();
if (!only || only === 'serve') await benchServe();
