// The font subset's character set and its unicode-range (src/vite/fonts.ts).

import { describe, expect, it } from 'vitest';
import { fontCharacters, NEPALI_BASE, unicodeRange } from '../../src/vite/fonts.ts';

describe('font subset', () => {
  it('keeps what Nepali needs and adds what the texts use, nothing else', () => {
    const base = fontCharacters([]);
    expect(base).toBe([...NEPALI_BASE].sort().join(''));
    for (const c of 'अआकखक्षज्ञत्रड़ढ़ऋॠ।॥०१२३४५६७८९ॐ\u200d\u200c\u25cc') expect(base).toContain(c);
    // A Vedic sign and Marathi's eyelash letter from the data are added; Latin is not.
    const chars = fontCharacters(['ॲ नमस्ते abc', '\u1cd0']);
    expect(chars.length).toBe(base.length + 2);
    expect(chars).toContain('ॲ');
    expect(chars).toContain('\u1cd0');
    expect(chars).not.toContain('a');
  });

  it('writes code points as CSS unicode-range runs', () => {
    expect(unicodeRange('\u0902\u0901\u0903\u0905\u25cc')).toBe('U+0901-0903,U+0905,U+25CC');
    expect(unicodeRange(fontCharacters([]))).toBe('U+0901-0903,U+0905-0939,U+093C-094D,U+0950,U+0958-0970,U+200C-200D,U+25CC');
  });
});
