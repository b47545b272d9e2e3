// Vite plugin: the data tree built by `npm run data` (build/data) is served by the dev
// server exactly as `npm start` serves it, and copied into dist/ by the build.

import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { DATA_PATH } from '../core/sections.ts';
import { appHandler } from '../server/app.ts';
import { KhojError } from '../core/errors.ts';

export function dataTree(dir: string): Plugin {
  const root = resolve(dir);
  let outDir = 'dist';
  return {
    name: 'khoj-data-tree',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const handle = appHandler(root);
      server.middlewares.use((req, res, next) => {
        if (!DATA_PATH.test(new URL(req.url ?? '/', 'http://x').pathname)) return next();
        handle(req, res).catch(next);
      });
    },
    closeBundle() {
      if (!existsSync(root)) throw new KhojError('usage', `no data in ${dir}: run "npm run data" first`);
      // Staging folders of an interrupted build are never published.
      cpSync(root, outDir, { recursive: true, filter: (src) => !/[\\/]\.staging-|\.staged-/.test(src) });
    },
  };
}
