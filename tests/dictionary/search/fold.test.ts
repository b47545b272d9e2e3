import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, loosen, looseFold } from '../../../src/core/dictionary/search/fold.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

// Text made of what the folds treat specially, plus ordinary letters and Latin.
const tricky = fc.string({
  unit: fc.constantFrom(
    'क',
    'न',
    'म',
    'ण',
    'ङ',
    'ञ',
    'ज',
    'ञ',
    'ष',
    'श',
    'स',
    'ब',
    'व',
    'ऋ',
    'र',
    'आ',
    'ऐ',
    'औ',
    'इ',
    'ई',
    '्',
    'ा',
    'ि',
    'ी',
    'ु',
    'ू',
    'ृ',
    'ै',
    'ौ',
    'ं',
    'ँ',
    'ः',
    '़',
    'ऽ',
    '\u0958',
    '\u0929',
    '\u200C',
    '\u200D',
    ':',
    ' ',
    '-',
    '/',
    '।',
    'a',
    'K',
    '5',
    'é',
    'e\u0301',
  ),
  maxLength: 12,
});

describe('fold (the default key)', () => {
  it.each([
    ['joiners are dropped (eyelash ra, ZWNJ)', 'र्\u200Dयाल', 'र्याल'],
    ['chandrabindu is anusvara', 'कहाँ', 'कहां'],
    ['long i and u are short, as letters and signs', 'ईख ऊन नीलो भूत', 'इखउननिलोभुत'],
    ['an ASCII colon is visarga', 'दु:ख', 'दुःख'],
    ['nukta is dropped, decomposed or precomposed', 'क\u093Cलम \u0958लम ड\u093C', 'कलमकलमड'],
    ['avagraha is dropped', 'जोऽडा', 'जोडा'],
    ['ष is श', 'कोष', 'कोश'],
    ['spaces and punctuation are dropped', 'उच्च पद / एक्स–रे। डी.लिट.', 'उच्चपदएक्सरेडिलिट'],
    ['ASCII digits are Devanagari digits, Latin is lower case', 'श्री 5 ABC', 'श्रि५abc'],
  ])('%s', (_, text, key) => {
    expect(fold(text)).toBe(key);
  });

  it('a nasal + virama before a consonant is anusvara: पण्डित = पंडित = पँडित', () => {
    expect(new Set(['पण्डित', 'पंडित', 'पँडित', 'पन्डित'].map(fold))).toEqual(new Set(['पंडित']));
    expect(fold('अङ्ग')).toBe(fold('अंग'));
    expect(fold('सम्बन्ध')).toBe('संबंध');
    expect(fold('कञ्चन')).toBe('कंचन');
    // decided after joiners, nukta and spaces are gone
    expect(fold('अङ्\u200Cरी')).toBe(fold('अंरी'));
    expect(fold('क\u0929्क')).toBe('कंक');
    expect(fold('कन\u093C्क')).toBe('कंक');
    expect(fold('भगवान् बुद्ध')).toBe(fold('भगवान्बुद्ध'));
  });

  it('leaves a nasal + virama alone at the start of a word, and before a vowel or the end', () => {
    expect(fold('न्याय')).toBe('न्याय');
    expect(fold('म्याउ')).toBe('म्याउ');
    expect(fold('महान्')).toBe('महान्');
  });

  it('keeps apart what only the loose fold joins', () => {
    for (const [a, b] of [
      ['बाट', 'वाट'],
      ['दश', 'दस'],
      ['अणु', 'अनु'],
      ['ऋषि', 'रिषि'],
      ['काम', 'कम'],
      ['टक', 'तक'],
      ['छल', 'चल'],
      ['ज्ञान', 'ग्यान'],
    ]) {
      expect(fold(a!)).not.toBe(fold(b!));
      expect(looseFold(a!)).toBe(looseFold(b!));
    }
  });

  it('is NFC-blind: NFC, NFD and the text itself fold alike', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        expect(fold(s.normalize('NFD'))).toBe(fold(s));
        expect(fold(s.normalize('NFC'))).toBe(fold(s));
      }),
    );
  });

  it('is idempotent and leaves nothing it folds away', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const key = fold(s);
        expect(fold(key)).toBe(key);
        expect(key).not.toMatch(/[\u200C\u200Dँईऊीू़ऽष: \-/।]/);
      }),
    );
  });
});

