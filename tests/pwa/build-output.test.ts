// The built app (vite build): web app manifest, icons, the service worker's precache
// list (app shell only, no data), relative URLs for sub-path hosting.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_PATH } from '../../src/core/services.ts';
import { dictionaryBuild, ROOT } from '../helpers/run.ts';

describe('vite build output', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'khoj-app-'));
  const data = join(tmp, 'data');
  const dist = join(tmp, 'dist');
  const read = (p: string) => readFileSync(join(dist, p), 'utf8');

  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', data, '--chunk-size', '100'])).code).toBe(0);
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, KHOJ_DATA_DIR: data, KHOJ_BUILD_ID: 'test' },
      stdio: 'ignore',
    });
  });

  it('has an installable web app manifest with name, short name, lang, theme and icons', () => {
    const m = JSON.parse(read('manifest.webmanifest'));
    expect(m).toMatchObject({ short_name: 'खोज', lang: 'ne', display: 'standalone', start_url: './', scope: './', theme_color: '#8a1c1c' });
    expect(m.name).toContain('Khoj');
    const sizes = m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of m.icons) {
      const png = readFileSync(join(dist, icon.src));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect(read('index.html')).toContain('<link rel="manifest" href="./manifest.webmanifest">');
  });

  it('precaches the app shell and no data file', () => {
    const sw = read('sw.js');
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(urls).toContain('index.html');
    expect(urls.some((u) => /^assets\/index-.*\.js$/.test(u))).toBe(true);
    expect(urls.filter((u) => DATA_PATH.test(`/${u}`))).toEqual([]);
    expect(existsSync(join(dist, 'api/v1/letters.json'))).toBe(true);
    expect(/[`"]test[`"]/.test(sw), 'the build id is baked in, so two builds differ').toBe(true);
  });

  it('uses relative URLs only, so it can be hosted under any sub-path', () => {
    const html = read('index.html');
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    expect(html).toMatch(/src="\.\/assets\/index-[\w-]+\.js"/);
  });

  it('keeps the initial JavaScript and the service worker small (figures in npm run bench)', () => {
    const entry = /src="\.\/(assets\/index-[\w-]+\.js)"/.exec(read('index.html'))![1]!;
    // The README's budgets (Performance): the figures themselves are in npm run bench.
    const gzip = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
    expect(gzip(entry), 'initial JavaScript, gzip').toBeLessThan(50_000);
    expect(gzip('sw.js'), 'service worker, gzip').toBeLessThan(25_000);
  });

  it('builds the market validators as a script of their own, which the worker imports and does not contain', () => {
    const sw = read('sw.js');
    const names = readdirSync(dist).filter((f) => /^sw-market-[0-9a-f]{10}\.js$/.test(f));
    expect(names).toHaveLength(1);
    const script = read(names[0]!);
    // The worker names the script (its hash: a changed script changes the worker), never precaches it.
    expect(sw).toMatch(new RegExp(`[\`"']${names[0]!.replace('.', '\\.')}[\`"']`));
    expect([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1])).not.toContain(names[0]);
    expect(script).toContain('self.khojMarketCore=');
    expect(script).toMatch(new RegExp(`//# sourceMappingURL=${names[0]!.replace('.', '\\.')}\\.map\\n$`));
    expect(existsSync(join(dist, `${names[0]}.map`))).toBe(true);
    // A message of the adapters (the stock rows' reader) and of the codecs: in the script only.
    for (const text of ['expected an array of stock rows', 'missing required field']) {
      expect(script, text).toContain(text);
      expect(sw, text).not.toContain(text);
    }
  });
});
