// The X-Khoj-* header names the worker and the page share live in one module (src/core/answer-headers.ts):
// a name written anywhere else in src is a second spelling that can drift from the first.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_HEADERS, HEADER_PREFIX, SOURCE_HEADER, STORAGE_HEADER, STORED_ONLY_HEADER } from '../../src/core/answer-headers.ts';

const src = new URL('../../src/', import.meta.url);
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('X-Khoj-* headers', () => {
  it('are named in src/core/answer-headers.ts only', () => {
    const elsewhere = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && f !== 'core/answer-headers.ts')
      .filter((f) => /x-khoj-/i.test(code(readFileSync(new URL(f, src), 'utf8'))));
    expect(elsewhere).toEqual([]);
  });

  it('all begin with the prefix the read worker passes on', () => {
    for (const name of [SOURCE_HEADER, STORAGE_HEADER, STORED_ONLY_HEADER, ...Object.values(FILE_HEADERS)])
      expect(name.toLowerCase().startsWith(HEADER_PREFIX)).toBe(true);
  });
});
