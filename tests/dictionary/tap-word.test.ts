// Tap to look up (core/dictionary/tap-word.ts): one Devanagari word from what the reader selected.

import { describe, expect, it } from 'vitest';
import { tappedWord } from '../../src/core/dictionary/tap-word.ts';

describe('tapped word', () => {
  it('takes one Devanagari word, letting go of the punctuation and spaces around it', () => {
    expect(tappedWord('किरण')).toBe('किरण');
    expect(tappedWord(' “किरण”, ')).toBe('किरण');
    expect(tappedWord('नेपाल।')).toBe('नेपाल');
    expect(tappedWord('र्‍याल')).toBe('र्‍याल');
  });

  it('opens nothing for a phrase, Latin text, digits or marks alone, or a long run', () => {
    for (const s of ['नेपाली भाषा', 'water', 'किरण2', '२०८३', 'ं', '', '   ', 'क'.repeat(61)]) expect(tappedWord(s), s).toBeUndefined();
  });
});
