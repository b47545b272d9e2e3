// The app's icons, drawn by code at build time (deterministic, no binary files in git):
// a magnifying glass (खोज = search) on the brand colour, anti-aliased by coverage.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { SECTION, type SectionId } from '../core/sections.ts';

export const THEME = '#8a1c1c';
const BG: [number, number, number] = [0x8a, 0x1c, 0x1c];
const FG: [number, number, number] = [0xff, 0xf4, 0xe0];

/** Signed distance (in units of the icon size) from p to the glass: a ring and a handle. */
function distance(x: number, y: number, inset: number): number {
  const s = 1 - 2 * inset; // maskable icons keep the drawing inside the safe zone
  const u = (x - inset) / s;
  const v = (y - inset) / s;
  const cx = 0.43,
    cy = 0.43,
    r = 0.22,
    w = 0.065;
  const ring = Math.abs(Math.hypot(u - cx, v - cy) - r) - w;
  // Handle: a thick segment from the ring towards the lower right.
  const ax = cx + r * 0.72,
    ay = cy + r * 0.72,
    bx = 0.78,
    by = 0.78;
  const t = Math.max(0, Math.min(1, ((u - ax) * (bx - ax) + (v - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  const handle = Math.hypot(u - (ax + t * (bx - ax)), v - (ay + t * (by - ay))) - w * 1.25;
  return Math.min(ring, handle) * s;
}

export function iconPng(size: number, maskable = false): Buffer {
  const inset = maskable ? 0.12 : 0;
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  const corner = maskable ? 0 : size * 0.18;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const d = distance((x + 0.5) / size, (y + 0.5) / size, inset) * size;
      const ink = Math.max(0, Math.min(1, 0.5 - d));
      // Rounded square outside the safe zone for ordinary icons; full bleed for maskable.
      const dx = Math.max(corner - x - 0.5, x + 0.5 - (size - corner), 0);
      const dy = Math.max(corner - y - 0.5, y + 0.5 - (size - corner), 0);
      const alpha = corner ? Math.max(0, Math.min(1, corner - Math.hypot(dx, dy) + 0.5)) : 1;
      const o = y * row + 1 + x * 4;
      for (let c = 0; c < 3; c++) raw[o + c] = Math.round(BG[c]! + (FG[c]! - BG[c]!) * ink);
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, size, raw);
}

function png(width: number, height: number, raw: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from a point to the segment a–b. */
const segment = (u: number, v: number, ax: number, ay: number, bx: number, by: number): number => {
  const t = Math.max(0, Math.min(1, ((u - ax) * (bx - ax) + (v - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(u - (ax + t * (bx - ax)), v - (ay + t * (by - ay)));
};

/**
 * The shortcuts' drawings (same ink as the app icon), one per section (a new section's type fails
 * here until it has one): the glass for the dictionary, an open book, a rising chart.
 */
const SHORTCUT_DRAWINGS: Record<SectionId, (u: number, v: number) => number> = {
  dictionary: (u, v) => distance(u, v, 0.08),
  books: (u, v) => {
    const w = 0.045;
    // Two pages: each an outline from the spine, and the spine.
    const pages = [
      [0.5, 0.3, 0.2, 0.25],
      [0.2, 0.25, 0.2, 0.72],
      [0.2, 0.72, 0.5, 0.77],
      [0.5, 0.3, 0.8, 0.25],
      [0.8, 0.25, 0.8, 0.72],
      [0.8, 0.72, 0.5, 0.77],
      [0.5, 0.3, 0.5, 0.77],
    ] as const;
    return Math.min(...pages.map(([ax, ay, bx, by]) => segment(u, v, ax, ay, bx, by))) - w;
  },
  market: (u, v) => {
    const w = 0.045;
    const line = [
      [0.2, 0.7, 0.4, 0.5],
      [0.4, 0.5, 0.55, 0.6],
      [0.55, 0.6, 0.8, 0.3],
    ] as const;
    const axes = Math.min(segment(u, v, 0.15, 0.2, 0.15, 0.82), segment(u, v, 0.15, 0.82, 0.85, 0.82)) - w * 0.6;
    return Math.min(axes, Math.min(...line.map(([ax, ay, bx, by]) => segment(u, v, ax, ay, bx, by))) - w);
  },
};

/** A shortcut's icon: its drawing on the brand colour, a rounded square. */
export function shortcutPng(kind: SectionId, size = 96): Buffer {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  const corner = size * 0.18;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < size; x++) {
      const d = SHORTCUT_DRAWINGS[kind]((x + 0.5) / size, (y + 0.5) / size) * size;
      const ink = Math.max(0, Math.min(1, 0.5 - d));
      const dx = Math.max(corner - x - 0.5, x + 0.5 - (size - corner), 0);
      const dy = Math.max(corner - y - 0.5, y + 0.5 - (size - corner), 0);
      const alpha = Math.max(0, Math.min(1, corner - Math.hypot(dx, dy) + 0.5));
      const o = y * row + 1 + x * 4;
      for (let c = 0; c < 3; c++) raw[o + c] = Math.round(BG[c]! + (FG[c]! - BG[c]!) * ink);
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, size, raw);
}

export const ICONS = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const enc = encodeURIComponent;

/** The manifest's screenshots (src/vite/screenshots/, made by bench/screenshots.ts): a phone's and a wide screen's. */
export const SCREENSHOTS: Array<{ src: string; sizes: string; type: string; form_factor: 'narrow' | 'wide'; label: string; hash: string }> = [
  {
    src: 'screenshots/phone-word.webp',
    sizes: '360x640',
    type: 'image/webp',
    form_factor: 'narrow',
    label: 'शब्दकोशमा एउटा शब्द',
    hash: `#/word/${enc('विद्यालय')}`,
  },
  { src: 'screenshots/phone-books.webp', sizes: '360x640', type: 'image/webp', form_factor: 'narrow', label: 'पाठ्यपुस्तक', hash: '#/books/grade/5' },
  { src: 'screenshots/wide-market.webp', sizes: '1280x800', type: 'image/webp', form_factor: 'wide', label: 'सेयर बजार', hash: '#/market/prices' },
];

/** Emits the icons into the build, and serves them in dev. */
export function appIcons(): Plugin {
  const files = new Map<string, () => Buffer>([
    ['icons/icon-192.png', () => iconPng(192)],
    ['icons/icon-512.png', () => iconPng(512)],
    ['icons/maskable-512.png', () => iconPng(512, true)],
    ['icons/apple-touch-icon.png', () => iconPng(180, true)],
    // The manifest's shortcuts' icons (src/app/section-cards.ts names them so).
    ...(Object.keys(SECTION) as SectionId[]).map((id): [string, () => Buffer] => [`icons/shortcut-${id}.png`, () => shortcutPng(id)]),
    // The manifest's screenshots: made by bench/screenshots.ts from the app itself, kept in git (small WebP).
    ...SCREENSHOTS.map((s): [string, () => Buffer] => [s.src, () => readFileSync(new URL(`./screenshots/${basename(s.src)}`, import.meta.url))]),
  ]);
  return {
    name: 'khoj-app-icons',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const make = files.get((req.url ?? '').replace(/^\//, '').split('?')[0]!);
        if (!make) return next();
        res.setHeader('Content-Type', req.url?.endsWith('.webp') ? 'image/webp' : 'image/png');
        res.end(make());
      });
    },
    generateBundle() {
      for (const [fileName, make] of files) this.emitFile({ type: 'asset', fileName, source: make() });
    },
  };
}
