import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KhojError } from '../src/core/errors.ts';

/** The folder holding package.json, found from this module whether run from source or bundled. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || dir.endsWith('node_modules')) {
    const up = dirname(dir);
    if (up === dir) throw new KhojError('usage', 'cannot find the project root (package.json)');
    dir = up;
  }
  return dir;
}
