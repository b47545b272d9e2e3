// The EPUB reader's tools in the bottom bar (epub-reader.tsx): the chapter (previous, the list,
// next) and the text size, in steps.

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
import { useLang } from '../i18n.ts';
import type { Epub } from './epub-doc.ts';
import { useBooksT } from './strings.ts';

/** The text sizes, as factors of the app's. */
export const SIZES = [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2];
export const nearestSize = (z: number) => SIZES.reduce((a, b) => (Math.abs(b - z) < Math.abs(a - z) ? b : a));

interface Props {
  epub: Epub;
  chapter: number;
  go: (chapter: number) => void;
  size: number;
  setSize: (size: number) => void;
}

export function EpubTools({ epub, chapter, go, size, setSize }: Props) {
  const t = useBooksT();
  const lang = useLang();
  const n = (x: number) => digits(x, lang);
  const count = epub.chapters.length;
  const sizeAt = SIZES.indexOf(size);
  return (
    <>
      <span class="reader-group">
        <button type="button" id="prev-chapter" onClick={() => go(chapter - 1)} disabled={chapter <= 0} aria-label={t.prevChapter}>
          ‹
        </button>
        <label for="chapter-pick" class="visually-hidden">
          {t.chapterLabel}
        </label>
        <select id="chapter-pick" value={String(chapter)} onChange={(e) => go(Number((e.target as HTMLSelectElement).value))}>
          {epub.chapters.map((c, i) => (
            <option key={c.path} value={String(i)} lang={textLang(c.title)}>
              {n(i + 1)}. {c.title ?? t.chapterN(n(i + 1))}
            </option>
          ))}
        </select>
        <button type="button" id="next-chapter" onClick={() => go(chapter + 1)} disabled={chapter >= count - 1} aria-label={t.nextChapter}>
          ›
        </button>
      </span>
      <span class="reader-group">
        <button type="button" id="font-smaller" onClick={() => setSize(SIZES[sizeAt - 1] ?? size)} disabled={sizeAt <= 0} aria-label={t.fontSmaller}>
          {t.fontGlyph}−
        </button>
        <output id="font-size" aria-label={t.fontSize}>
          {n(Math.round(size * 100))}%
        </output>
        <button
          type="button"
          id="font-bigger"
          onClick={() => setSize(SIZES[sizeAt + 1] ?? size)}
          disabled={sizeAt >= SIZES.length - 1}
          aria-label={t.fontBigger}
        >
          {t.fontGlyph}+
        </button>
      </span>
    </>
  );
}
