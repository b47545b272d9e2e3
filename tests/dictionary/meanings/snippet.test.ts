// Snippets on the two complete real entries in ../shared/data and the embedded sample.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meaningQuery, termMatcher } from '../../../src/core/dictionary/meanings/search.ts';
import { snippetFor } from '../../../src/core/dictionary/meanings/snippet.ts';
import type { Entry } from '../../../src/core/dictionary/types.ts';
import { fold } from '../../../src/core/dictionary/search/fold.ts';
import { realData, SHARED_DATA } from '../../../harness/shared-data.ts';

const REAL = join(SHARED_DATA, 'dictionary/real-entries-sample.json');
const marked = (s: { text: string; marks: Array<[number, number]> }) => s.marks.map(([a, b]) => s.text.slice(a, b));
const matcher = (q: string, prefix = false) => termMatcher(meaningQuery(q), prefix);

const hasReal = realData('real dictionary entries', [REAL]);

describe.runIf(hasReal)('snippets of real entries', () => {
  // Read only with the data here: a skipped describe still runs its body to collect its tests.
  const [a, kiran] = (hasReal ? JSON.parse(readFileSync(REAL, 'utf8')) : []) as [Entry, Entry];

  it('shows the sense holding the word, the word marked', () => {
    const s = snippetFor(kiran, matcher('ज्योति'))!;
    expect(s.text).toContain('ज्योति');
    expect(marked(s)).toEqual(['ज्योति']);
  });

  it('picks the sense holding most of the query\u2019s words, of a five-block entry', () => {
    const s = snippetFor(a, matcher('विष्णुलाई ध्वनि'))!;
    expect(s.text).toContain('ॐ भित्र निहित');
    expect(new Set(marked(s).map(fold))).toEqual(new Set(['विष्णुलाई', 'ध्वनि'].map(fold)));
  });

  it('cuts a long sense around the first mark, on word boundaries, marks still on their words', () => {
    const s = snippetFor(a, matcher('प्रतिनिधित्व'))!;
    expect(s.text.length).toBeLessThanOrEqual(150);
    expect(s.text.startsWith('… ')).toBe(true);
    expect(marked(s)).toEqual(['प्रतिनिधित्व']);
  });

  it('with prefix, marks words that begin with the last word', () => {
    expect(marked(snippetFor(kiran, matcher('चम्कि', true))!)).toEqual(['चम्किलो']);
    expect(snippetFor(kiran, matcher('चम्कि'))).toBeUndefined();
  });

  it('a romanised query marks the words it matched loosely', () => {
    expect(marked(snippetFor(kiran, matcher('ujyalo'))!)).toEqual(['उज्यालो']);
  });
});
