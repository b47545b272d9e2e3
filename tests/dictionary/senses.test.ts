import { describe, expect, it } from 'vitest';
import { senseParts } from '../../src/core/dictionary/senses.ts';

describe('sense numbers', () => {
  it('keeps the number the source printed, in Devanagari, and drops it from the text', () => {
    expect(senseParts('१. हराएको कुरा पत्ता लगाउने काम', 0)).toEqual({ number: '१', text: 'हराएको कुरा पत्ता लगाउने काम' });
    // not renumbered: a list the source starts at 3 stays at 3
    expect(senseParts('३. तेस्रो अर्थ', 0)).toEqual({ number: '३', text: 'तेस्रो अर्थ' });
    expect(senseParts(' 12. Latin digits', 4)).toEqual({ number: '१२', text: 'Latin digits' });
  });
  it('numbers an unnumbered sense by its place', () => {
    expect(senseParts('पिठोलाई मुछेर पकाइएको खाना।', 1)).toEqual({ number: '२', text: 'पिठोलाई मुछेर पकाइएको खाना।' });
    expect(senseParts('१०० रुपियाँ', 0)).toEqual({ number: '१', text: '१०० रुपियाँ' });
  });
});

describe('counts', () => {
  it('groups as Nepali writes numbers, in the interface digits', async () => {
    const { count } = await import('../../src/core/digits.ts');
    expect(count(123456, 'ne')).toBe('१,२३,४५६');
    expect(count(123456, 'en')).toBe('123,456');
  });
});
