// One hostile value must not break a screen: a book subject over 100 characters
// (every grade page showed a 400: the page asks for each subject and the query refuses long
// values) and a lone UTF-16 surrogate in a headword (it passed the build and validate, then
// encodeURIComponent threw and the home page never rendered). The build repairs both as counted
// oddities, validate reports the surrogate, and links are built by a function that cannot throw.

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseRecord } from '../../src/core/books/normalise.ts';
import { BooksApi } from '../../src/core/books/query.ts';
import type { CatalogFile, ListBody } from '../../src/core/books/types.ts';
import { encodeSegment, hasLoneSurrogate, wellFormed } from '../../src/core/text.ts';
import { href } from '../../src/app/dictionary/links.ts';
import { dataBuild, ROOT, validate } from '../../harness/run.ts';
import { listFiles } from '../helpers/tree.ts';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-hostile-${name}-`));
const LONE = '\uD800';

/** Every string in a parsed JSON value, keys included. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) strings(x, out.concat(k));
  return out;
}

describe('a lone surrogate in a headword', () => {
  it('link building never throws; the text is repaired to U+FFFD', () => {
    expect(() => encodeURIComponent(`क${LONE}`)).toThrow(URIError);
    expect(encodeSegment(`क${LONE}`)).toBe(encodeURIComponent('क\uFFFD'));
    expect(href.word(`क${LONE}ख`)).toBe(`#/word/${encodeURIComponent('क\uFFFDख')}`);
    expect(href.section('books', [`id${'\uDC00'}`])).toBe(`#/books/id${encodeURIComponent('\uFFFD')}`);
    // A well-formed pair is left alone, and so is everything else.
    expect(wellFormed('😀 क')).toBe('😀 क');
    expect(hasLoneSurrogate('😀')).toBe(false);
    expect(hasLoneSurrogate('\uDE00😀')).toBe(true);
  });

  it('the build repairs it, counts it, and the output has none (and validates)', async () => {
    const dir = tmp('dump');
    const dump = join(dir, 'dump.json');
    // JSON.stringify writes a lone surrogate as the escape \ud800: exactly what a hostile file holds.
    writeFileSync(
      dump,
      JSON.stringify([
        { word: `क${LONE}ख`, definitions: [{ senses: [`अर्थ ${'\uDC01'}`] }] },
        { word: 'कमल', definitions: [{ grammar: 'ना.', senses: ['फूल'] }] },
      ]),
    );
    expect(readFileSync(dump, 'utf8')).toContain('\\ud800');
    const out = tmp('out');
    const r = await dataBuild(['--only', 'dictionary', '--dictionary', dump, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\s+1 {2}entries with a lone UTF-16 surrogate .* replaced by U\+FFFD — e\.g\. entry 0 "क\uFFFDख"/);
    const tree = join(out, 'api/v1');
    for (const f of listFiles(tree).filter((x) => x.endsWith('.json'))) {
      const bad = strings(JSON.parse(readFileSync(join(tree, f), 'utf8'))).filter(hasLoneSurrogate);
      expect(bad, f).toEqual([]);
    }
    expect(readFileSync(join(tree, 'words-by-letter/क.json'), 'utf8')).toContain('क\uFFFDख');
    expect((await validate([tree])).code).toBe(0);
  });

  it('validate reports one that a tree already holds; a mirror of that tree repairs it', async () => {
    const good = tmp('good');
    expect((await dataBuild(['--only', 'dictionary', '--out', good, '--chunk-size', '100'])).code).toBe(0);
    const tree = join(tmp('tree'), 'v1');
    cpSync(join(good, 'api/v1'), tree, { recursive: true });
    const letterFile = join(tree, 'words-by-letter/क.json');
    const words = JSON.parse(readFileSync(letterFile, 'utf8')) as { words: Array<{ word: string; path: string; index: number }> };
    const target = words.words[3]!;
    const chunkFile = join(tree, target.path);
    const chunk = JSON.parse(readFileSync(chunkFile, 'utf8')) as { entries: Array<{ word: string }> };
    const at = chunk.entries.findIndex((e) => e.word === target.word);
    // The surrogate goes at the end, so code point order and the letter stay as they were.
    const hostile = `${target.word}${LONE}`;
    chunk.entries[at]!.word = hostile;
    target.word = hostile;
    writeFileSync(chunkFile, JSON.stringify(chunk));
    writeFileSync(letterFile, JSON.stringify(words));

    const v = await validate([tree]);
    expect(v.code, v.stdout + v.stderr).toBe(1);
    expect(v.stdout).toContain(`words-by-letter/क.json: entry 3 "${wellFormed(hostile)}": word: holds a lone UTF-16 surrogate`);
    expect(v.stdout).toContain(`${target.path}: entry ${at} "${wellFormed(hostile)}": word: holds a lone UTF-16 surrogate`);

    const out = tmp('mirror');
    const r = await dataBuild(['--only', 'dictionary', '--dictionary', tree, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 {2}entries with a lone UTF-16 surrogate/);
    expect((await validate([join(out, 'api/v1')])).code).toBe(0);
  });
});

