// Which files a launch routes past the worker (src/sw/static-routes.ts): the shell's own start-up
// files under assets/, by exact URL, from the real built shell and from odd markup.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupFiles } from '../../src/sw/static-routes.ts';
import { appBuild } from '../helpers/app-build.ts';

describe('startupFiles', () => {
  it('lists the built shell’s script, style and font, and nothing else', async () => {
    const { dist } = await appBuild('dictionary');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const files = startupFiles(html, 'https://example.org/khoj/index.html');
    expect(files.some((f) => /\/khoj\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /\/khoj\/assets\/index-[\w-]+\.css$/.test(f))).toBe(true);
    expect(files.some((f) => /\/khoj\/assets\/noto-sans-devanagari-[\w-]+\.woff2$/.test(f))).toBe(true);
    // The manifest and icons are not start-up files the first frame waits for.
    expect(files.every((f) => f.startsWith('https://example.org/khoj/assets/'))).toBe(true);
  }, 300_000);

  it('skips other origins, files outside assets/, and URLs with a query', () => {
    const html = `<script type="module" src="./assets/a.js"></script>
      <link rel="stylesheet" href="https://cdn.example.com/assets/b.css">
      <link rel="icon" href="./icons/i.png"><script src="./assets/c.js?v=1&amp;x=2"></script>
      <link rel="modulepreload" href="/assets/d.js"><a href="./assets/e.js">not loaded</a>`;
    expect(startupFiles(html, 'https://example.org/index.html')).toEqual(['https://example.org/assets/a.js', 'https://example.org/assets/d.js']);
  });
});
