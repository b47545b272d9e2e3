// Helpers of the catalog tests: the real source files, a built sample catalog, tiny PDFs.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { mergeRecords } from '../../src/core/books/merge.ts';
import { type NormalisedRecord, normaliseRecord, type Oddity } from '../../src/core/books/normalise.ts';
import type { CatalogFile } from '../../src/core/books/types.ts';
import { BOOK_DATA, realData } from '../../harness/shared-data.ts';
import { dataBuild, ROOT } from '../../harness/run.ts';

export const BOOK_SOURCES = join(BOOK_DATA, 'sources');
export const REAL_FILES = ['cehrd_learning.json', 'cdc_nepal.json', 'pustakalaya.json', 'open_library.json'] as const;
export const hasBookData = realData(
  'real textbook-catalog data',
  REAL_FILES.map((f) => join(BOOK_SOURCES, f)),
);

export const SAMPLE_DIR = join(ROOT, 'data-build/books/sample');
export const tmp = (prefix = 'khoj-books-') => mkdtempSync(join(tmpdir(), prefix));

/** `npm run data -- --only books …`, never fetching PDFs unless asked. */
export const booksBuild = (args: string[], env: Record<string, string> = {}) => dataBuild(['--only', 'books', ...args], { KHOJ_BOOKS_PDFS: 'local', ...env });

/** Builds the embedded sample into a fresh folder and returns it. */
export async function builtSample(env: Record<string, string> = {}, out = tmp('khoj-books-dist-')): Promise<string> {
  const r = await booksBuild(['--out', out], env);
  expect(r.code, r.stderr).toBe(0);
  return out;
}

export const readCatalog = (dir: string): CatalogFile => JSON.parse(readFileSync(join(dir, 'api/books/catalog.json'), 'utf8')) as CatalogFile;

/** Normalises every record of some per-source files, as the build does. */
export function normaliseFiles(
  dir: string,
  files: readonly string[],
): { records: NormalisedRecord[]; oddities: Map<Oddity, number>; perFile: Record<string, number> } {
  const records: NormalisedRecord[] = [];
  const oddities = new Map<Oddity, number>();
  const perFile: Record<string, number> = {};
  for (const f of files) {
    const list = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Array<Record<string, unknown>>;
    perFile[f] = list.length;
    list.forEach((raw, index) => records.push(normaliseRecord(raw, { file: f, index }, (k) => oddities.set(k, (oddities.get(k) ?? 0) + 1))));
  }
  return { records, oddities, perFile };
}

export const mergeFiles = (dir: string, files: readonly string[]) => mergeRecords(normaliseFiles(dir, files).records);

/** A one-page PDF (a coloured page with a title in Helvetica), valid enough for poppler. */
export function makePdf(title: string, rgb: [number, number, number] = [0.1, 0.3, 0.6]): Buffer {
  const text = title.replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `${rgb.join(' ')} rg 0 0 420 595 re f 1 1 1 rg BT /F1 32 Tf 36 500 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Width and height of a baseline or progressive JPEG, from its SOF marker. */
export function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    i += 2 + len;
  }
  return undefined;
}
