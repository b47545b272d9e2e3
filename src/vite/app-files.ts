// Vite plugin: after the app is written, the SHA-256 and size of each on-demand asset (pdf.js's
// chunk and worker script: core/books/books-declaration.ts assetsOnDemand) in dist/app-files.json.
// A content pack carries these files to a phone that never fetched them; that phone takes one
// only when it is byte for byte this build's file (core/packs/app-files.ts), by this list, never
// by the pack's own digest. A file beside index.html, precached with the shell (vite.config.ts),
// fetched by the pack screen only: nothing in the start-up bundle.

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { APP_FILES_NAME, type AppFile } from '../core/packs/app-files.ts';

/** A glob of assetsOnDemand (`*` within one name) as a test of a file's path in dist/. */
const matcher = (globs: readonly string[]) => {
  const res = globs.map((g) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`));
  return (path: string) => res.some((r) => r.test(path));
};

export function appFiles(globs: readonly string[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'khoj-app-files',
    apply: 'build',
    configResolved: (c) => void (config = c),
    // writeBundle: the files as written (after every plugin's changes); the worker's precache list is made at closeBundle.
    async writeBundle(options, bundle) {
      const dir = resolve(config.root, options.dir ?? config.build.outDir);
      const wanted = matcher(globs);
      const files: AppFile[] = [];
      for (const name of Object.keys(bundle).sort()) {
        if (!wanted(name)) continue;
        const bytes = await readFile(join(dir, name));
        files.push({ path: name, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length });
      }
      await writeFile(join(dir, APP_FILES_NAME), `${JSON.stringify({ files }, null, 1)}\n`);
    },
  };
}
