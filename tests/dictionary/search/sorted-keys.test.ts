import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalRange, prefixRange, sortKeys } from '../../../src/core/dictionary/search/sorted-keys.ts';

// Keys as the folds make them, plus what they could meet: Latin, other scripts, astral.
const key = fc.string({ unit: fc.constantFrom('क', 'का', 'ख', 'ं', '्', 'ि', 'a', 'z', '५', 'é', '\uFFFD', '😀', 'ॿ', '\u0900'), maxLength: 6 });

describe('sortKeys', () => {
  it('sorts as plain string comparison does, equal keys in entry order', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), (keys) => {
        const sorted = sortKeys(keys);
        const expected = keys.map((k, i) => [k, i] as const).sort(([a, i], [b, j]) => (a < b ? -1 : a > b ? 1 : i - j));
        expect([...sorted.entries]).toEqual(expected.map(([, i]) => i));
        expect(sorted.keys).toEqual(expected.map(([k]) => k));
      }),
    );
  });
});

describe('prefixRange and equalRange', () => {
  it('cover exactly the keys that start with, or equal, the query', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), key, (keys, q) => {
        const { keys: sorted } = sortKeys(keys);
        const [from, to] = prefixRange(sorted, q);
        expect(sorted.slice(from, to)).toEqual(sorted.filter((k) => k.startsWith(q)));
        const [a, b] = equalRange(sorted, q);
        expect(sorted.slice(a, b)).toEqual(sorted.filter((k) => k === q));
      }),
    );
  });
});
