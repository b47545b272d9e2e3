// Vite plugin: the app's Devanagari font, Noto Sans Devanagari (OFL), subset at build time.
// Many machines and phones have no Devanagari font, and there every letter is an empty box.
// The font is CSS, not JavaScript: src/app/fonts.css names it by the alias below, Vite hashes
// and emits it, the page preloads it and the service worker precaches it (a *.woff2 glob).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { FONT_RANGE } from '../core/font-range.ts';

const require = createRequire(import.meta.url);
const PACKAGE = '@fontsource-variable/noto-sans-devanagari';
/** The alias src/app/fonts.css uses for the subset file. */
export const FONT_ALIAS = 'khoj-font:noto-sans-devanagari.woff2';
export const LICENSE_FILE = 'fonts/noto-sans-devanagari-OFL.txt';
/** Weights the styles use (400 text, 600 labels, 700 headings): the variable axis is cut to them. */
const WEIGHTS = { min: 400, max: 700 };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/**
 * Everything Nepali text needs, whatever the data holds: signs, vowels, consonants, vowel
 * signs and virama, om, the nukta letters, vocalic ri/li, danda, digits, abbreviation sign,
 * the joiners (eyelash ra) and the dotted circle shown under a lone vowel sign. What it
 * leaves out (other languages' letters, Vedic marks) is kept when the app or data use it.
 */
export const NEPALI_BASE = range(0x0901, 0x0903) + range(0x0905, 0x0939) + range(0x093c, 0x094d) + '\u0950' + range(0x0958, 0x0970) + '\u200c\u200d\u25cc';

/** The subset: NEPALI_BASE plus every in-range character of the given texts, sorted. */
export function fontCharacters(texts: Iterable<string>): string {
  const chars = new Set(NEPALI_BASE);
  for (const text of texts) for (const m of text.matchAll(FONT_RANGE)) chars.add(m[0]);
  return [...chars].sort().join('');
}

/** Text files under dir (the app's sources, the data tree), read one by one. */
function* textFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (/\.(json|tsx?|css|html|ya?ml|txt)$/.test(entry.name)) yield readFileSync(path, 'utf8');
  }
}

/** The unicode-range descriptor for a character set, as ranges of consecutive code points. */
export function unicodeRange(chars: string): string {
  const cps = [...chars].map((c) => c.codePointAt(0)!).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < cps.length;) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
    parts.push(i === j ? `U+${hex(cps[i]!)}` : `U+${hex(cps[i]!)}-${hex(cps[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Subsets the font to chars (cached by content: tests build the app many times). */
async function subset(chars: string, cacheDir: string): Promise<string> {
  const source = readFileSync(join(dirname(require.resolve(`${PACKAGE}/package.json`)), 'files/noto-sans-devanagari-devanagari-wght-normal.woff2'));
  const key = createHash('sha256').update(source).update(chars).update(JSON.stringify(WEIGHTS)).digest('hex').slice(0, 16);
  const out = join(cacheDir, key, 'noto-sans-devanagari.woff2');
  if (existsSync(out) && statSync(out).size > 0) return out;
  const { default: subsetFont } = await import('subset-font');
  const bytes = await subsetFont(source, chars, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out); // parallel builds never read half a file
  return out;
}

export function devanagariFont(dataDir: string): Plugin {
  let fontFile = '';
  let chars = '';
  return {
    name: 'khoj-devanagari-font',
    enforce: 'pre', // fonts.css is filled in before Vite's CSS pipeline reads it
    async config(config) {
      const root = resolve(config.root ?? process.cwd());
      chars = fontCharacters([...textFiles(join(root, 'src')), readFileSync(join(root, 'index.html'), 'utf8'), ...textFiles(resolve(root, dataDir))]);
      fontFile = await subset(chars, join(root, 'node_modules/.cache/khoj-fonts'));
      return { resolve: { alias: [{ find: FONT_ALIAS, replacement: fontFile }] } };
    },
    transform(code, id) {
      // The @font-face covers exactly the subset, so other characters never wait for it.
      if (id.endsWith('/src/app/fonts.css')) return code.replace('__KHOJ_FONT_RANGE__', unicodeRange(chars));
    },
    generateBundle() {
      const license = readFileSync(join(dirname(require.resolve(`${PACKAGE}/package.json`)), 'LICENSE'));
      this.emitFile({ type: 'asset', fileName: LICENSE_FILE, source: license });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // Preloaded: the text is Devanagari, so the font is needed for the first paint.
        const font = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && /noto-sans-devanagari.*\.woff2$/.test(f.fileName));
        if (!font) return []; // the dev server: no preload, the CSS still loads the font
        return [{ tag: 'link', attrs: { rel: 'preload', href: `./${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}
