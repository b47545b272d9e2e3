// One value's spellings to its canonical form: languages to ISO 639-1 codes, subjects to their
// canonical names, grades to an integer 1–12 (normalise.ts uses them for a record, query.ts for a
// query's filters).

import { foldText, words } from './fold.ts';

export const MIN_GRADE = 1;
export const MAX_GRADE = 12;

// ---------------------------------------------------------------- languages

/** ISO 639-1 code (or ISO 639-2/3 where 639-1 has none) for every spelling we have met or expect. */
const LANGUAGE_NAMES: Record<string, string[]> = {
  en: ['eng', 'english', 'अंग्रेजी', 'अङ्ग्रेजी', 'angreji'],
  ne: ['nep', 'nepali', 'नेपाली', 'khas', 'gorkhali'],
  hi: ['hin', 'hindi', 'हिन्दी', 'हिंदी'],
  sa: ['san', 'sanskrit', 'संस्कृत'],
  bo: ['tib', 'bod', 'tibetan'],
  bn: ['ben', 'bengali', 'bangla'],
  ur: ['urd', 'urdu'],
  fr: ['fre', 'fra', 'french'],
  de: ['ger', 'deu', 'german'],
  el: ['gre', 'ell', 'greek'],
  es: ['spa', 'spanish'],
  ja: ['jpn', 'japanese'],
  zh: ['chi', 'zho', 'chinese'],
  ru: ['rus', 'russian'],
  it: ['ita', 'italian'],
  la: ['lat', 'latin'],
  // No ISO 639-1 code: the ISO 639-2/3 code stands.
  new: ['newari', 'newar', 'nepal bhasa', 'nepal bhasha', 'नेपाल भाषा', 'नेवारी'],
  mai: ['maithili', 'मैथिली'],
  bho: ['bhojpuri', 'भोजपुरी'],
  awa: ['awadhi', 'अवधी'],
  tmg: ['tamang', 'तामाङ'],
  thl: ['tharu', 'थारु'],
  lif: ['limbu', 'लिम्बु'],
  gvr: ['gurung', 'गुरुङ'],
  mgp: ['magar', 'मगर'],
  sit: ['sino-tibetan'],
  mul: ['multiple'],
  und: ['undetermined', 'unknown'],
};

const LANGUAGE = new Map<string, string>();
for (const [code, names] of Object.entries(LANGUAGE_NAMES)) {
  LANGUAGE.set(code, code);
  for (const n of names) LANGUAGE.set(words(n).join(' '), code);
}

export type LanguageOutcome = { code: string; kind: 'iso639-1' | 'other-code' } | { code: null; kind: 'unknown' | 'empty' };

/** One language spelling → its code: `eng`, `English`, `en-US`, `नेपाली` → en/ne; `sit` stays `sit`. */
export function normaliseLanguage(raw: string): LanguageOutcome {
  const key = words(raw).join(' ');
  if (!key) return { code: null, kind: 'empty' };
  const region = /^([a-z]{2,3})(?: [a-z]{2,4})?$/.exec(key.replace(/_/g, ' '));
  const hit = LANGUAGE.get(key) ?? (region ? LANGUAGE.get(region[1]!) : undefined);
  if (hit) return { code: hit, kind: hit.length === 2 ? 'iso639-1' : 'other-code' };
  if (region && region[1]!.length === 2) return { code: region[1]!, kind: 'iso639-1' };
  if (region) return { code: region[1]!, kind: 'other-code' };
  return { code: null, kind: 'unknown' };
}

// ---------------------------------------------------------------- subjects

interface SubjectInfo {
  name: string;
  /** the name in Nepali, indexed beside the English one so either script finds the book */
  local: string;
  synonyms: string[];
}

export const SUBJECTS: readonly SubjectInfo[] = [
  { name: 'Nepali', local: 'नेपाली', synonyms: ['nepali language', 'compulsory nepali'] },
  { name: 'English', local: 'अंग्रेजी', synonyms: ['अङ्ग्रेजी', 'compulsory english'] },
  { name: 'Mathematics', local: 'गणित', synonyms: ['math', 'maths', 'compulsory mathematics'] },
  { name: 'Science', local: 'विज्ञान', synonyms: ['science and technology', 'विज्ञान तथा प्रविधि'] },
  { name: 'Social Studies', local: 'सामाजिक अध्ययन', synonyms: ['social', 'social study', 'सामाजिक'] },
  { name: 'Health', local: 'स्वास्थ्य', synonyms: ['health and physical education', 'health physical and creative arts', 'स्वास्थ्य तथा शारीरिक शिक्षा'] },
  { name: 'Hamro Serofero', local: 'हाम्रो सेरोफेरो', synonyms: ['serofero', 'serophero', 'hamro serophero', 'our surroundings'] },
  { name: 'Sanskrit', local: 'संस्कृत', synonyms: [] },
  { name: 'Computer', local: 'कम्प्युटर', synonyms: ['computer science', 'कम्प्युटर विज्ञान'] },
  { name: 'Accountancy', local: 'लेखा', synonyms: ['accounting', 'account', 'accounts'] },
  { name: 'Economics', local: 'अर्थशास्त्र', synonyms: [] },
  { name: 'Physics', local: 'भौतिकशास्त्र', synonyms: ['भौतिक विज्ञान'] },
  { name: 'Chemistry', local: 'रसायनशास्त्र', synonyms: ['रसायन विज्ञान'] },
  { name: 'Biology', local: 'जीवविज्ञान', synonyms: [] },
  { name: 'Moral Education', local: 'नैतिक शिक्षा', synonyms: ['moral'] },
  { name: 'Environment', local: 'वातावरण', synonyms: ['environment science', 'environmental studies'] },
  { name: 'Geography', local: 'भूगोल', synonyms: [] },
  { name: 'History', local: 'इतिहास', synonyms: [] },
];

const SUBJECT = new Map<string, SubjectInfo>();
for (const s of SUBJECTS) for (const n of [s.name, s.local, ...s.synonyms]) SUBJECT.set(words(n).join(' '), s);

/** The canonical subject for any spelling (`maths`, `गणित` → Mathematics); an unlisted subject is kept with its spacing tidied. */
export function normaliseSubject(raw: string): { name: string | null; listed: boolean } {
  const tidy = raw.replace(/\s+/g, ' ').trim();
  if (!tidy) return { name: null, listed: false };
  const hit = SUBJECT.get(words(tidy).join(' '));
  return hit ? { name: hit.name, listed: true } : { name: tidy, listed: false };
}

/** The Nepali name of a canonical subject, for the search index. */
export const subjectLocalName = (name: string): string | undefined => SUBJECT.get(words(name).join(' '))?.local;

// ---------------------------------------------------------------- grades

export type GradeOutcome = { grade: number } | { error: 'not-a-number' | 'out-of-range' };

/** `5`, `"05"`, `"Grade 5"`, `"class 5"`, `"कक्षा ५"`, `"५"` → 5; range 1–12. */
export function parseGrade(raw: string | number): GradeOutcome {
  let n: number;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return { error: 'not-a-number' };
    n = raw;
  } else {
    const m = /^(?:(?:grade|class|कक्षा|kaksha)\s*[-:.]?\s*)?([+-]?\d{1,6})$/.exec(foldText(raw).trim().replace(/\s+/g, ' '));
    if (!m) return { error: 'not-a-number' };
    n = Number(m[1]);
  }
  return n >= MIN_GRADE && n <= MAX_GRADE ? { grade: n } : { error: 'out-of-range' };
}
