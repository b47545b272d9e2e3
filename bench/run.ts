// `npm run bench [name]`: benchmarks printing figures (targets are stated, never asserted).

import { benchBombs } from './bombs.ts';
import { benchBooks } from './books.ts';
import { benchCompare } from './compare/index.ts';
import { benchSearchQuality } from './compare/search-quality.ts';
import { benchBooksScale } from './books-scale.ts';
import { benchBooksSw } from './books-sw.ts';
import { benchDictionaryBuild } from './dictionary-build.ts';
import { benchFirstKeystroke } from './first-keystroke.ts';
import { benchHeadwords } from './headwords.ts';
import { benchMarket } from './market.ts';
import { benchMarketUi } from './market-ui.ts';
import { benchIndexHistory } from './index-history.ts';
import { benchPublicBuild } from './public-build.ts';
import { benchPack } from './pack.ts';
import { benchPacks } from './packs.ts';
import { benchPwa } from './pwa.ts';
import { benchReader } from './reader.ts';
import { benchSearch } from './search.ts';
import { benchServe } from './serve.ts';
import { benchTap } from './tap.ts';
import { benchTrace } from './trace.ts';

const only = process.argv[2];
const runs = Number(process.env.BENCH_RUNS ?? 5);
if (!only || only === 'dictionary') await benchDictionaryBuild(runs);
if (!only || only === 'headwords') await benchHeadwords();
if (!only || only === 'bombs') await benchBombs();
if (!only || only === 'pwa') await benchPwa();
// The whole dictionary saved from its pack: transfer, the worker's memory, the save's work at 4× CPU.
if (!only || only === 'pack') await benchPack();
if (!only || only === 'books') {
  await benchBooks();
  await benchBooksSw();
}
if (!only || only === 'market') {
  await benchMarket();
  await benchMarketUi();
}
// Needs the e2e suite's shared build (.e2e/all/dist).
if (only === 'index-history') await benchIndexHistory();
// Likewise: a 200 MB content pack written and opened at 4× CPU (issue 35).
if (only === 'packs') await benchPacks();
// Likewise: the PDF reader's page turn on the sample's Nepali reader.
if (only === 'reader') await benchReader();
if (!only || only === 'books' || only === 'books-scale') await benchBooksScale();
if (!only || only === 'search') await benchSearch();
// The first keystroke offline at full size, in Chromium (issue 34).
if (!only || only === 'search' || only === 'keystroke') await benchFirstKeystroke();
// A first visit's long tasks, traced (a build from `npm run lighthouse -- --real`, or BENCH_TRACE_DIST).
if (only === 'trace') await benchTrace();
// Only when asked for: it builds the full-size app and saves the whole dictionary in Chromium.
if (only === 'compare') await benchCompare();
if (only === 'search-quality') benchSearchQuality();
// Likewise (the full-size app, saved whole): tap → entry painted, and cold start.
if (only === 'tap') await benchTap();
if (!only || only === 'public') await benchPublicBuild();
if (!only || only === 'serve') await benchServe();
