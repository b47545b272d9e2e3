// When the app offers to be installed: at a good moment (a second visit or a first save), never
// again once answered, never inside the installed app; the browser's prompt where there is one,
// the Share menu's steps where the browser has none (iOS and iPadOS Safari).

import { describe, expect, it } from 'vitest';
import { type InstallFacts, installOffer, isMenuOnly } from '../../src/core/install-offer.ts';

const base: InstallFacts = { canPrompt: true, menuOnly: false, installed: false, visits: 1, saved: false, answered: false };

describe('install offer', () => {
  it('waits for a second visit or a save', () => {
    expect(installOffer(base)).toBe(null);
    expect(installOffer({ ...base, visits: 2 })).toBe('prompt');
    expect(installOffer({ ...base, saved: true })).toBe('prompt');
  });
  it('is not offered again once answered, nor inside the installed app', () => {
    expect(installOffer({ ...base, visits: 5, answered: true })).toBe(null);
    expect(installOffer({ ...base, visits: 5, installed: true })).toBe(null);
  });
  it('explains the menu where the browser has no prompt, and says nothing where it has neither', () => {
    expect(installOffer({ ...base, canPrompt: false, menuOnly: true, visits: 2 })).toBe('explain');
    expect(installOffer({ ...base, canPrompt: false, visits: 2 })).toBe(null);
  });
  it('knows iOS and iPadOS', () => {
    expect(isMenuOnly('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', 'iPhone', 5)).toBe(
      true,
    );
    expect(isMenuOnly('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'MacIntel', 5)).toBe(true);
    expect(isMenuOnly('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'MacIntel', 0)).toBe(false);
    expect(isMenuOnly('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36', 'Linux armv8l', 5)).toBe(false);
  });
});
