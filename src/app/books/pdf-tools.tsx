// The PDF reader's tools in the bottom bar (pdf-reader.tsx): the page (previous, jump, next), the
// zoom, and find in the text, with the line saying what a search found.

import { digits } from '../../core/digits.ts';
import { useLang } from '../i18n.ts';
import type { Found } from './pdf-find.ts';
import { useBooksT } from './strings.ts';

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
/** a zoom button's or key's step, as a factor */
export const STEP = 1.25;
export const clampZoom = (z: number) => Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z)) * 100) / 100;

interface ToolsProps {
  page: number;
  pages: number;
  zoom: number;
  typed: string;
  setTyped: (v: string) => void;
  go: (page: number) => void;
  zoomBy: (factor: number) => void;
  fit: () => void;
  query: string;
  setQuery: (v: string) => void;
  find: (e: Event) => void;
  findField: { current: HTMLInputElement | null };
}

/** The PDF reader's tools in the bottom bar: the page, the zoom, find in the text. */
export function PdfTools({ page, pages, zoom, typed, setTyped, go, zoomBy, fit, query, setQuery, find, findField }: ToolsProps) {
  const t = useBooksT();
  const lang = useLang();
  const n = (x: number) => digits(x, lang);
  return (
    <>
      <span class="reader-group">
        <button type="button" id="prev-page" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t.prevPage}>
          ‹
        </button>
        <form
          class="page-jump"
          onSubmit={(e) => {
            e.preventDefault();
            const v = Number(typed.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966)));
            if (Number.isFinite(v)) go(v);
          }}
        >
          <label for="page-number">{t.pageLabel}</label>{' '}
          <input
            id="page-number"
            type="text"
            inputMode="numeric"
            size={4}
            value={digits(typed, lang)}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
            onBlur={() => setTyped(String(page))}
            aria-describedby="page-count"
          />{' '}
          <span id="page-count">{t.ofPages(n(pages))}</span>{' '}
          <button type="submit" class="page-go">
            {t.goToPage}
          </button>
        </form>
        <button type="button" id="next-page" onClick={() => go(page + 1)} disabled={page >= pages} aria-label={t.nextPage}>
          ›
        </button>
      </span>
      <span class="reader-group">
        <button type="button" id="zoom-out" onClick={() => zoomBy(1 / STEP)} disabled={zoom <= MIN_ZOOM} aria-label={t.zoomOut}>
          −
        </button>
        <output id="zoom-level" aria-label={t.zoomLevel}>
          {n(Math.round(zoom * 100))}%
        </output>
        <button type="button" id="zoom-in" onClick={() => zoomBy(STEP)} disabled={zoom >= MAX_ZOOM} aria-label={t.zoomIn}>
          +
        </button>
        <button type="button" id="zoom-fit" onClick={fit} disabled={zoom === 1}>
          {t.fitWidth}
        </button>
      </span>
      <form class="pdf-find" role="search" aria-label={t.findLabel} onSubmit={find}>
        <label for="pdf-find" class="visually-hidden">
          {t.findLabel}
        </label>
        <input
          id="pdf-find"
          ref={findField}
          type="search"
          placeholder={t.findLabel}
          value={query}
          onInput={(e) => setQuery((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t.findNext}</button>
      </form>
    </>
  );
}

/** What a search found, said as it changes. */
export function FindStatus({ found, page }: { found: Found | undefined; page: number }) {
  const t = useBooksT();
  const lang = useLang();
  const n = (x: number) => digits(x, lang);
  const foundAt = found ? found.pages.indexOf(page) : -1;
  return (
    <p class="find-status muted" id="find-status">
      {!found
        ? ''
        : found.noText
          ? t.noText
          : found.pages.length === 0
            ? t.notFound
            : foundAt >= 0
              ? t.found(n(page), n(foundAt + 1), n(found.pages.length))
              : ''}
    </p>
  );
}
