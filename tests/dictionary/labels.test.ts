import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandLabel } from '../../src/core/dictionary/labels.ts';
import { hasSharedData, SHARED_DATA } from '../../harness/shared-data.ts';

describe('expandLabel', () => {
  it('expands grammar labels, dotted or compact, and combined ones', () => {
    expect(expandLabel('ना.')).toEqual([{ abbr: 'ना.', meaning: { ne: 'नाम', en: 'noun' } }]);
    expect(expandLabel('सक्रि.')[0]!.meaning?.ne).toBe('सकर्मक क्रिया');
    expect(expandLabel('स.क्रि.')[0]!.meaning?.ne).toBe('सकर्मक क्रिया');
    expect(expandLabel('ना./वि.').map((p) => p.meaning?.en)).toEqual(['noun', 'adjective']);
  });

  it('expands every language named in an etymology, and leaves unknown parts bare', () => {
    expect(expandLabel('[सं.]').map((p) => p.meaning?.ne)).toEqual(['संस्कृत']);
    expect(expandLabel('[प्रा. पाणिअ < सं. पानीय]').map((p) => p.meaning?.ne)).toEqual(['प्राकृत', 'संस्कृत']);
    expect(expandLabel('क्ष.')).toEqual([{ abbr: 'क्ष.' }]);
  });
});

describe.runIf(hasSharedData)("against the dictionary's own legend (../shared/data/dictionary/abbreviations.json)", () => {
  const legend = hasSharedData ? (JSON.parse(readFileSync(join(SHARED_DATA, 'dictionary/abbreviations.json'), 'utf8')) as Record<string, string>) : {};
  const byAbbr = new Map(Object.entries(legend).map(([full, abbr]) => [abbr, full]));

  it('every abbreviation we expand means what the legend says', () => {
    const ours = [
      'ना',
      'वि',
      'सर्व',
      'क्रि',
      'सक्रि',
      'अक्रि',
      'प्रेक्रि',
      'कक्रि',
      'क्रिवि',
      'नि',
      'अव्य',
      'संयो',
      'विबो',
      'नायो',
      'पस',
      'पूस',
      'उप',
      'प्रत्य',
      'टु',
      'लोको',
      'सं',
      'प्रा',
      'आ',
      'अमू',
      'अङ्',
      'हि',
      'फा',
      'अ',
      'नेवा',
      'मै',
      'भोज',
    ];
    for (const abbr of ours) {
      const full = byAbbr.get(abbr);
      expect(full, abbr).toBeDefined();
      expect(expandLabel(`${abbr}.`)[0]!.meaning?.ne, abbr).toBe(full);
    }
  });
});
