// Nepali text set in a legacy font (Preeti, Kantipur, Sagarmatha, Himalb): the file holds Latin
// letters that the font draws as Devanagari (g]kfn is drawn नेपाल), so a PDF's text layer gives
// the Latin letters. This turns them into Unicode, for looking a word up (the books' readers).
//
// The fonts share the Nepali typewriter's layout (the table below, written from the fonts' published
// character maps); each differs from Preeti in a few keys and in the Windows-1252 characters of its
// ligatures. The letters come in the order they are typed, which is the order they are drawn, not
// Unicode's, so after the table:
// - ि (l) is typed before its consonant: it moves after the consonant and the half forms before it
//   and the ्र/्य after it (lk|o प्रिय, l:y स्थि).
// - र् as a reph ({) is typed after its syllable: it moves before the syllable's consonant and half
//   forms (dfu{ मार्ग, wd{ धर्म).
// - a half form with the ा stroke is the full letter (if ष, If क्ष, 0f ण); अ+ा is आ, ा+े is ो.
// - the hook m makes प फ, भ झ, उ ऊ (km, em, pm); इ with the reph stroke is ई (O{), ए with े is ऐ.
// Characters outside the table stay as they are (a word holding one is not Devanagari and is not
// looked up).

import { assert } from '../assert.ts';

export type LegacyFont = 'preeti' | 'kantipur' | 'sagarmatha' | 'himalb';

