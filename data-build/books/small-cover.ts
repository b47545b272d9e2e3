// The small copy of every cover (/covers/small/<file>, beside /covers/<file>): what the app shows
// under the data saver (src/app/books/cards.tsx). A JPEG, PNG or WebP is scaled by sharp (libvips)
// to fit SMALL_LONG_SIDE, about a third of the pixels of a 400 px page render, in its own format;
// a generated SVG draws at any size and is its own small copy.

import sharp from 'sharp';
import { KhojError } from '../../src/core/errors.ts';

/** The small copy's long side: 400 / √3, a third of the pixels of a 400 px cover. */
export const SMALL_LONG_SIDE = 231;

export type RasterKind = 'jpg' | 'png' | 'webp';

/** The small copy of a raster cover; throws (sharp's words) when the image cannot be read. */
export async function shrinkCover(bytes: Uint8Array, kind: RasterKind): Promise<Uint8Array> {
  const img = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
  const { width, height } = await img.metadata();
  if (!width || !height) throw new KhojError('damaged', 'no size in its header');
  // A cover already small is scaled to a third of its pixels all the same (never enlarged).
  const side = Math.min(SMALL_LONG_SIDE, Math.round(Math.max(width, height) / Math.sqrt(3)));
  const resized = img.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  const out =
    kind === 'jpg'
      ? resized.jpeg({ quality: 75, mozjpeg: true })
      : kind === 'png'
        ? resized.png({ compressionLevel: 9, palette: true })
        : resized.webp({ quality: 75 });
  return new Uint8Array(await out.toBuffer());
}
