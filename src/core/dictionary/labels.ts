// Grammar and etymology labels, expanded on demand. Our own table of the labels the
// dictionary uses most; keys are written without dots, so "स.क्रि." and "सक्रि." agree.

export interface LabelMeaning {
  ne: string;
  en: string;
}

const TABLE: Record<string, LabelMeaning> = {
  ना: { ne: 'नाम', en: 'noun' },
  वि: { ne: 'विशेषण', en: 'adjective' },
  सर्व: { ne: 'सर्वनाम', en: 'pronoun' },
  क्रि: { ne: 'क्रिया', en: 'verb' },
  सक्रि: { ne: 'सकर्मक क्रिया', en: 'transitive verb' },
  अक्रि: { ne: 'अकर्मक क्रिया', en: 'intransitive verb' },
  प्रेक्रि: { ne: 'प्रेरणार्थक क्रिया', en: 'causative verb' },
  कक्रि: { ne: 'कर्मवाच्य क्रिया', en: 'passive verb' },
  भाक्रि: { ne: 'भाववाच्य क्रिया', en: 'impersonal verb' },
  पूक्रि: { ne: 'पूरक क्रिया', en: 'complement verb' },
  सहाक्रि: { ne: 'सहायक क्रिया', en: 'auxiliary verb' },
  क्रिवि: { ne: 'क्रियाविशेषण', en: 'adverb' },
  नि: { ne: 'निपात', en: 'particle' },
  अव्य: { ne: 'अव्यय', en: 'indeclinable' },
  संयो: { ne: 'संयोजक', en: 'conjunction' },
  विबो: { ne: 'विस्मयादिबोधक', en: 'interjection' },
  नायो: { ne: 'नामयोगी', en: 'postposition' },
  पस: { ne: 'परसर्ग', en: 'postposition (case marker)' },
  पूस: { ne: 'पूर्वसर्ग', en: 'preposition' },
  उप: { ne: 'उपसर्ग', en: 'prefix' },
  प्रत्य: { ne: 'प्रत्यय', en: 'suffix' },
  टु: { ne: 'टुक्का', en: 'idiom' },
  लोको: { ne: 'लोकोक्ति', en: 'proverb' },
  सं: { ne: 'संस्कृत', en: 'Sanskrit' },
  प्रा: { ne: 'प्राकृत', en: 'Prakrit' },
  ने: { ne: 'नेपाली', en: 'Nepali' },
  आ: { ne: 'आगन्तुक', en: 'loanword' },
  अमू: { ne: 'अनुकरण मूल', en: 'onomatopoeic' },
  अङ्: { ne: 'अङ्ग्रेजी', en: 'English' },
  हि: { ne: 'हिन्दी', en: 'Hindi' },
  फा: { ne: 'फारसी', en: 'Persian' },
  अ: { ne: 'अरबी', en: 'Arabic' },
  उ: { ne: 'उर्दु', en: 'Urdu' },
  तु: { ne: 'तुर्की', en: 'Turkish' },
  नेवा: { ne: 'नेवारी', en: 'Newar' },
  मै: { ne: 'मैथिली', en: 'Maithili' },
  भोज: { ne: 'भोजपुरी', en: 'Bhojpuri' },
  बङ्: { ne: 'बङ्गाली', en: 'Bengali' },
  पुर्त: { ne: 'पुर्तगाली', en: 'Portuguese' },
  फ्रे: { ne: 'फ्रेन्च', en: 'French' },
  तिब्ब: { ne: 'तिब्बती', en: 'Tibetan' },
  गु: { ne: 'गुरुङ', en: 'Gurung' },
  मग: { ne: 'मगर', en: 'Magar' },
  ता: { ne: 'तामाङ', en: 'Tamang' },
  था: { ne: 'थारु', en: 'Tharu' },
  लि: { ne: 'लिम्बू', en: 'Limbu' },
  रा: { ne: 'राई', en: 'Rai' },
  हे: { ne: 'हेर्नुहोस्', en: 'see' },
  स्त्री: { ne: 'स्त्रीलिङ्ग', en: 'feminine' },
  पु: { ne: 'पुलिङ्ग', en: 'masculine' },
  बव: { ne: 'बहुवचन', en: 'plural' },
  आद: { ne: 'आदरार्थी', en: 'honorific' },
  अनौ: { ne: 'अनौपचारिक', en: 'informal' },
  ला: { ne: 'लाक्षणिक', en: 'figurative' },
};

const key = (abbr: string) => abbr.replace(/[.\s]/g, '');

/**
 * The parts of a label with their meanings: "ना./वि." → नाम, विशेषण; "[प्रा. पाणिअ < सं. पानीय]"
 * → प्राकृत … संस्कृत. Parts the table does not know come back with no meaning.
 */
export function expandLabel(label: string): Array<{ abbr: string; meaning?: LabelMeaning }> {
  const inner = label.trim().replace(/^\[|\]$/g, '');
  const parts = /^\[/.test(label.trim())
    ? // Etymology: every "X." that names a language, e.g. "प्रा. पाणिअ < सं. पानीय".
      [...inner.matchAll(/(?:^|[\s<(])([\u0900-\u097F]+\.)/g)].map((m) => m[1]!)
    : inner
        .split('/')
        .map((s) => s.trim())
        .filter(Boolean);
  return parts.map((abbr) => {
    const meaning = TABLE[key(abbr)];
    return meaning ? { abbr, meaning } : { abbr };
  });
}