/** The legacy font a PDF font's name is, if it is one: "ABCDEF+Preeti", "Kantipur-Bold", "HIMALB". */
export function legacyFontOf(name: string | undefined): LegacyFont | undefined {
  const n = (name ?? '')
    .replace(/^[A-Z]{6}\+/, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (n.startsWith('preeti')) return 'preeti';
  if (n.startsWith('kantipur')) return 'kantipur';
  if (n.startsWith('sagarmatha')) return 'sagarmatha';
  if (n.startsWith('himalb')) return 'himalb';
  return undefined;
}

/** Pairs each character of `keys` with the value at the same place. */
const row = (keys: string, values: readonly string[]): Array<[string, string]> => {
  const ks = [...keys];
  assert(ks.length === values.length, `legacy font table: ${keys} has ${ks.length} keys and ${values.length} values`);
  return ks.map((k, i) => [k, values[i]!]);
};

const split = (s: string) => s.split(' ');

// The typewriter layout, as Preeti has it.
const LAYOUT: Array<[string, string]> = [
  ...row('abcdefghijklnopqrstuvwxyz', split('ब द अ म भ ा न ज ष् व प ि ल य उ त्र च क त ग ख ध ह थ श')),
  ...row('ABCDEFGHIJKLMNOPQRSTUVWXYZ', split('ब् द्य ऋ म् भ् ँ न् ज् क्ष् व् प् ी ः ल् इ ए त्त च् क् त् ग् ख् ध् ह् थ् श्')),
  ...row('0123456789', split('ण् ज्ञ द्द घ द्ध छ ट ठ ड ढ')),
  ...row(')!@#$%^&*(', [...'०१२३४५६७८९']),
  ...row('`~-_=+[]}\\|;:\'",<.>/?', split('ञ ञ् ( ) . ं ृ े ै ् ्र स स् ु ू , ? । श्र र रु')),
  // ligatures the fonts share, at their Windows-1252 places
  ...row('å¿ßØ§¶´ª«¢£¡ç÷ìÆæ', split('द्व रू द्म ्य ट्ट ठ्ठ झ ङ र् द्घ घ् ज्ञ् ॐ / त्त् ” “')),
  ['¥', 'र्\u200d'],
];

/** Where a font differs from Preeti. */
const DIFFERENCES: Record<LegacyFont, Array<[string, string]>> = {
  preeti: [...row('Åˆ‰ÌÍËÎ›•˜Ý„‹', split('हृ फ् झ् न्न ङ्क ङ्ग ङ्ख द्र ड्ड ऽ ट्ठ ध्र ङ्घ'))],
  kantipur: [['F', 'ा'], ['X', 'हृ'], ['“', 'ँ'], ...row('‰ÌÍË„•˜Ô', split('झ् न्न ङ्क ङ्ग ध्र ड्ड ऽ क्ष'))],
  sagarmatha: [...row('ƒ‰Ô·¸', split('द्र झ् क्ष ङ्ग ड्ड'))],
  // Himalb has the digits where Preeti has the conjuncts, and the other way round.
  himalb: [
    ['F', 'ा'],
    ['X', 'हृ'],
    ...row('0123456789', [...'०१२३४५६७८९']),
    ...row(')!@#$%^&*(', split('ण् ज्ञ द्द घ द्ध छ ट ठ ड ढ')),
    ['`', 'ञ्'],
    ['~', 'ञ'],
    ...row('Ôé', split('क्ष ङ्ग')),
  ],
};

/** Keys of two characters, read before single ones: the hook m, इ with the reph, a vowel with े. */
const PAIRS: Array<[string, string]> = [
  ['km', 'फ'],
  ['Km', 'फ्'],
  ['em', 'झ'],
  ['Em', 'झ्'],
  ['pm', 'ऊ'],
  ['O{', 'ई'],
];

const tables = new Map<LegacyFont, Map<string, string>>();
function tableOf(font: LegacyFont): Map<string, string> {
  let t = tables.get(font);
  if (!t) tables.set(font, (t = new Map([...LAYOUT, ...DIFFERENCES[font], ...PAIRS])));
  return t;
}

const CONSONANT = /[\u0915-\u0939\u0958-\u095f]/;
const VIRAMA = '\u094d';
const I_SIGN = '\u093f';
const NUKTA = '\u093c';
/** The reph key's र्, kept as one mark until it has found its syllable. */
const REPH = '\u0000';
/** What stands after a consonant in its syllable: vowel signs, nukta, anusvara, candrabindu, visarga. */
const SIGN = /[\u093c\u093e-\u094c\u0962\u0963\u0901-\u0903]/;

const isConsonant = (c: string | undefined) => c !== undefined && CONSONANT.test(c);

/** A half form with the ा stroke is the full letter: ष् + ा = ष. */
function joinStrokes(cs: string[]): string[] {
  for (let i = cs.length - 2; i >= 0; i--) if (cs[i] === VIRAMA && cs[i + 1] === 'ा') cs.splice(i, 2);
  return cs;
}

/** ि typed before its syllable goes after the syllable's consonants. */
function moveISigns(cs: string[]): string[] {
  for (let i = 0; i < cs.length; i++) {
    if (cs[i] !== I_SIGN) continue;
    let j = i + 1;
    // half forms before the consonant (स् of स्थ)
    while (isConsonant(cs[j]) && cs[j + 1] === VIRAMA && isConsonant(cs[j + 2])) j += 2;
    if (!isConsonant(cs[j])) continue;
    j++;
    if (cs[j] === NUKTA) j++;
    // ्र, ्य after it (प्र of प्रिय)
    while (cs[j] === VIRAMA && isConsonant(cs[j + 1])) j += 2;
    cs.splice(i, 1);
    cs.splice(j - 1, 0, I_SIGN);
    i = j - 1;
  }
  return cs;
}

/** The reph, typed after its syllable, goes before the syllable's consonants as र्. */
function placeRephs(cs: string[]): string[] {
  for (let i = 0; i < cs.length; i++) {
    if (cs[i] !== REPH) continue;
    let j = i;
    while (j > 0 && SIGN.test(cs[j - 1]!)) j--;
    if (isConsonant(cs[j - 1])) {
      j--;
      while (j >= 2 && cs[j - 1] === VIRAMA && isConsonant(cs[j - 2])) j -= 2;
    } else j = i;
    cs.splice(i, 1);
    cs.splice(j, 0, 'र', VIRAMA);
    i++;
  }
  return cs;
}

/** Legacy-font text (its Latin letters) as Unicode Devanagari, NFC. */
export function legacyToUnicode(text: string, font: LegacyFont = 'preeti'): string {
  const table = tableOf(font);
  const pairs = new Set(PAIRS.map(([k]) => k));
  const cs: string[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const pair = c + (chars[i + 1] ?? '');
    if (pairs.has(pair)) {
      cs.push(...table.get(pair)!);
      i++;
    } else if (c === '{') cs.push(REPH);
    else cs.push(...(table.get(c) ?? c));
  }
  // Strokes are joined again after the rephs: a reph with no syllable before it stays र्, and
  // a ा typed after it makes रा.
  return joinStrokes(placeRephs(moveISigns(joinStrokes(cs))))
    .join('')
    .replaceAll('अा', 'आ')
    .replaceAll('आे', 'ओ')
    .replaceAll('आै', 'औ')
    .replaceAll('ाे', 'ो')
    .replaceAll('ाै', 'ौ')
    .replaceAll('एे', 'ऐ')
    .normalize('NFC');
}
