// What the content-pack specs share (packs-full-size.spec.ts; packs.spec.ts keeps its own copies
// for now): a phone as its own browser profile on disk, a pack's manifest read from the tar,
// opening a pack on the pack screen, and a saved book file as the worker serves it.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, chromiumArgs } from '../../harness/tools.mjs';

export interface Phone {
  context: BrowserContext;
  page: Page;
  /** its profile's folder (the caller removes it) */
  profile: string;
}

/** A phone: a persistent profile of its own, in English, downloads allowed. */
export async function phone(): Promise<Phone> {
  const profile = mkdtempSync(join(tmpdir(), 'khoj-phone-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: chromiumArgs(),
    viewport: { width: 360, height: 640 },
    serviceWorkers: 'allow',
    acceptDownloads: true,
  });
  await context.addInitScript(() => localStorage.setItem('khoj.lang', 'en'));
  return { context, page: context.pages()[0] ?? (await context.newPage()), profile };
}

export interface PackPart {
  name: string;
  kind: string;
  size: number;
  sha256: string;
  meta?: { kind?: string; id?: string; url?: string };
}

/** The manifest of a pack (its first tar entry). */
export function packManifest(tar: Buffer): { parts: PackPart[] } {
  return JSON.parse(tar.toString('utf8', 512, 512 + parseInt(tar.toString('latin1', 124, 135), 8))) as { parts: PackPart[] };
}

/** Opens the pack at `path` on the pack screen; each part's line and state once the whole pack is read. */
export async function importPack(page: Page, path: string, timeout = 60_000): Promise<Array<{ text: string; state: string | null }>> {
  await page.locator('#pack-open').setInputFiles(path);
  await expect(page.locator('#pack-parts li').first()).toBeVisible({ timeout });
  return page.locator('#pack-parts li').evaluateAll((lis) => lis.map((li) => ({ text: li.textContent ?? '', state: li.getAttribute('data-state') })));
}

/** A saved book file as the worker serves it from the device: status, type and SHA-256. */
export function servedFile(page: Page, url: string): Promise<{ status: number; type: string | null; sha256: string }> {
  return page.evaluate(async (url) => {
    const res = await fetch(`api/books/saved-file?url=${encodeURIComponent(new URL(url, location.href).href)}`);
    const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('Content-Type'),
      sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
    };
  }, url);
}