describe('looseFold (romanised input)', () => {
  it.each([
    ['ब = व', 'विद्यालय', 'बिद्यालय'],
    ['स = श = ष', 'शेष', 'सेस'],
    ['न = ण', 'किरण', 'किरन'],
    ['ऋ = रि and ृ = ्रि', 'ऋषि कृपा', 'रिषि क्रिपा'],
    ['retroflex = dental', 'टाठीडढ', 'ताथीदध'],
    ['छ = च', 'छोरा', 'चोरा'],
    ['ा is dropped and आ = अ', 'आमा', 'अम'],
    ['ऐ ै = अइ इ, औ ौ = अउ उ', 'ऐना भै गौ', 'अइना भइ गउ'],
    ['ज्ञ = ग्य', 'ज्ञान', 'ग्यान'],
    ['virama and visarga are dropped', 'सर्कार दुःख', 'सरकार दुख'],
    ['anusvara and chandrabindu = न', 'कहाँ संसार', 'कहान सनसार'],
  ])('%s', (_, a, b) => {
    expect(looseFold(a)).toBe(looseFold(b));
  });

  it('is idempotent and the loose key of the default key', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const loose = looseFold(s);
        expect(looseFold(loose)).toBe(loose);
        expect(loosen(fold(s))).toBe(loose);
        expect(looseFold(fold(s))).toBe(loose);
      }),
    );
  });

  it('refines nothing the default fold joins: equal default keys have equal loose keys', () => {
    fc.assert(
      fc.property(tricky, tricky, (a, b) => {
        if (fold(a) === fold(b)) expect(looseFold(a)).toBe(looseFold(b));
      }),
    );
  });
});

describe.runIf(hasSharedData)('the folds on the 123,363 real headwords (the evidence in fold.ts)', () => {
  const words = hasSharedData
    ? readFileSync(HEADWORDS, 'utf8')
        .split('\n')
        .filter((w) => w !== '')
    : [];
  /** how many words share their key with another word */
  const sharing = (key: (w: string) => string) => {
    const count = new Map<string, number>();
    for (const w of words) {
      const k = key(w);
      count.set(k, (count.get(k) ?? 0) + 1);
    }
    let n = 0;
    for (const c of count.values()) if (c > 1) n += c;
    return { keys: count.size, sharing: n };
  };
  const base = sharing(fold);

  it('gives 122,187 default keys, 2,319 words sharing one', () => {
    expect(words.length).toBe(123363);
    expect(base).toEqual({ keys: 122187, sharing: 2319 });
  });

  it('ष = श costs 36 words: cheap enough for the default key', () => {
    // U+097A stands in for ष, so the rest of the fold applies unchanged.
    const without = sharing((w) => fold(w.replace(/ष/g, 'ॺ')));
    expect(base.sharing - without.sharing).toBe(36);
  });

  it.each([
    ['ब = व', 997, (k: string) => k.replace(/व/g, 'ब')],
    ['स = श', 529, (k: string) => k.replace(/श/g, 'स')],
    ['ण = न', 302, (k: string) => k.replace(/ण/g, 'न')],
    ['ऋ = रि', 37, (k: string) => k.replace(/ऋ/g, 'रि').replace(/ृ/g, '्रि')],
    ['retroflex = dental', 2662, (k: string) => k.replace(/ट/g, 'त').replace(/ठ/g, 'थ').replace(/ड/g, 'द').replace(/ढ/g, 'ध')],
    ['छ = च', 945, (k: string) => k.replace(/छ/g, 'च')],
    ['ा dropped', 10409, (k: string) => k.replace(/ा/g, '').replace(/आ/g, 'अ')],
    ['virama dropped', 2497, (k: string) => k.replace(/्/g, '')],
    ['final virama dropped', 133, (k: string) => k.replace(/्$/, '')],
  ])('%s would make %i more words share a default key: loose only', (_, added, rule) => {
    expect(sharing((w) => rule(fold(w))).sharing - base.sharing).toBe(added);
  });

  it('leaves no joiner, chandrabindu, long i/u, nukta or ASCII colon in any key', () => {
    expect(words.filter((w) => /[\u200C\u200Dँईऊीू़:]/.test(fold(w)))).toEqual([]);
  });
});
