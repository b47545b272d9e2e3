// Romanised Nepali (as people type it on a Latin keyboard) → Devanagari.
//
// The scheme, longest match first, case-sensitive where a capital means something:
//   consonants  k ख=kh g घ=gh च=ch|c छ=chh ज=j|z झ=jh  ट=T ठ=Th ड=D ढ=Dh ण=N
//               त=t थ=th द=d ध=dh न=n  प=p फ=ph|f ब=b भ=bh म=m
//               य=y र=r ल=l व=v|w श=sh ष=Sh स=s ह=h  क्ष=ksh|x ज्ञ=gy|jn  क=q
//               (gy is ज्ञ, as in gyan ज्ञान: 705 real headwords have ज्ञ, 386 ग्य;
//               the loose fold makes them one, so yogya still finds योग्य)
//   vowels      अ=a आ=aa|A इ=i ई=ii|ee|I उ=u ऊ=uu|oo|U ए=e ऐ=ai ओ=o औ=au|ou ऋ=R
//               (a vowel after a consonant is its sign; at a word's start or after
//               another vowel it is the letter: "bhaai" भाइ, "gae" गए)
//   marks       ं=.n|M  ँ=~  ः=H|:  explicit virama=.h   digits → ०-९
//   consonants with no vowel between them join with a virama (शब्द = "shabda");
//   a word's last consonant keeps its inherent a (घर = "ghar"), as Nepali is written.
//   A final "a" after a single consonant, past the first syllable, is ā: people write
//   "aama" आमा, "kura" कुरा, "kshama" क्षमा, but "shabda" शब्द, "dharma" धर्म.
//   A capital that only starts a word ("Kiran", phone auto-capitalisation) or a word
//   in all capitals is read as lower case.
// Romanisation is ambiguous (n न/ण, s स/श/ष, t त/ट, a अ/आ, ch च/छ, ri रि/ऋ): the output
// is one plausible spelling, meant to be compared under looseFold, where those
// differences are folded away ("kiran" → किरन, loose key किरन = looseFold(किरण)).

const CONSONANTS: Record<string, string> = {
  ksh: 'क्ष',
  chh: 'छ',
  kh: 'ख',
  gh: 'घ',
  ch: 'च',
  jh: 'झ',
  Th: 'ठ',
  Dh: 'ढ',
  th: 'थ',
  dh: 'ध',
  ph: 'फ',
  bh: 'भ',
  Sh: 'ष',
  sh: 'श',
  gy: 'ज्ञ',
  jn: 'ज्ञ',
  k: 'क',
  g: 'ग',
  c: 'च',
  j: 'ज',
  z: 'ज',
  T: 'ट',
  D: 'ड',
  N: 'ण',
  t: 'त',
  d: 'द',
  n: 'न',
  p: 'प',
  f: 'फ',
  b: 'ब',
  m: 'म',
  y: 'य',
  r: 'र',
  l: 'ल',
  v: 'व',
  w: 'व',
  s: 'स',
  h: 'ह',
  x: 'क्ष',
  q: 'क',
};

/** [independent letter, sign after a consonant] */
const VOWELS: Record<string, readonly [string, string]> = {
  aa: ['आ', 'ा'],
  ai: ['ऐ', 'ै'],
  au: ['औ', 'ौ'],
  ou: ['औ', 'ौ'],
  ee: ['ई', 'ी'],
  ii: ['ई', 'ी'],
  oo: ['ऊ', 'ू'],
  uu: ['ऊ', 'ू'],
  A: ['आ', 'ा'],
  I: ['ई', 'ी'],
  U: ['ऊ', 'ू'],
  R: ['ऋ', 'ृ'],
  a: ['अ', ''],
  i: ['इ', 'ि'],
  u: ['उ', 'ु'],
  e: ['ए', 'े'],
  o: ['ओ', 'ो'],
};

const MARKS: Record<string, string> = { '.n': 'ं', M: 'ं', '~': 'ँ', H: 'ः', ':': 'ः', '.h': '्' };

const DIGITS = '०१२३४५६७८९';

type Token = { text: string; kind: 'consonant' | 'vowel' | 'mark' };
const TOKENS: Token[] = [
  ...Object.keys(CONSONANTS).map((text) => ({ text, kind: 'consonant' as const })),
  ...Object.keys(VOWELS).map((text) => ({ text, kind: 'vowel' as const })),
  ...Object.keys(MARKS).map((text) => ({ text, kind: 'mark' as const })),
].sort((a, b) => b.text.length - a.text.length);

/** A run of romanised input: Latin letters and the mark characters. */
const ROMAN_RUN = /[A-Za-z.~:]+/g;
const LATIN = /[A-Za-z]/;

/** Does the query hold romanised (Latin) letters to transliterate? */
export const isRomanised = (query: string): boolean => LATIN.test(query);

/** Undoes capitals that carry no meaning: auto-capitalised first letters and all-caps words. */
function uncapitalise(word: string): string {
  if (/^[A-Z]+$/.test(word) && word.length > 1) return word.toLowerCase();
  if (/^[A-Z][a-z]/.test(word)) return word[0]!.toLowerCase() + word.slice(1);
  return word;
}

function matchToken(word: string, at: number): Token | undefined {
  for (const t of TOKENS) if (word.startsWith(t.text, at)) return t;
  return undefined;
}

/** One romanised word → Devanagari. */
function transliterateWord(raw: string): string {
  const word = uncapitalise(raw);
  let out = '';
  // The last thing written was a consonant with no vowel sign yet.
  let bare = false;
  // That consonant closes the syllable before it (a cluster such as ब्द, or after ं ँ ः).
  let cluster = false;
  let afterMark = false;
  let sawVowel = false;
  for (let i = 0; i < word.length;) {
    const token = matchToken(word, i);
    if (!token) {
      // a lone '.' or other leftover: nothing to write
      i++;
      continue;
    }
    i += token.text.length;
    if (token.kind === 'consonant') {
      cluster = bare || afterMark;
      if (bare) out += '्';
      out += CONSONANTS[token.text]!;
      bare = true;
    } else if (token.kind === 'vowel') {
      const [letter, sign] = VOWELS[token.text]!;
      if (bare) {
        const final = i === word.length;
        out += token.text === 'a' && final && !cluster && sawVowel ? 'ा' : sign;
      } else out += letter;
      bare = false;
      sawVowel = true;
    } else {
      out += MARKS[token.text]!;
      bare = false;
    }
    afterMark = token.kind === 'mark';
  }
  return out;
}

/** Romanised text → Devanagari; anything not romanised (Devanagari, spaces) passes through. */
export function transliterate(text: string): string {
  return text.replace(ROMAN_RUN, transliterateWord).replace(/[0-9]/g, (d) => DIGITS[Number(d)]!);
}
