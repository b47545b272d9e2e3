import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looseFold } from '../../../src/core/dictionary/search/fold.ts';
import { HeadwordIndex } from '../../../src/core/dictionary/search/headword-index.ts';
import { isRomanised, transliterate } from '../../../src/core/dictionary/search/transliterate.ts';
import { HEADWORDS, hasSharedData } from '../../../harness/shared-data.ts';

describe('transliterate: the scheme', () => {
  it.each([
    // inherent a, clusters, a bare final consonant
    ['ghar', 'घर'],
    ['namaste', 'नमस्ते'],
    ['shabda', 'शब्द'],
    ['dharma', 'धर्म'],
    ['kiran', 'किरन'],
    // a final a after a single consonant, past the first syllable, is ā
    ['aama', 'आमा'],
    ['kura', 'कुरा'],
    ['chha', 'छ'],
    // conjunct shortcuts
    ['kshama', 'क्षमा'],
    ['xama', 'क्षमा'],
    ['gyaan', 'ज्ञान'],
    ['jnaan', 'ज्ञान'],
    // aspirates
    ['kh gh ch chh jh th dh ph bh', 'ख घ च छ झ थ ध फ भ'],
    // retroflex by capitals, ष by Sh (inside a word: see the capitals test)
    ['kaT kaTh kaD kaDh kaN kaSh', 'कट कठ कड कढ कण कष'],
    // vowels: long by doubling or capitals, diphthongs, letters at a start or after a vowel
    ['kaa kA kii kee kI kuu koo kU ke kai ko kau', 'का का की की की कू कू कू के कै को कौ'],
    ['aa i ii u uu e ai o au', 'आ इ ई उ ऊ ए ऐ ओ औ'],
    ['bhaai gae', 'भाइ गए'],
    // R is ऋ (ri is रि: the loose fold joins them)
    ['kRpa', 'कृपा'],
    ['rishi', 'रिशि'],
    // anusvara, chandrabindu, visarga, explicit virama
    ['sa.nsaar saMsaar', 'संसार संसार'],
    ['ka~haa', 'कँहा'],
    ['duHkha du:kha', 'दुःख दुःख'],
    ['mahaan.h', 'महान्'],
    // other letters
    ['v w f z q y r l s h m n p b', 'व व फ ज क य र ल स ह म न प ब'],
    // digits, and what is not romanised passes through
    ['5 ghar', '५ घर'],
    ['नेपाल ko', 'नेपाल को'],
  ])('%s → %s', (roman, devanagari) => {
    expect(transliterate(roman)).toBe(devanagari);
  });

  it('reads auto-capitalised and all-caps words as lower case; capitals inside a word mean retroflex', () => {
    // a phone capitalises "Ram" and "Tara": a first capital cannot mean ऋ or ट
    expect(transliterate('Kiran')).toBe(transliterate('kiran'));
    expect(transliterate('Tara')).toBe('तरा');
    expect(transliterate('Nepali')).toBe(transliterate('nepali'));
    expect(transliterate('NEPAL')).toBe(transliterate('nepal'));
    expect(transliterate('kiraN')).toBe('किरण');
  });

  it('makes romanised words comparable with headwords under the loose fold', () => {
    for (const [roman, word] of [
      ['kiran', 'किरण'],
      ['namaste', 'नमस्ते'],
      ['nepali', 'नेपाली'],
      ['ghar', 'घर'],
      ['kshama', 'क्षमा'],
      ['xama', 'क्षमा'],
      ['gyan', 'ज्ञान'],
      ['gyaan', 'ज्ञान'],
      ['shabda', 'शब्द'],
      ['aama', 'आमा'],
      ['sarkar', 'सरकार'],
      ['krishna', 'कृष्ण'],
      ['rishi', 'ऋषि'],
      ['pandit', 'पण्डित'],
      ['kahan', 'कहाँ'],
      ['bhai', 'भाइ'],
      ['gaun', 'गाउँ'],
      ['vidyalaya', 'विद्यालय'],
      ['bidyalaya', 'विद्यालय'],
      ['yogya', 'योग्य'],
      ['mahan', 'महान्'],
      ['dukha', 'दुःख'],
    ] as const) {
      expect(looseFold(transliterate(roman)), `${roman} ~ ${word}`).toBe(looseFold(word));
    }
  });

  it('turns any romanised text into Devanagari with no Latin left', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzADHIMNRSTU.~: '.split('')), maxLength: 16 }), (s) => {
        expect(transliterate(s)).not.toMatch(/[A-Za-z]/);
      }),
    );
  });

  it('tells romanised queries from Devanagari ones', () => {
    expect(isRomanised('kiran')).toBe(true);
    expect(isRomanised('किरण')).toBe(false);
    expect(isRomanised('५')).toBe(false);
  });
});

