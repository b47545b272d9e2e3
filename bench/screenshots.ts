// The web app manifest's screenshots (src/vite/app-icons.ts SCREENSHOTS): the app itself, shot
// in Debian's Chromium at a phone's size and a wide screen's, written as small WebP files into
// src/vite/screenshots/ (kept in git; the build copies them). Run after changing the screens:
//
//   node --import tsx bench/screenshots.ts [--dist .e2e/all/dist]
//
// The default dist is the browser tests' all-sections build (npx playwright test builds it).

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SCREENSHOTS } from '../src/vite/app-icons.ts';
import { serve } from '../harness/http.ts';
import { CHROMIUM } from '../harness/tools.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'src/vite/screenshots');
const { values: opts } = parseArgs({ options: { dist: { type: 'string', default: join(ROOT, '.e2e/all/dist') } } });

const site = await serve(resolve(opts.dist));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
mkdirSync(OUT, { recursive: true });
try {
  for (const shot of SCREENSHOTS) {
    const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
    const narrow = shot.form_factor === 'narrow';
    // No service worker: the shot shows the screen, not a first-visit notice over its top.
    const context = await browser.newContext({ viewport: { width, height }, isMobile: narrow, hasTouch: narrow, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${site.url}/${shot.hash}`);
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const png = await page.screenshot({ type: 'png' });
    // Chromium encodes WebP in a canvas: a fraction of the PNG's size, no image library needed
    // (on a blank page: the app's content security policy refuses data: URLs).
    await page.goto('about:blank');
    const webp = await page.evaluate(async (b64) => {
      const img = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const canvas = new OffscreenCanvas(img.width, img.height);
      canvas.getContext('2d')!.drawImage(img, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
      return [...new Uint8Array(await blob.arrayBuffer())];
    }, png.toString('base64'));
    const file = join(OUT, basename(shot.src));
    writeFileSync(file, Buffer.from(webp));
    console.log(`${file}: ${width}×${height}, ${(webp.length / 1024).toFixed(1)} KB (PNG ${(png.length / 1024).toFixed(1)} KB)`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
