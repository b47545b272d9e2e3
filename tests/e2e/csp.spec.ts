// The app under its Content-Security-Policy (src/core/http-policy.ts, applied by every test server):
// every screen works with no violation, an inline script and a remote image are blocked (and
// reported, so the other suites' servers catch any violation too), and notice HTML shows remote
// images as links, never loading them.

import { expect, type Page, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serveSwitchable, type Switchable } from '../../harness/http.ts';
import { openApp } from './helpers.ts';
import { ALL_DIST } from '../../harness/variant.ts';

const ROOT = join(import.meta.dirname, '../..');
let site: Switchable;
let beacon: { server: Server; url: string; hits: string[] };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await serveSwitchable(ALL_DIST);
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/gif' }).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  beacon = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
});

test.afterAll(async () => {
  await site.close();
  await new Promise((ok) => beacon.server.close(ok));
});

/** Violations seen by the page (securitypolicyviolation events), from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test('every screen works under the policy, with no violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const res = await page.request.get(`${site.url}/`);
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  await openApp(page, site.url);
  const screens = [
    '#/',
    `#/letter/${encodeURIComponent('क')}`,
    `#/search?q=${encodeURIComponent('विद्या')}`,
    '#/saved',
    '#/books',
    '#/books/list',
    '#/books/shelves',
    '#/market',
    '#/market/prices',
    '#/market/news',
    '#/market/settings',
  ];
  for (const hash of screens) {
    await page.goto(`${site.url}/${hash}`);
    await expect(page.locator('#app > *').first(), hash).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(), hash).toEqual([]);
  }
  // A word page, reached as a reader does.
  await page.goto(`${site.url}/#/word/${encodeURIComponent('विद्यालय')}`);
  await expect(page.locator('article.entry h1')).toHaveText('विद्यालय');
  // The API documentation page (Swagger UI) under the same policy.
  await page.goto(`${site.url}/docs/`);
  await expect(page.locator('.swagger-ui .info')).toBeVisible();
  await expect(page.locator('.khoj-credit')).toHaveCSS('background-color', 'rgb(29, 78, 137)');
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('an inline script and a remote image are blocked, and reported to the server', async ({ page }) => {
  const violations = await watchViolations(page);
  await openApp(page, site.url);
  await page.evaluate((url) => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.body.append(s);
    const img = document.createElement('img');
    img.src = `${url}/beacon.gif?who=reader`;
    document.body.append(img);
  }, beacon.url);
  await expect.poll(violations).toEqual(expect.arrayContaining(['script-src-elem inline', `img-src ${beacon.url}/beacon.gif?who=reader`]));
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  // The reports reach the test server, which is how every other suite catches a violation.
  await expect.poll(() => site.reports.length).toBeGreaterThanOrEqual(2);
  site.reports.splice(0);
  expect(beacon.hits).toEqual([]);
});

test('notice HTML shows a remote image as a link and never loads it', async ({ page }) => {
  // The app's sanitiser, bundled as the app bundles it, run in the browser.
  const code =
    buildSync({ entryPoints: [join(ROOT, 'src/app/market/html.ts')], bundle: true, format: 'iife', globalName: 'khojHtml', write: false }).outputFiles[0]!
      .text + ';window.khojHtml = khojHtml;';
  await page.goto('about:blank');
  await page.evaluate(code);
  const html = await page.evaluate((url) => {
    const out = (window as unknown as { khojHtml: { sanitize: (h: string) => string } }).khojHtml.sanitize(
      `<p>Results <img src="${url}/pixel.gif?id=1" alt="chart"> and <img src="relative.png"> <picture><source srcset="${url}/s.webp"></picture></p>`,
    );
    document.body.innerHTML = out;
    return out;
  }, beacon.url);
  expect(html).not.toMatch(/<img|<source|srcset/i);
  const link = page.locator('a.remote-image');
  await expect(link).toHaveText('🖼 chart');
  await expect(link).toHaveAttribute('href', `${beacon.url}/pixel.gif?id=1`);
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(html).toContain('🖼 image');
  await page.waitForLoadState('networkidle');
  expect(beacon.hits).toEqual([]);
});

test('sanitising exchange HTML under the policy reports nothing: handlers and styles are cut before it is parsed', async ({ page }) => {
  const violations = await watchViolations(page);
  await openApp(page, site.url);
  // The app's sanitiser, bundled as the app bundles it, run in the app's page (under its policy).
  const code =
    buildSync({ entryPoints: [join(ROOT, 'src/app/market/html.ts')], bundle: true, format: 'iife', globalName: 'khojHtml', write: false }).outputFiles[0]!
      .text + ';window.khojHtml = khojHtml;';
  await page.evaluate(code);
  const html = await page.evaluate(() =>
    (window as unknown as { khojHtml: { sanitize: (h: string) => string } }).khojHtml.sanitize(
      `<p onclick="window.__xss = 1" style="color:red">kept</p><img src="x" onerror="window.__xss = 2"><svg onload="window.__xss = 3"></svg>` +
        `<div ONMOUSEOVER='window.__xss = 4' data-x="a>b">also kept</div><a href="https://example.org/" onfocus=window.__xss=5>link</a>` +
        `<b data-x="a>b" onclick="window.__xss = 6">bold</b><svg/onload="window.__xss = 7"></svg>`,
    ),
  );
  expect(html).toContain('kept');
  expect(html).toContain('also kept');
  expect(html).not.toMatch(/\son\w+\s*=|style=/i);
  // Violations are reported as events right after parsing; give them two frames.
  await page.evaluate(() => new Promise<void>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok()))));
  expect(await violations()).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
