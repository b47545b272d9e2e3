// The machine's tools some tests need, checked in one place: Debian's Chromium (every browser
// test), nginx with its brotli_static module (deploy/nginx) and poppler's pdftoppm (PDF covers).
// Plain JavaScript, so tests/preflight.mjs can use it within a second of `npm test`.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

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
