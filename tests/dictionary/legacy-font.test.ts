import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legacyFontOf, legacyToUnicode } from '../../src/core/dictionary/legacy-font.ts';
import { tappedWord } from '../../src/core/dictionary/tap-word.ts';
import { HEADWORDS, hasSharedData } from '../../harness/shared-data.ts';

// Words as a Preeti typist types them (the keys in the order the glyphs are drawn) and what they say.
const PREETI: Array<[string, string]> = [
  ['g]kfn', 'नेपाल'],
  ["k'/fgf]", 'पुरानो'],
  // ि before its consonant, with half forms and ्र/्य around it
  ['ljBfno', 'विद्यालय'],
  ['lk|o', 'प्रिय'],
  ['l:ylt', 'स्थिति'],
  ['lzIff', 'शिक्षा'],
  ['ls;fg', 'किसान'],
  // the reph after its syllable, over vowel signs and an ि already moved
  ['dfu{', 'मार्ग'],
  ['sfo{s|d', 'कार्यक्रम'],
  ['wdL{', 'धर्मी'],
  ['wfld{s', 'धार्मिक'],
  ['ljBfyL{', 'विद्यार्थी'],
  // half forms: typed half (:, G) and completed by the ा stroke (if ष)
  ["kf7Øk':ts", 'पाठ्यपुस्तक'],
  ['dfG5]', 'मान्छे'],
  ['lx+;f', 'हिंसा'],
  // vowels built of two keys
  ['cfdf', 'आमा'],
  ['cf]7', 'ओठ'],
  ['P]gf', 'ऐना'],
  ['O{Zj/', 'ईश्वर'],
  ['pmg', 'ऊन'],
  ['km"n', 'फूल'],
  ['k|b]z', 'प्रदेश'],
  [';/sf/', 'सरकार'],
  ['åf/f', 'द्वारा'],
  // inflected forms (the reader falls back to their stems)
  ['3/df', 'घरमा'],
  ['u/\\b}5', 'गर्दैछ'],
];

describe('legacy fonts', () => {
  it('converts Preeti words to Unicode', () => {
    for (const [typed, word] of PREETI) expect(legacyToUnicode(typed), typed).toBe(word);
  });

  it('keeps spaces and punctuation, so the word tapped can be cut out of a line', () => {
    expect(legacyToUnicode('d]/f] 3/ g]kfndf 5 .')).toBe('मेरो घर नेपालमा छ ।');
    expect(tappedWord(legacyToUnicode('-g]kfn_,'))).toBe('नेपाल');
    // A character outside the table stays, and the word is no Devanagari word to look up.
    expect(tappedWord(legacyToUnicode('g]kfnÿ'))).toBeUndefined();
  });

  it('knows each font by the name a PDF gives it', () => {
    expect(legacyFontOf('ABCDEF+Preeti')).toBe('preeti');
    expect(legacyFontOf('PREETI')).toBe('preeti');
    expect(legacyFontOf('Kantipur-Bold')).toBe('kantipur');
    expect(legacyFontOf('Sagarmatha')).toBe('sagarmatha');
    expect(legacyFontOf('Himalb')).toBe('himalb');
    for (const other of ['Helvetica', 'NotoSansDevanagari', 'Mangal', 'g_d0_f1', '', undefined]) expect(legacyFontOf(other)).toBeUndefined();
  });

  it('follows each font where it differs from Preeti', () => {
    // Himalb's digits are digits; its shifted digits the letters Preeti has on the digits.
    expect(legacyToUnicode('#/', 'himalb')).toBe('घर');
    expect(legacyToUnicode('@)*!', 'himalb')).toBe('द्दण्डज्ञ');
    expect(legacyToUnicode('2081', 'himalb')).toBe('२०८१');
    expect(legacyToUnicode('2081', 'preeti')).toBe('द्दण्डज्ञ');
    // Preeti's F is ँ, Kantipur's and Himalb's ा.
    expect(legacyToUnicode('ufpF', 'preeti')).toBe('गाउँ');
    expect(legacyToUnicode('uFp', 'kantipur')).toBe('गाउ');
    expect(legacyToUnicode('g]kfn', 'sagarmatha')).toBe('नेपाल');
  });

  it('never leaves its own marks behind, whatever the text', () => {
    const keys = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`~!@#$%^&*()-_=+[]{}\\|;:\'",<.>/? åØ¿');
    fc.assert(
      fc.property(fc.array(keys, { maxLength: 30 }), fc.constantFrom('preeti', 'kantipur', 'sagarmatha', 'himalb' as const), (cs, font) => {
        const out = legacyToUnicode(cs.join(''), font);
        expect(out).not.toContain('\u0000');
        expect(out).toBe(out.normalize('NFC'));
        // every ा stroke joined to its half form or vowel
        expect(out).not.toMatch(/्ा|अा|ाे|ाै/);
      }),
      // CI once found a reph with no syllable before a ा stroke ({F in Himalb gave र्ा).
      { examples: [[['{', 'F'], 'himalb']] },
    );
  });

  it.runIf(hasSharedData)('gives real headwords for the Preeti words', () => {
    const words = new Set(readFileSync(HEADWORDS, 'utf8').split('\n'));
    const missing = PREETI.slice(0, -2)
      .map(([typed]) => legacyToUnicode(typed))
      .filter((w) => !words.has(w));
    expect(missing).toEqual([]);
  });
});
