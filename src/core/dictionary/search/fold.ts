// Folding: keys under which spellings that readers treat as the same word compare equal.
//
// fold(text) — the default key, for Devanagari typed as Devanagari:
//   - NFC. The only Devanagari compositions are the nukta letters, which this fold
//     reduces to their bases anyway, so NFC runs only when other scripts are present.
//   - ZWJ/ZWNJ dropped (eyelash ra र्‍य = र्य; ZWNJ halant forms).
//   - chandrabindu ँ (and inverted ऀ) = anusvara ं.
//   - short = long vowels: ई→इ, ऊ→उ, ी→ि, ू→ु (also ॠ→ऋ, ॄ→ृ, ॡ→ऌ, ॣ→ॢ).
//   - ASCII ':' = visarga ः (74 real headwords spell it so).
//   - nukta dropped: क़→क, ड़→ड, ऩ→न, ऱ→र, ऴ→ळ; avagraha ऽ dropped (जोऽडा = जोडा).
//   - a nasal consonant + virama before another consonant (ङ् ञ् ण् न् म्) = anusvara,
//     except at the start of a key, where no word is spelt with ं (न्याय stays न्याय):
//     पण्डित = पंडित = पँडित, अङ्ग = अंग. It is decided on the key, after joiners,
//     nukta and spaces are gone, so अङ्‌री = अंरी and "X न् Y" = "Xन्Y", and fold stays
//     idempotent.
//   - ष = श: on the real list it makes only 36 more words share a key, and 13 of those
//     18 groups are one word spelt two ways (कोश/कोष, वेश/वेष, शब्दकोश/शब्दकोष).
//   - spaces and punctuation dropped (। ॥ ॰ / - . quotes): the real list has 82 groups
//     differing only so, all one word (उच्च पद / उच्चपद, एक्सरे / एक्स–रे).
//   - ASCII letters lower-cased, ASCII digits = Devanagari digits.
//   On the 123,363 real headwords this gives 122,187 keys; 2,319 words share one, nearly
//   all spelling variants (अँगार/अङ्गार, जीरा/जिरा, दु:ख/दुःख). A final virama is kept
//   (dropping it would merge 133 more: अन्तर/अन्तर्); typing महान still finds महान्
//   as a prefix.
//
// looseFold(text) — fold, then the confusions of romanised input (and of hurried
// typists). Each would cost the default key too much; the number is how many more
// real headwords would share a default key with it:
//   - ब = व (997: बाट/वाट, अब/अव are different words)
//   - स = श = ष (529: अक्षर/अक्सर, दश/दस)
//   - न = ण, and ङ ञ ं = न (302 for ण: अणु/अनु, विना/वीणा)
//   - ऋ = रि, ृ = ्रि (37, but most are different words: कृत/क्रीत, दातृ/दात्री)
//   - retroflex = dental, ट=त ठ=थ ड=द ढ=ध (2,662): romanised t/th/d/dh are both
//   - छ = च (945): romanised "ch" is both
//   - ा dropped, आ = अ (10,409): romanised "a" is both
//   - ऐ = अइ, ै = इ, औ = अउ, ौ = उ: "bhai" (भै) finds भाइ, "gaun" (गौन) finds गाउँ
//   - ज्ञ = ग्य: "gyan" finds ज्ञान (ज्ञ is said gya in Nepali)
//   - virama (2,497) and visarga dropped: romanised typing leaves out or adds the
//     inherent a ("sarkar" सर्कर finds सरकार, "mahan" finds महान्, "dukha" दुःख)
//   The dictionary shows these confusions in its own alternates (सुझाउ/सुझाव/सुझाब,
//   मदेश/मदेस, हूण/हून). Search uses the loose key for romanised queries and, after
//   every default match, as a fallback for Devanagari ones.
//   Both folds are idempotent, and looseFold(x) = looseFold(fold(x)).

import { assert } from '../../assert.ts';

const VIRAMA = 0x094d;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

// Text outside ASCII, Devanagari and the joiners needs a real NFC.
const NEEDS_NFC = /[^\u0000-\u007f\u0900-\u097f\u200c\u200d]/;
const KEPT_OTHER = /[\p{L}\p{M}\p{N}]/u;

/** A replacement for each of U+0900..U+097F, itself unless changed. */
function table(changes: Record<string, string>, base?: readonly string[]): string[] {
  const map = base ? [...base] : Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x900 + i));
  for (const [from, to] of Object.entries(changes)) {
    assert(from.length === 1, `fold table: ${from} is not one code unit`);
    map[from.charCodeAt(0) - 0x900] = to;
  }
  return map;
}

