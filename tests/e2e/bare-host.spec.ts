// The built app on a static host that sends none of our headers (GitHub Pages, where the workflow
// deploys): the Content-Security-Policy <meta> in index.html (from src/core/http-policy.ts) is in
// force, so an injected inline script or remote image is blocked while the app works; and on a
// host that also redirects /index.html to /, the app opens offline after one visit (the worker's
// precache stores a clean copy of the redirected shell, src/sw/precache.ts).

import { expect, type Page, test } from '@playwright/test';
import { cspMetaValue } from '../../src/core/http-policy.ts';
import { serveBare, type Served } from '../../harness/http.ts';
import { dist, expectEntry, openApp, workerStatus } from './helpers.ts';

let site: Served | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
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

test('with no headers from the host, the policy in index.html is in force and the app works', async ({ page }) => {
  site = await serveBare(dist('dist-a'));
  const res = await page.request.get(`${site.url}/`);
  expect(res.headers()['content-security-policy']).toBeUndefined();
  const violations = await watchViolations(page);
  await openApp(page, site.url, `#/word/${encodeURIComponent('खोज')}`);
  await expectEntry(page, 'खोज');
  // The meta is the policy without what a meta cannot carry, and comes before anything it governs.
  expect(await page.locator('head > :first-child').evaluate((m) => [m.getAttribute('http-equiv'), m.getAttribute('content')])).toEqual([
    'Content-Security-Policy',
    cspMetaValue(),
  ]);
  expect(cspMetaValue()).not.toContain('frame-ancestors');
  expect(await violations()).toEqual([]);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.body.append(s);
    const img = document.createElement('img');
    img.src = 'http://192.0.2.1/beacon.gif';
    document.body.append(img);
  });
  await expect.poll(violations).toEqual(['script-src-elem inline', 'img-src http://192.0.2.1/beacon.gif']);
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  // The app still answers after the blocked injection.
  await page.goto(`${site.url}/#/`);
  await page.locator('.letters a', { hasText: 'क' }).first().click();
  await expect(page.locator('.letter-words h1')).toContainText('क');
  expect(await violations()).toEqual(['script-src-elem inline', 'img-src http://192.0.2.1/beacon.gif']);
});

test('on a host that redirects /index.html to /, the app opens offline after one visit', async ({ page, context }) => {
  site = await serveBare(dist('dist-a'), { redirectIndex: true });
  const moved = await page.request.get(`${site.url}/index.html`, { maxRedirects: 0 });
  expect([moved.status(), moved.headers().location]).toEqual([301, '/']);
  await openApp(page, site.url, `#/word/${encodeURIComponent('खोज')}`);
  await expectEntry(page, 'खोज');
  // The entry may be drawn from the network before the worker took control; the page then reads
  // its files again through the worker (src/app/pwa.ts), which keeps them: the visit ends when it has.
  await expect.poll(async () => (await workerStatus(page)).paths.some((p) => p.startsWith('chunks/')), { timeout: 20_000 }).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expectEntry(page, 'खोज');
  // A navigation to another app address within the scope also gets the shell.
  await page.goto(`${site.url}/?from=offline#/`);
  await expect(page.locator('.letters a').first()).toBeVisible();
});
