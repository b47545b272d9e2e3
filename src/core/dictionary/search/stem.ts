// The dictionary forms an inflected word may come from, for a word tapped in a book that is not a
// headword itself (घरमा, गर्दैछ): the caller keeps the first one that is a headword. The dictionary
// lists nouns bare (घर), adjectives in -ो (राम्रो) and verbs as infinitives in -नु (गर्नु), so:
// - a word with an ending only verbs have (-एको, -दै, -छ, -यो, -ने…) is tried as a verb first;
// - case endings, postpositions and the plural are taken off, up to three deep, each tried as it
//   comes (केटाहरूलाई → केटाहरू → केटा);
// - an adjective's -ा/-ी/-ै is its -ो (राम्रा, राम्री → राम्रो);
// - a verb's endings give way to -नु: the stem before them, as a half letter when it ends in a
//   consonant (गर्दैछ, गर्छ, गरेको → गर्नु; खान्छ → खानु; आउँदै → आउनु), longest stem first; a stem
//   in -ा whose verb is in -ाउनु keeps it (उठायो → उठाउनु).
// These candidates over-generate on purpose: the headword list decides. Two letters at least.

/** Case endings, postpositions, the plural and particles written joined to a noun; longest first where one ends another. */
const NOUN_ENDINGS = [
  'हरू',
  'हरु',
  'लाई',
  'ले',
  'को',
  'का',
  'की',
  'मा',
  'मै',
  'बाट',
  'देखि',
  'सम्म',
  'तिर',
  'तर्फ',
  'सँग',
  'संग',
  'सित',
  'भन्दा',
  'प्रति',
  'भित्र',
  'बाहिर',
  'माथि',
  'मुनि',
  'पछि',
  'अघि',
  'बारे',
  'जस्तो',
  'जस्ता',
  'जस्ती',
  'झैँ',
  'झैं',
  'वटा',
  'ओटा',
  'जना',
  'नै',
  'चाहिँ',
  'चाहिं',
  'पनि',
].sort((a, b) => b.length - a.length);

/** Endings only verbs have (participles, tenses): such a word is tried as a verb first (गरेको → गर्नु, not गरे). */
const VERB_ENDING = /(?:े|ए)(?:को|का|की|र)$|दै(?:छ|छन्|छु|छौ|न|नन्)?$|(?:्|न्|ँ)(?:छ|छन्|छु|छौ|छिन्)$|्?यो$|ने(?:छ|छन्)?$|नुहोस्$|थ्यो$|्दा$/;

/** Verb endings after a stem in -ा whose infinitive is -ाउनु (बनायो, बनाएको, बनाई → बनाउनु). */
const AU_ENDINGS = /ा(?:यो|ए|एँ|एको|एका|एकी|एर|इन्|ई|इ|यौ)$/;

const VIRAMA = '\u094d';
const CONSONANT = /[\u0915-\u0939\u0958-\u095f]$/;
/** A stem ending in a vowel or a vowel sign (खा, आउ, हु). */
const VOWEL_END = /[\u0904-\u0914\u093e-\u094c]$/;
const MIN = 2;

const length = (s: string) => [...s].length;

/** The infinitive a verb stem makes: गर / गर् → गर्नु, खा → खानु; undefined for a stem that makes none. */
function infinitive(stem: string): string | undefined {
  if (stem.endsWith(VIRAMA)) return `${stem}नु`;
  if (CONSONANT.test(stem)) return `${stem}${VIRAMA}नु`;
  if (VOWEL_END.test(stem)) return `${stem}नु`;
  return undefined;
}

/** An adjective's -ो for its -ा/-ी form. */
const adjective = (w: string): string | undefined => (/[ाी]$/.test(w) && length(w) > MIN ? `${w.slice(0, -1)}ो` : undefined);

/** Forms with noun endings taken off, nearest first (one ending, then two, then three). */
function stripped(word: string): string[] {
  const out: string[] = [];
  let level = [word];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    const next: string[] = [];
    for (const w of level)
      for (const end of NOUN_ENDINGS) {
        if (!w.endsWith(end)) continue;
        const stem = w.slice(0, -end.length);
        if (length(stem) >= MIN && !stem.endsWith(VIRAMA)) next.push(stem);
      }
    out.push(...next);
    level = next;
  }
  return out;
}

/** Verb infinitives the word may be a form of, the longest stem first. */
function infinitives(word: string): string[] {
  const out: string[] = [];
  if (AU_ENDINGS.test(word)) out.push(word.replace(AU_ENDINGS, 'ाउनु'));
  const cps = [...word];
  // The ending may start with a vowel sign on the stem's last consonant (गर|ेको, आउ|ँदै).
  for (let n = cps.length - 1; n >= MIN; n--) {
    const inf = infinitive(cps.slice(0, n).join(''));
    if (inf) out.push(inf);
  }
  return out;
}

/** Dictionary forms `word` may be an inflection of, best first, without `word` itself. */
export function stemCandidates(word: string): string[] {
  const w = word.normalize('NFC');
  const nouns = stripped(w);
  const asNoun = [...nouns.flatMap((s) => [s, adjective(s)]), adjective(w)];
  const list = VERB_ENDING.test(w) ? [...infinitives(w), ...asNoun] : [...asNoun, ...infinitives(w)];
  return [...new Set(list.filter((s): s is string => !!s && s !== w && length(s) >= MIN))];
}
