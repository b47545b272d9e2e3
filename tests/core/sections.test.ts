import { describe, expect, it } from 'vitest';
import { DATA_GLOBS, DATA_PATH, DATA_ROOTS, PUBLIC_DATA_PATH, SECTIONS, sectionOf } from '../../src/core/sections.ts';

describe('the section registry', () => {
  it('gives each path of the data tree to one section, the longest prefix first', () => {
    const owner = (rel: string) => sectionOf(rel)?.section.id;
    expect(owner('api/v1/letters.json')).toBe('dictionary');
    expect(owner('api/v1')).toBe('dictionary');
    expect(owner('api/books')).toBe('books');
    expect(owner('api/books/abc.json')).toBe('books');
    // every other /api/ path is the catalog's: /api/textbooks, and the JSON 404 of unknown ones
    expect(owner('api/textbooks')).toBe('books');
    expect(owner('api/bookshelf')).toBe('books');
    expect(owner('covers/x.svg')).toBe('books');
    expect(owner('docs')).toBe('books');
    expect(owner('docsx')).toBeUndefined();
    expect(owner('data/market/status.json')).toBe('market');
    expect(owner('api/openapi.yaml')).toBe('market');
    expect(owner('openapi.yaml')).toBe('market');
    expect(owner('index.html')).toBeUndefined();
    expect(owner('assets/index-1.js')).toBeUndefined();
  });

  it('derives the lists the server, the dev server and the precache use', () => {
    expect([...DATA_ROOTS.folders].sort()).toEqual(['api', 'covers', 'data', 'docs', 'files']);
    expect(DATA_ROOTS.files).toEqual(['openapi.yaml']);
    expect([...DATA_GLOBS].sort()).toEqual(['api/**', 'covers/**', 'data/**', 'docs/**', 'files/**', 'openapi.yaml']);
    for (const p of ['/api/v1/x.json', '/api', '/data/market/status.json', '/covers/a.svg', '/docs/', '/docs', '/files/a.pdf', '/openapi.yaml'])
      expect(DATA_PATH.test(p), p).toBe(true);
    for (const p of ['/', '/index.html', '/assets/a.js', '/openapi.yaml.bak', '/apix', '/x/openapi.yaml']) expect(DATA_PATH.test(p), p).toBe(false);
    // The docs are pages: not opened to other sites.
    expect(PUBLIC_DATA_PATH.test('/docs/index.html')).toBe(false);
    for (const p of ['/api/books', '/data/x.json', '/covers/a.svg', '/files/a.pdf', '/openapi.yaml']) expect(PUBLIC_DATA_PATH.test(p), p).toBe(true);
  });

  it('keeps names apart: no database or cache belongs to two sections', () => {
    for (const key of ['databases', 'caches'] as const) {
      const all = SECTIONS.flatMap((s) => Object.values(s[key] ?? {}));
      expect(new Set(all).size).toBe(all.length);
    }
  });
});
