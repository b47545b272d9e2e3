// The generated cover for a book without a PDF to render: an SVG, 300×420 (5:7, phone
// sized, ~1–2 KB), in its source's colour, with title, local title, subject and grade.
// The same book always gives the same bytes.

import { hash53 } from './paths.ts';
import { knownSource } from './sources.ts';
import type { Book } from './types.ts';

export const COVER_WIDTH = 300;
export const COVER_HEIGHT = 420;
const MARGIN = 24;
const FONT = "'Noto Sans Devanagari','Mukta','Kohinoor Devanagari',system-ui,sans-serif";

const escapeXml = (s: string): string =>
  s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Roughly how many glyph widths a text takes: combining marks (vowel signs, virama) take none. */
const glyphs = (s: string): number => s.replace(/\p{M}/gu, '').length;

/** Words wrapped into at most `maxLines` lines of about `width` glyphs; a last line that does not fit ends with an ellipsis. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (glyphs(word) > width) {
      // A word longer than a line is cut (at a code point boundary that is not a mark).
      const room = line ? width - glyphs(line) - 1 : width;
      if (room < 4) break;
      let cut = 0;
      let seen = 0;
      for (const ch of word) {
        if (!/\p{M}/u.test(ch)) seen++;
        if (seen > room) break;
        cut += ch.length;
      }
      lines.push(line ? `${line} ${word.slice(0, cut)}` : word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    if (!line) line = word;
    else if (glyphs(line) + 1 + glyphs(word) <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && glyphs(last) + 1 > width) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

const devanagariDigits = (n: number): string => String(n).replace(/\d/g, (d) => String.fromCharCode(0x966 + Number(d)));

/** The background colour: the source's own, or one derived from its name. */
export function coverColour(source: string): string {
  const known = knownSource(source)?.colour;
  if (known) return known;
  const hue = parseInt(hash53(source).slice(-4), 16) % 360;
  return `hsl(${hue} 45% 32%)`;
}

export function coverSvg(book: Pick<Book, 'id' | 'title' | 'titleLocal' | 'subject' | 'grade' | 'source' | 'sample'>): string {
  const h = hash53(book.id);
  // Two soft circles placed from the id's hash, so covers of one source still differ.
  const cx = 40 + (parseInt(h.slice(0, 3), 16) % 220);
  const cy = 90 + (parseInt(h.slice(3, 6), 16) % 200);
  const r = 60 + (parseInt(h.slice(6, 8), 16) % 80);
  const sourceName = knownSource(book.source)?.short ?? book.source;
  const title = wrap(book.title, book.title.length > 48 ? 19 : 15, 6);
  const titleSize = book.title.length > 48 ? 20 : 25;
  const local = typeof book.titleLocal === 'string' && book.titleLocal !== book.title ? wrap(book.titleLocal, 24, 2) : [];
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" font-family="${FONT}">`,
    `<title>${escapeXml(book.title)}</title>`,
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="${coverColour(book.source)}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".07"/>`,
    `<circle cx="${COVER_WIDTH - cx / 2}" cy="${cy + 120}" r="${r / 2}" fill="#000" fill-opacity=".10"/>`,
    `<rect width="${COVER_WIDTH}" height="44" fill="#000" fill-opacity=".22"/>`,
    `<text x="${MARGIN}" y="28" fill="#fff" font-size="13" letter-spacing=".5">${escapeXml(wrap(sourceName, 34, 1)[0] ?? '')}</text>`,
  );
  let y = 96;
  for (const line of title) {
    parts.push(`<text x="${MARGIN}" y="${y}" fill="#fff" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`);
    y += Math.round(titleSize * 1.3);
  }
  y += 6;
  for (const line of local) {
    parts.push(`<text x="${MARGIN}" y="${y}" fill="#fff" fill-opacity=".85" font-size="17">${escapeXml(line)}</text>`);
    y += 24;
  }
  if (book.subject)
    parts.push(`<text x="${MARGIN}" y="${COVER_HEIGHT - 72}" fill="#fff" font-size="17">${escapeXml(wrap(book.subject, 24, 1)[0] ?? '')}</text>`);
  if (book.grade !== null) {
    parts.push(
      `<rect x="${MARGIN}" y="${COVER_HEIGHT - 58}" width="150" height="34" rx="17" fill="#fff"/>`,
      `<text x="${MARGIN + 75}" y="${COVER_HEIGHT - 35}" fill="${coverColour(book.source)}" font-size="15" font-weight="700" text-anchor="middle">Grade ${book.grade} · कक्षा ${devanagariDigits(book.grade)}</text>`,
    );
  }
  if (book.sample) parts.push(`<text x="${COVER_WIDTH - MARGIN}" y="28" fill="#fff" font-size="11" font-weight="700" text-anchor="end">SAMPLE</text>`);
  parts.push('</svg>');
  return parts.join('');
}
