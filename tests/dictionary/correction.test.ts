// "Suggest a correction" (core/dictionary/correction.ts): the template is checked at build time
// (named by the flag and the profile's field), the link carries the word encoded, and the build
// puts the template in metadata.json only when configured.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaryBuild } from '../../harness/run.ts';
import { correctionLink, correctionUrlProblem } from '../../src/core/dictionary/correction.ts';
import { dictionaryData } from '../../data-build/dictionary/dictionary-data.ts';

describe('correction URL', () => {
  it('accepts an absolute http(s) template with {word}, and refuses others with the reason', () => {
    expect(correctionUrlProblem('https://example.org/fix?w={word}')).toBeUndefined();
    expect(correctionUrlProblem('https://example.org/fix')).toMatch(/no \{word\} placeholder/);
    expect(correctionUrlProblem('/fix/{word}')).toMatch(/not an absolute URL/);
    expect(correctionUrlProblem('javascript:alert({word})')).toMatch(/not an http\(s\) URL/);
  });

  it('builds the link with the word percent-encoded', () => {
    expect(correctionLink('https://example.org/fix?w={word}&again={word}', 'किरण & co')).toBe(
      `https://example.org/fix?w=${encodeURIComponent('किरण & co')}&again=${encodeURIComponent('किरण & co')}`,
    );
  });

  it('is a flag of the dictionary build, refused by name when bad', () => {
    const options = (v: Record<string, string>) => dictionaryData.options(v, { env: {} } as never);
    expect(options({ 'correction-url': 'https://example.org/{word}' })).toMatchObject({ correctionUrl: 'https://example.org/{word}' });
    expect(() => options({ 'correction-url': 'https://example.org/' })).toThrow(/--correction-url.*no \{word\} placeholder/);
  });
});

describe('the build carries the template to the app', () => {
  it('writes it into metadata.json when given (flag or profile), and not otherwise; a bad one in a profile is refused with the file named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'khoj-correction-'));
    const meta = (out: string) => JSON.parse(readFileSync(join(out, 'api/v1/metadata.json'), 'utf8')) as { correctionUrl?: string };
    const withFlag = join(dir, 'flag');
    expect((await dictionaryBuild(['--out', withFlag, '--correction-url', 'https://example.org/fix?w={word}'])).code).toBe(0);
    expect(meta(withFlag).correctionUrl).toBe('https://example.org/fix?w={word}');
    const without = join(dir, 'none');
    expect((await dictionaryBuild(['--out', without])).code).toBe(0);
    expect(meta(without).correctionUrl).toBeUndefined();
    const profile = join(dir, 'bad.json');
    writeFileSync(profile, JSON.stringify({ dictionary: { correctionUrl: 'https://example.org/fix' } }));
    const bad = await dictionaryBuild(['--out', join(dir, 'bad'), '--sources', profile]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/bad\.json/);
    expect(bad.stderr).toMatch(/correctionUrl/);
  }, 120_000);
});
