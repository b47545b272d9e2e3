// The shipped Devanagari font: Debian's Chromium here has no Devanagari font of its own, so
// without ours every letter is an empty box. Checked through what Chromium really drew
// (CDP CSS.getPlatformFontsForNode) and by glyph widths, online and offline (precached).

import { expect, type Page, test } from '@playwright/test';
import { openApp, start } from './helpers.ts';

const FAMILY = 'Noto Sans Devanagari';

/** The fonts Chromium used to draw the text of the first node matching selector. */
async function renderedFonts(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
  } finally {
    await cdp.detach();
  }
}

/** Canvas widths of single letters and signs in the given font: boxes all have one width. */
function widths(page: Page, font: string): Promise<number[]> {
  return page.evaluate((f) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = f;
    return ['क', 'म', 'ण', 'ि', 'ा', '्', 'ं', '१'].map((c) => Math.round(ctx.measureText(c).width * 100) / 100);
  }, font);
}

async function expectDrawnWithOurFont(page: Page): Promise<void> {
  await expect(page.locator('ul.letters .letter').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate((family) => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family).map((f) => f.status), FAMILY);
  expect(loaded).toEqual(['loaded']);
  expect(await page.evaluate((family) => document.fonts.check(`16px "${family}"`, 'नेपाली शब्दकोश'), FAMILY)).toBe(true);
  // Every glyph of a letter tile (Devanagari only) was drawn by the web font.
  const fonts = await renderedFonts(page, 'ul.letters .letter');
  expect(fonts.map((f) => [f.familyName, f.isCustomFont])).toEqual([[FAMILY, true]]);
  // And the screen's heading, mixed with Latin text, used it for its Devanagari part.
  const heading = await renderedFonts(page, '.top .brand');
  expect(heading.find((f) => f.familyName === FAMILY)?.glyphCount ?? 0).toBeGreaterThan(0);
  // Real glyphs differ in width (a vowel sign is narrower than a consonant); boxes do not.
  const ours = await widths(page, `32px "${FAMILY}"`);
  expect(new Set(ours).size, `widths ${ours.join(' ')}`).toBeGreaterThanOrEqual(4);
}

test('Devanagari is drawn with the shipped font, online and then offline from the precache', async ({ page, context }) => {
  const server = await start('dist-a');
  try {
    await openApp(page, server.url);
    // What this machine would show without our font (printed: on a machine that has a
    // Devanagari font of its own these are real glyphs too, and the test still holds).
    const fallback = await widths(page, '32px sans-serif');
    console.log(`fallback widths without the web font: ${fallback.join(' ')} (${new Set(fallback).size === 1 ? 'all one box' : 'real glyphs'})`);
    await expectDrawnWithOurFont(page);
    // The preloaded file is the one the @font-face uses: one download.
    const fontRequests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => e.name),
    );
    expect(fontRequests).toHaveLength(1);

    await context.setOffline(true);
    await page.reload();
    await expectDrawnWithOurFont(page);
  } finally {
    await server.close();
  }
});

test('a page the worker answers draws the home with the font already loaded: one layout, never boxes first', async ({ page, context }) => {
  const server = await start('dist-a');
  try {
    await openApp(page, server.url);
    await context.setOffline(true);
    // Whether the font was loaded when the letter grid first came into the document: when it was
    // not, Chromium laid the page out with boxes, then again once the font came (a cold start's
    // trace: 119 + 82 ms of layout instead of one).
    await context.addInitScript((family) => {
      const w = window as unknown as { __fontAtGrid?: boolean };
      new MutationObserver((_, mo) => {
        if (!document.querySelector('ul.letters .letter')) return;
        w.__fontAtGrid = document.fonts.check(`16px "${family}"`, 'क');
        mo.disconnect();
      }).observe(document, { subtree: true, childList: true });
    }, FAMILY);
    // New tabs with the worker running: the script can then come before the font, which raced.
    const seen: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      const p = await context.newPage();
      await p.goto(`${server.url}/`);
      await expect(p.locator('ul.letters .letter').first()).toBeVisible();
      seen.push(await p.evaluate(() => (window as unknown as { __fontAtGrid?: boolean }).__fontAtGrid === true));
      await p.close();
    }
    expect(seen).toEqual(seen.map(() => true));
  } finally {
    await server.close();
  }
});
