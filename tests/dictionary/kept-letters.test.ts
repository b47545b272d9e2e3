// app/dictionary/kept-letters.ts: the letters kept for the home screen's first frame come back as
// they were kept, and anything else (damaged, another shape) is no copy at all.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keptText, parseKept } from '../../src/app/dictionary/kept-letters.ts';
import type { LettersFile } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild } from '../../harness/run.ts';
import { readJson } from '../helpers/tree.ts';

describe('kept letters', () => {
  const out = mkdtempSync(join(tmpdir(), 'khoj-kept-letters-'));
  beforeAll(async () => {
    const r = await dictionaryBuild(['--out', out]);
    expect(r.code, r.stderr).toBe(0);
  });

  it("round-trips the letters and counts of the sample build's letters.json, and nothing more", () => {
    const file = readJson<LettersFile>(join(out, 'api/v1'), 'letters.json');
    const text = keptText(file.letters);
    expect(parseKept(text)).toEqual(file.letters.map((l) => ({ letter: l.letter, count: l.count })));
    expect(text.length).toBeLessThan(40 * file.letters.length);
  });

  it('is no copy when missing, damaged or of another shape', () => {
    for (const bad of [
      null,
      '',
      'not json',
      '{}',
      '[]',
      '[["क"]]',
      '[["क",-1]]',
      '[["क",1.5]]',
      '[["",3]]',
      '[[3,"क"]]',
      '[{"letter":"क","count":3}]',
      '[["क",3],null]',
    ])
      expect(parseKept(bad), String(bad)).toBeUndefined();
  });
});
