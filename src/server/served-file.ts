// Which file under the served folder a URL path names: never outside the folder, however the
// path is spelt, and never through a symlink that leads out of it.

import type { Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** The file under root that a decoded URL path names, or undefined if it would leave root. */
export function safeJoin(root: string, path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return undefined;
  const parts = path.split('/');
  if (parts.some((p) => p === '..')) return undefined;
  const full = resolve(root, `.${path}`);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  return path.endsWith('/') ? full + sep : full;
}

export interface Found {
  path: string;
  stats: Stats;
}

/** A served folder: its files, checked to stay inside it once symlinks are resolved. */
export class Folder {
  readonly root: string;
  private real?: Promise<string>;

  constructor(rootDir: string) {
    this.root = resolve(rootDir);
  }

  /** The regular file at `path` (a folder's index.html), or undefined when absent or outside. */
  async file(path: string): Promise<Found | undefined> {
    try {
      const stats = await stat(path);
      if (stats.isDirectory()) return this.file(join(path, 'index.html'));
      if (!stats.isFile() || !(await this.inside(path))) return undefined;
      return { path, stats };
    } catch {
      return undefined;
    }
  }

  private async inside(path: string): Promise<boolean> {
    this.real ??= realpath(this.root).catch((e: unknown) => {
      this.real = undefined;
      throw e;
    });
    const root = await this.real;
    const real = await realpath(path);
    return real.startsWith(root + sep);
  }
}
