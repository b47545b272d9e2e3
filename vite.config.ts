import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons, ICONS, SCREENSHOTS, THEME } from './src/vite/app-icons.ts';
import { manifestShortcuts, SECTION_CARDS } from './src/app/section-cards.ts';
import { workerScript } from './src/vite/sw-scripts.ts';
import { cspMeta, staticHostFiles } from './src/vite/deploy-config.ts';
import { precompress } from './src/vite/precompress.ts';
import { dataTree } from './src/vite/data-tree.ts';
import { devanagariFont } from './src/vite/fonts.ts';
import { appFiles } from './src/vite/app-files.ts';
import { APP_FILES_NAME } from './src/core/packs/app-files.ts';

// Source maps are not published unless asked for (KHOJ_SOURCEMAP=1): they would show the
// whole source to anyone and double the files to precompress.
const SOURCEMAP = process.env.KHOJ_SOURCEMAP === '1';
import { DATA_GLOBS, SECTIONS } from './src/core/sections.ts';
import { ON_DEMAND_SCRIPTS } from './src/sw/scripts.ts';

/** The worker's stand-in for flexsearch (the books query's Index only; tested against the library). */
const FLEXSEARCH_LITE = fileURLToPath(new URL('./src/sw/books/flexsearch-lite.ts', import.meta.url));
export default defineConfig({
  // Relative base: the app works when hosted under any sub-path ({base_url} may be one).
  base: './',
  plugins: [
    preact(),
    appIcons(),
    // KHOJ_DATA_DIR lets the browser tests build the app around their own data.
    dataTree(process.env.KHOJ_DATA_DIR ?? 'build/data'),
    // Subset to the characters the app and that data use.
    devanagariFont(process.env.KHOJ_DATA_DIR ?? 'build/data'),
    // The on-demand assets' SHA-256, the only digests a content pack's copy of them is taken by (src/vite/app-files.ts).
    appFiles(SECTIONS.flatMap((s) => s.assetsOnDemand ?? [])),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The page registers the worker itself, through workbox-window (src/app/pwa.ts).
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The app shell only: the data files are stored on demand, never precached, and so is
        // pdf.js (its chunk and worker script, ~450 KB brotli): stored by the page when a PDF is
        // first saved or opened (src/app/books/pdf-doc.ts keepForOffline).
        // The on-demand assets' digests (app-files.json, about 300 bytes) are precached: a phone
        // offline since its one visit checks a content pack's copy of pdf.js by them.
        globPatterns: ['**/*.{js,mjs,css,html,png,svg,webmanifest,woff2}', APP_FILES_NAME],
        // The on-demand scripts: imported by the worker at install (src/sw/on-demand.ts); and what
        // sections store themselves when first needed (core/section-declaration.ts assetsOnDemand).
        globIgnores: [...DATA_GLOBS, '**/*.map', ...ON_DEMAND_SCRIPTS.map((s) => `${s.name}-*.js`), ...SECTIONS.flatMap((s) => s.assetsOnDemand ?? [])],
        rollupFormat: 'iife',
        buildPlugins: {
          vite: [
            {
              name: 'khoj-sw-size',
              enforce: 'pre',
              // Workbox's development logging and assertions go when this is production.
              config: () => ({ define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
              // The worker needs flexsearch's Index only as the books query uses it: a small
              // equivalent (tested against the library) instead of the whole library.
              resolveId: (id) => (id === 'flexsearch' ? FLEXSEARCH_LITE : undefined),
            },
            // Each section's scripts that the worker imports on first use (src/sw/scripts.ts).
            ...ON_DEMAND_SCRIPTS.map((s) =>
              workerScript({
                entry: fileURLToPath(new URL(`./${s.entry}`, import.meta.url)),
                name: s.name,
                define: s.define,
                sourcemap: SOURCEMAP,
                alias: { flexsearch: FLEXSEARCH_LITE },
              }),
            ),
          ],
        },
      },
      manifest: {
        // Stable across changes of start_url: the browser's one identity for the installed app.
        id: './',
        // The three sections, in the manifest's language (the install prompt and the app list show them).
        name: 'खोज · Khoj — शब्दकोश, पाठ्यपुस्तक, सेयर बजार',
        short_name: 'खोज',
        description: 'नेपाली शब्दकोश, विद्यालयका पाठ्यपुस्तक र सेयर बजारको डाटा, इन्टरनेटबिना पनि · Nepali dictionary, textbooks and market data that work offline',
        lang: 'ne',
        dir: 'ltr',
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: THEME,
        background_color: '#fdfaf6',
        icons: ICONS,
        shortcuts: manifestShortcuts(SECTION_CARDS),
        // A content pack opened from the phone's files opens the app's pack screen (src/app/packs/launched.ts).
        file_handlers: [{ action: './#/packs', accept: { 'application/x-tar': ['.tar'] } }],
        screenshots: SCREENSHOTS.map(({ hash: _hash, ...s }) => s),
      },
    }),
    // _headers, _redirects and 404 pages for Netlify and Cloudflare Pages (from src/core/http-policy.ts).
    staticHostFiles(),
    // The same policy as a <meta> in index.html, for hosts that send no headers.
    cspMeta(),
    // Last: .br and .gz beside every compressible file of dist/, the worker and the data included.
    precompress(),
  ],
  // Baked into the service worker, so two builds differ and the update flow can be tested.
  // VITE_KHOJ_TEST_HOOKS=1 (browser fault runs only) builds the worker's test hooks in (src/sw/test-hooks.ts).
  define: {
    __KHOJ_BUILD__: JSON.stringify(process.env.KHOJ_BUILD_ID ?? new Date().toISOString()),
    __KHOJ_TEST_HOOKS__: JSON.stringify(process.env.VITE_KHOJ_TEST_HOOKS === '1'),
  },
  build: {
    target: 'es2022',
    sourcemap: SOURCEMAP,
    // The start-up modules in one file: left alone, the bundler split the ones the lazy screens
    // share too (preact, the router, i18n, digits) into chunks of their own, and a cold start
    // waited for 5 files through the service worker instead of 1.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  worker: { format: 'es' },
  preview: { port: 4173 },
});
