// The generated covers (src/core/books/cover-svg.ts) carry the Devanagari they draw: a cover is
// shown as an <img>, and an image cannot use the page's web font, so on a phone without a
// Devanagari font its Nepali was empty boxes. Each cover with Devanagari gets its own font: the
// app's Noto Sans Devanagari (src/vite/fonts.ts) at weight 700, cut to the letters that cover
// uses (harfbuzz's subsetter keeps the conjuncts and vowel-sign forms those letters reach), as a
// data: URL in an @font-face inside the SVG. The browser shapes the text with it, so conjuncts
// come out right. One face serves every weight (a second, regular one doubled the size: ~9 KB a
// cover instead of ~5 KB). Latin text keeps the system's font (every phone has one), listed after ours.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { derivedRead, derivedWrite } from '../fetch/cache.ts';
import { FONT_RANGE } from '../../src/core/font-range.ts';

const require = createRequire(import.meta.url);
const PACKAGE = '@fontsource-variable/noto-sans-devanagari';
/** The family name the cover's @font-face declares; first in the SVG's font-family. */
export const COVER_FAMILY = 'KhojCoverDevanagari';
const WEIGHT = 700;

const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The Devanagari letters of the SVG's drawn <text> (not its <title>), each once, sorted. */
export function devanagariLetters(svg: string): string {
  const set = new Set<string>();
  for (const m of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) for (const ch of unescapeXml(m[1]!).matchAll(FONT_RANGE)) set.add(ch[0]);
  return [...set].sort().join('');
}

/** The app's font (src/vite/fonts.ts cuts the page's copy from the same file). */
const fontFile = () => join(dirname(require.resolve(`${PACKAGE}/package.json`)), 'files/noto-sans-devanagari-devanagari-wght-normal.woff2');

let instance: Promise<Uint8Array> | undefined;
/** The variable font pinned at the cover's weight, once (cutting from a static face is much quicker). */
const staticFace = () =>
  (instance ??= (async () => {
    const { default: subsetFont } = await import('subset-font');
    const source = readFileSync(fontFile());
    const all = Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x900 + i)).join('') + '\u200c\u200d\u25cc';
    return subsetFont(Buffer.from(source), all, { targetFormat: 'truetype', variationAxes: { wght: WEIGHT } });
  })());

/** Cut fonts by letters, in memory and in the download cache's derived files: many covers share theirs ("कक्षा ८"). */
const cuts = new Map<string, Promise<string>>();
function cut(letters: string, cacheDir: string | null): Promise<string> {
  let hit = cuts.get(letters);
  if (!hit) {
    hit = (async () => {
      const key = `cover-font:${createHash('sha256').update(readFileSync(fontFile())).update(`${WEIGHT}:${letters}`).digest('hex')}`;
      const cached = cacheDir === null ? undefined : await derivedRead(cacheDir, key);
      if (cached) return Buffer.from(cached).toString('base64');
      const { default: subsetFont } = await import('subset-font');
      const bytes = Buffer.from(await subsetFont(Buffer.from(await staticFace()), letters, { targetFormat: 'woff2' }));
      if (cacheDir !== null) await derivedWrite(cacheDir, key, bytes).catch(() => undefined);
      return bytes.toString('base64');
    })();
    cuts.set(letters, hit);
  }
  return hit;
}

/** The SVG with its own Devanagari font embedded, or as it is when it draws no Devanagari. */
export async function embedCoverFont(svg: string, cacheDir: string | null = null): Promise<string> {
  const letters = devanagariLetters(svg);
  if (!letters) return svg;
  const face = `@font-face{font-family:${COVER_FAMILY};font-weight:100 900;src:url(data:font/woff2;base64,${await cut(letters, cacheDir)}) format('woff2')}`;
  const open = /^<svg [^>]*>/.exec(svg)![0];
  const withFamily = open.replace(/ font-family="/, ` font-family="${COVER_FAMILY},`);
  return `${withFamily}<defs><style>${face}</style></defs>${svg.slice(open.length)}`;
}
