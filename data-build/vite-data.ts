// Vite plugin: the data tree built by `npm run data` (build/data) is served by the dev
// server and copied into dist/ by the build, beside the app.

import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { safeJoin } from '../src/server/static.ts';

export function dataTree(dir: string): Plugin {
  const root = resolve(dir);
  let outDir = 'dist';
  return {
    name: 'khoj-data-tree',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        const file = path.startsWith('/api/') || path.startsWith('/data/') || path.startsWith('/covers/') ? safeJoin(root, path) : undefined;
        if (!file || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', file.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    closeBundle() {
      if (!existsSync(root)) throw new Error(`no data in ${dir}: run "npm run data" first`);
      cpSync(root, outDir, { recursive: true, filter: (src) => !src.includes(`${join('/', '.staging-')}`) });
    },
  };
}
