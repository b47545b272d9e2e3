// core/digits.ts: counts grouped by hand (no Intl at start-up) exactly as Intl groups them.

import { describe, expect, it } from 'vitest';
import { count, digits, groupInteger, latinDigits } from '../../src/core/digits.ts';

const intl = { ne: new Intl.NumberFormat('en-IN'), en: new Intl.NumberFormat('en') };

/** Integers of every length up to Number.MAX_SAFE_INTEGER, and the edges of each group. */
function integers(): number[] {
  const xs = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 123_363, 1_000_000, Number.MAX_SAFE_INTEGER];
  for (let p = 1; p <= 1e15; p *= 10) xs.push(p - 1, p, p + 1);
  let seed = 7;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 48271) % 2147483647;
    xs.push(Math.floor((seed / 2147483647) * 10 ** (1 + (i % 16))));
  }
  return xs.filter((x) => Number.isSafeInteger(x));
}

describe('count', () => {
  it('groups integers as en-IN (lakhs) and en do, over every length', () => {
    for (const n of integers()) {
      expect(groupInteger(n, true), String(n)).toBe(intl.ne.format(n));
      expect(groupInteger(n, false), String(n)).toBe(intl.en.format(n));
    }
  });

  it('writes Devanagari digits in Nepali', () => {
    expect(count(123_363, 'ne')).toBe('१,२३,३६३');
    expect(count(123_363, 'en')).toBe('123,363');
    expect(count(7, 'ne')).toBe('७');
  });

  it('reads back what a field shows or a reader types in either digits', () => {
    expect(latinDigits('१२३.५०')).toBe('123.50');
    expect(latinDigits('12३')).toBe('123');
    expect(Number(latinDigits(digits(4321.5, 'ne')))).toBe(4321.5);
  });

  it('leaves fractions, negatives and unsafe integers to Intl', () => {
    for (const n of [1234.5678, -1234, -0, 2 ** 60, Number.NaN, Infinity]) {
      expect(count(n, 'en')).toBe(intl.en.format(n));
      expect(count(n, 'ne')).toBe(intl.ne.format(n).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]!));
    }
  });
});
