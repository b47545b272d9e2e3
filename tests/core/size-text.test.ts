// Sizes as a reader reads them: the unit that suits the number (never "१०७३८.६ MB"), grouped
// past a thousand, in the interface's digits (the textbook screens' size() goes through it).

import { describe, expect, it } from 'vitest';
import { sizeText } from '../../src/core/size-text.ts';
import { size } from '../../src/app/books/strings.ts';

describe('sizes', () => {
  it('picks KB, MB or GB', () => {
    expect(sizeText(355_000)).toBe('355 KB');
    expect(sizeText(31_800_000)).toBe('31.8 MB');
    expect(sizeText(10_738_600_000)).toBe('10.7 GB');
    expect(sizeText(1_234_500_000_000)).toBe('1,234.5 GB');
  });
  it('writes Nepali digits in the Nepali interface', () => {
    expect(size(10_738_600_000, 'ne')).toBe('१०.७ GB');
    expect(size(10_738_600_000, 'en')).toBe('10.7 GB');
    expect(size(5_300_000, 'ne')).toBe('५.३ MB');
  });
});