describe('a book subject over 100 characters', () => {
  const long = `Subject ${'x'.repeat(140)}`;
  let built: CatalogFile;

  it('the build shortens it (counted) so that every subject the catalog lists can be asked for', async () => {
    const src = tmp('books-src');
    cpSync(join(ROOT, 'data-build/books/sample'), src, { recursive: true });
    const file = join(src, 'cdc_nepal.json');
    const records = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    records[0]!.subject = long;
    records[1]!.title = `Title ${'\uDC00'} half`;
    writeFileSync(file, JSON.stringify(records));
    const out = tmp('books-out');
    const r = await dataBuild(['--only', 'books', '--books', src, '--out', out], { KHOJ_BOOKS_PDFS: 'local' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/1 {2}subject, source or category longer than a query may ask for \(100 characters\), shortened to fit/);
    expect(r.stderr).toMatch(/1 {2}text with a lone UTF-16 surrogate .* replaced by U\+FFFD/);
    const catalog = JSON.parse(readFileSync(join(out, 'api/books/catalog.json'), 'utf8')) as CatalogFile;
    built = catalog;
    expect(strings(catalog).filter(hasLoneSurrogate)).toEqual([]);
    const api = new BooksApi(catalog);
    const grade = String(records[0]!.grade);
    // What the grade page does: one count per subject the catalog lists. Every one answers 200.
    const subjects = Object.keys(catalog.books.reduce<Record<string, 1>>((m, b) => (b.subject ? { ...m, [b.subject]: 1 } : m), {}));
    expect(subjects.some((s) => s.startsWith('Subject xxx') && s.length === 100)).toBe(true);
    for (const subject of subjects) {
      const res = api.list(new URLSearchParams({ grade, subject, limit: '1' }));
      expect(res.status, subject).toBe(200);
    }
    expect((api.list(new URLSearchParams({ subject: long.slice(0, 100) })).body as ListBody).data.map((b) => b.id)).toEqual([records[0]!.id]);
  });

  it('the query module answers a catalog that slipped past the build (lone surrogate id) without throwing', () => {
    // A book without a CEHRD short id (whose detailUrl would use that id instead).
    const at = built.books.findIndex((b) => b.source !== 'cehrd-learning');
    const books = built.books.map((b, i) => (i === at ? { ...b, id: `${b.id}${LONE}` } : b));
    const api = new BooksApi({ ...built, books });
    const res = api.list(new URLSearchParams({ limit: '200' }));
    expect(res.status).toBe(200);
    expect((res.body as ListBody).data.find((b) => b.id === books[at]!.id)?.detailUrl).toBe(`/api/books/${encodeSegment(books[at]!.id)}`);
  });
});

describe('found by the property tests', () => {
  it("a book whose `sample` is not true/false loses it (counted) instead of failing the build's self-check", () => {
    const notes: string[] = [];
    const r = normaliseRecord({ id: 'x', title: 'T', source: 'cdc-nepal', sample: null }, { file: 'f.json', index: 0 }, (k) => notes.push(k));
    expect(r.book).not.toHaveProperty('sample');
    expect(notes).toContain('extra-field-dropped');
    expect(normaliseRecord({ id: 'x', title: 'T', source: 'cdc-nepal', sample: true }, { file: 'f.json', index: 0 }, () => {}).book.sample).toBe(true);
  });
});