const DEFAULT_MAP = table({
  'ऀ': 'ं',
  'ँ': 'ं',
  ई: 'इ',
  ऊ: 'उ',
  'ी': 'ि',
  'ू': 'ु',
  ॠ: 'ऋ',
  'ॄ': 'ृ',
  ॡ: 'ऌ',
  'ॣ': 'ॢ',
  // nukta letters by escape: written as letters, an editor may decompose them
  '\u0929': 'न',
  '\u0931': 'र',
  '\u0934': 'ळ',
  '\u093C': '',
  ऽ: '',
  '\u0958': 'क',
  '\u0959': 'ख',
  '\u095A': 'ग',
  '\u095B': 'ज',
  '\u095C': 'ड',
  '\u095D': 'ढ',
  '\u095E': 'फ',
  '\u095F': 'य',
  ष: 'श',
  '।': '',
  '॥': '',
  '॰': '',
  ॱ: '',
  '\u0951': '',
  '\u0952': '',
  '\u0953': '',
  '\u0954': '',
});

// Anything the default fold would change; most headwords have none and are their own key.
const FOLDS =
  /[^\u0900-\u097f]|[\u0900\u0901\u0908\u090a\u0940\u0942\u0960\u0944\u0961\u0963\u0929\u0931\u0934\u093c\u093d\u0958-\u095f\u0937\u0964\u0965\u0970\u0971\u0951-\u0954]|[\u0919\u091e\u0923\u0928\u092e]\u094d/;

const isNasal = (c: number) => c === 0x919 || c === 0x91e || c === 0x923 || c === 0x928 || c === 0x92e;
const isConsonant = (c: number) => (c >= 0x915 && c <= 0x939) || (c >= 0x958 && c <= 0x95f);
const isJoiner = (c: number) => c === ZWJ || c === ZWNJ;

/**
 * Appends a folded character. A consonant after a nasal + virama that is not the
 * key's start turns them into ं. Deciding on the output, after joiners, nukta and
 * the like are gone, keeps fold idempotent (ऩ्क, ऩ्क and न्‌क all become ंक).
 */
function append(out: string, folded: string): string {
  const n = out.length;
  if (n > 2 && isConsonant(folded.charCodeAt(0)) && out.charCodeAt(n - 1) === VIRAMA && isNasal(out.charCodeAt(n - 2))) {
    return out.slice(0, n - 2) + 'ं' + folded;
  }
  return out + folded;
}

/** The default key (see the rules above). */
export function fold(text: string): string {
  if (!FOLDS.test(text)) return text;
  const s = NEEDS_NFC.test(text) ? text.normalize('NFC') : text;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x900 && c <= 0x97f) out = append(out, DEFAULT_MAP[c - 0x900]!);
    else if (c < 0x80) {
      if (c >= 0x61 && c <= 0x7a) out += s[i];
      else if (c >= 0x41 && c <= 0x5a) out += String.fromCharCode(c + 0x20);
      else if (c >= 0x30 && c <= 0x39) out += String.fromCharCode(c - 0x30 + 0x966);
      else if (c === 0x3a) out += 'ः';
      // other ASCII (space, punctuation) is dropped
    } else if (!isJoiner(c)) {
      const ch = String.fromCodePoint(s.codePointAt(i)!);
      if (ch.length === 2) i++;
      if (KEPT_OTHER.test(ch)) out += ch.toLowerCase();
    }
  }
  return out;
}

/** Loose replacements, applied to a default key. */
const LOOSE_MAP = table({
  'ा': '',
  आ: 'अ',
  ऋ: 'रि',
  'ृ': 'रि',
  ऌ: 'लि',
  'ॢ': 'लि',
  ऐ: 'अइ',
  'ै': 'इ',
  औ: 'अउ',
  'ौ': 'उ',
  'ॅ': 'े',
  'ॉ': 'ो',
  ऍ: 'ए',
  ऑ: 'ओ',
  छ: 'च',
  ट: 'त',
  ठ: 'थ',
  ड: 'द',
  ढ: 'ध',
  ण: 'न',
  ङ: 'न',
  ञ: 'न',
  'ं': 'न',
  व: 'ब',
  श: 'स',
  'ः': '',
  '्': '',
});

/** Loosens a default key (the output of fold). */
export function loosen(key: string): string {
  let out = '';
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x900 || c > 0x97f) out += key[i];
    // ज्ञ is said gya: the same key as ग्य (virama dropped).
    else if (c === 0x91c && key.charCodeAt(i + 1) === VIRAMA && key.charCodeAt(i + 2) === 0x91e) {
      out += 'गय';
      i += 2;
    } else out += LOOSE_MAP[c - 0x900]!;
  }
  return out;
}

/** The loose key (see the rules above). */
export const looseFold = (text: string): string => loosen(fold(text));