// Romanised as people type them → the headword they mean.
const TABLE: readonly (readonly [string, string])[] = [
  ['kiran', 'किरण'],
  ['namaste', 'नमस्ते'],
  ['nepali', 'नेपाली'],
  ['ghar', 'घर'],
  ['kshama', 'क्षमा'],
  ['xama', 'क्षमा'],
  ['gyan', 'ज्ञान'],
  ['gyaan', 'ज्ञान'],
  ['shabda', 'शब्द'],
  ['aama', 'आमा'],
  ['pani', 'पानी'],
  ['khana', 'खाना'],
  ['ramro', 'राम्रो'],
  ['kitab', 'किताब'],
  ['manchhe', 'मान्छे'],
  ['bato', 'बाटो'],
  ['desh', 'देश'],
  ['keti', 'केटी'],
  ['haat', 'हात'],
  ['khutta', 'खुट्टा'],
  ['aankha', 'आँखा'],
  ['mukh', 'मुख'],
  ['daant', 'दाँत'],
  ['gham', 'घाम'],
  ['jun', 'जून'],
  ['hawa', 'हावा'],
  ['aago', 'आगो'],
  ['mato', 'माटो'],
  ['rukh', 'रुख'],
  ['phul', 'फूल'],
  ['kukur', 'कुकुर'],
  ['biralo', 'बिरालो'],
  ['sahar', 'सहर'],
  ['nadi', 'नदी'],
  ['pahad', 'पहाड'],
  ['himal', 'हिमाल'],
  ['samudra', 'समुद्र'],
  ['chhora', 'छोरा'],
  ['chhori', 'छोरी'],
  ['bahini', 'बहिनी'],
  ['sathi', 'साथी'],
  ['pustak', 'पुस्तक'],
  ['kagaj', 'कागज'],
  ['dudh', 'दूध'],
  ['chiya', 'चिया'],
  ['bhat', 'भात'],
  ['dal', 'दाल'],
  ['tarkari', 'तरकारी'],
  ['masu', 'मासु'],
  ['anda', 'अण्डा'],
  ['chini', 'चिनी'],
  ['rato', 'रातो'],
  ['seto', 'सेतो'],
  ['hariyo', 'हरियो'],
  ['thulo', 'ठूलो'],
  ['maya', 'माया'],
  ['prem', 'प्रेम'],
  ['khusi', 'खुसी'],
  ['dukha', 'दुःख'],
  ['samay', 'समय'],
  ['bihan', 'बिहान'],
  ['hijo', 'हिजो'],
  ['bholi', 'भोलि'],
  ['dhanyabad', 'धन्यवाद'],
  ['sarkar', 'सरकार'],
  ['kanun', 'कानुन'],
  ['adhikar', 'अधिकार'],
  ['shiksha', 'शिक्षा'],
  ['bigyan', 'विज्ञान'],
  ['itihas', 'इतिहास'],
  ['ganit', 'गणित'],
  ['dharma', 'धर्म'],
  ['sansar', 'संसार'],
  ['sanskriti', 'संस्कृति'],
  ['prithvi', 'पृथ्वी'],
  ['surya', 'सूर्य'],
  ['aakash', 'आकाश'],
  ['barsha', 'वर्षा'],
  ['jivan', 'जीवन'],
  ['mrityu', 'मृत्यु'],
  ['shanti', 'शान्ति'],
  ['yuddha', 'युद्ध'],
  ['mandir', 'मन्दिर'],
  ['chhito', 'छिटो'],
  ['dhilo', 'ढिलो'],
  ['akshar', 'अक्षर'],
  ['vakya', 'वाक्य'],
  ['katha', 'कथा'],
  ['kavita', 'कविता'],
  ['geet', 'गीत'],
  ['rishi', 'ऋषि'],
  ['kripa', 'कृपा'],
  ['krishna', 'कृष्ण'],
  ['pandit', 'पण्डित'],
  ['vidyalaya', 'विद्यालय'],
  ['mahan', 'महान्'],
  ['bhai', 'भाइ'],
  ['sagarmatha', 'सगरमाथा'],
  ['shri', 'श्री'],
  ['yogya', 'योग्य'],
];

describe.runIf(hasSharedData)('romanised search on the 123,363 real headwords', () => {
  const words = hasSharedData
    ? readFileSync(HEADWORDS, 'utf8')
        .split('\n')
        .filter((w) => w !== '')
    : [];
  const index = new HeadwordIndex(words);
  const onList = new Set(words);

  it('has every expected word of the table on the real list', () => {
    expect(TABLE.filter(([, word]) => !onList.has(word))).toEqual([]);
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%s finds %s in the top 3', (roman, word) => {
    const top = index.search(roman, 3).map((h) => h.word);
    expect(top).toContain(word);
  });

  it('finds words whose romanisation is ambiguous further down (gaun: गौन गाउन गउन are words too)', () => {
    expect(index.search('gaun', 10).map((h) => h.word)).toContain('गाउँ');
    expect(index.search('ghanta', 10).map((h) => h.word)).toContain('घण्टा');
    // said precisely, they come first
    expect(index.search('gaau~', 3).map((h) => h.word)).toContain('गाउँ');
    expect(index.search('ghaNTaa', 3).map((h) => h.word)).toContain('घण्टा');
  });
});
