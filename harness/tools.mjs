// The machine's tools some tests need, checked in one place: Debian's Chromium (every browser
// test), nginx with its brotli_static module (deploy/nginx) and poppler's pdftoppm (PDF covers).
// Plain JavaScript, so tests/preflight.mjs can use it within a second of `npm test`.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Each tool: its Debian packages, and why it cannot run here (undefined when it can). */
export const TOOLS = {
  chromium: { packages: ['chromium'], missing: () => (executable(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (or set CHROMIUM_PATH)`) },
  nginx: {
    packages: ['nginx', 'libnginx-mod-http-brotli-static'],
    missing: () =>
      !executable(NGINX) ? `no nginx at ${NGINX} (or set NGINX_PATH)` : !existsSync(BROTLI_MODULE) ? `no brotli_static module at ${BROTLI_MODULE}` : undefined,
  },
  pdftoppm: { packages: ['poppler-utils'], missing: () => (spawnSync('pdftoppm', ['-v']).error ? 'no pdftoppm on the PATH' : undefined) },
};

/** The Debian command that installs these tools. */
export const installCommand = (names) => `apt-get install -y ${[...new Set(names.flatMap((n) => TOOLS[n].packages))].join(' ')}`;

/** Why `name` cannot run here, with the command that installs it; undefined when it can. */
export function toolMissing(name) {
  const why = TOOLS[name].missing();
  return why && `${why}; install it with: ${installCommand([name])}`;
}

/**
 * The gate for tests that need a tool: true when it is there. When it is not, under CI=true it
 * throws (CI must run everything); elsewhere it prints which tests are skipped and why, and
 * returns false.
 */
export function haveTool(name, what) {
  const why = toolMissing(name);
  if (why === undefined) return true;
  if (process.env.CI === 'true') throw new Error(`CI: ${what} need ${name}: ${why}`);
  console.warn(`SKIPPING ${what}: ${why}`);
  return false;
}

// Chromium keeps the last --disable-features it is given, so ours must repeat Playwright's own
// (playwright-core's chromiumSwitches.ts, version PLAYWRIGHT_FEATURES_OF) to add to them.
const PLAYWRIGHT_FEATURES_OF = '1.64.1';
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
// Headless Chromium opens the address bar's suggestion popup, a page of its own, in every new
// context: a large part of the CPU a test's first visit costs (bench/RESULTS.md, "npm test:
// where the time goes"). No page ever sees it.
const OURS_DISABLED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const installedPlaywright = () => createRequire(import.meta.url)('playwright-core/package.json').version;

/** The switches every browser test launches Debian's Chromium with (for the installed Playwright, or the one named). */
export function chromiumArgs(playwrightVersion = installedPlaywright()) {
  if (playwrightVersion !== PLAYWRIGHT_FEATURES_OF)
    throw new Error(
      `harness/tools.mjs: Playwright is ${playwrightVersion}, its disabled features were copied from ${PLAYWRIGHT_FEATURES_OF}: copy them again from playwright-core's chromiumSwitches`,
    );
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
    '--disable-component-update',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED, ...OURS_DISABLED].join(',')}`,
  ];
}
