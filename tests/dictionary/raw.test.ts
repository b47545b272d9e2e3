import { describe, expect, it } from 'vitest';
import { readRawEntries } from '../../src/core/dictionary/raw.ts';
import { DataError } from '../../src/core/problems.ts';

const errorOf = (data: unknown): string => {
  try {
    readRawEntries(data, 'dump.json');
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return (e as Error).message;
  }
  throw new Error('expected a DataError');
};

describe('readRawEntries', () => {
  it('names the file, the entry (index and word) and the field for each bad entry', () => {
    const message = errorOf([
      { word: 'क', definitions: [{ senses: ['ठीक।'] }] },
      { word: 'ख', definitions: [{ grammar: 5, senses: ['x'] }] },
      { word: '  ', definitions: [{ senses: ['x'] }] },
      { word: 'ग', definitions: [] },
      { word: 'घ' },
      { word: 'ङ', definitions: [{ senses: 'नाम' }] },
      { word: 'च', definitions: [{ senses: ['x', 7] }] },
      { word: 42, definitions: [] },
      'छ',
    ]);
    expect(message.split('\n')).toEqual([
      'dump.json: entry 1 "ख": definitions[0].grammar: expected a string, found number',
      'dump.json: entry 2 "  ": word: empty headword',
      'dump.json: entry 3 "ग": definitions: entry has no definitions',
      'dump.json: entry 4 "घ": definitions: no definitions',
      'dump.json: entry 5 "ङ": definitions[0].senses: expected an array of strings, found string',
      'dump.json: entry 6 "च": definitions[0].senses[1]: expected a string, found number',
      'dump.json: entry 7: word: expected a string, found number',
      'dump.json: entry 8: expected an object {word, definitions}, found string',
    ]);
  });

  it('refuses what is not an array of entries, and an empty dictionary', () => {
    expect(errorOf({ word: 'क' })).toBe('dump.json: expected a JSON array of entries, found object');
    expect(errorOf([])).toBe('dump.json: the dictionary has no entries');
  });

  it('counts recoverable oddities instead of failing', () => {
    const { entries, oddities } = readRawEntries(
      [
        { word: ' दु:ख\u200C', definitions: [{ grammar: ' ', senses: ['पीडा।'] }, { senses: [] }] },
        { word: 'र्\u200Dयाल', definitions: [{ senses: null }, { grammar: 'ना.', senses: ['थुक <br/>।'], extra: 1 }] },
      ],
      'dump.json',
    );
    expect(entries.map((e) => e.word)).toEqual(['दु:ख', 'र्\u200Dयाल']);
    expect(entries[1]!.definitions).toHaveLength(1);
    expect(Object.fromEntries(oddities.counts)).toEqual({
      'headword-trimmed': 1,
      'headword-edge-joiner-removed': 1,
      'headword-ascii-visarga': 1,
      'blank-grammar': 1,
      'missing-grammar': 1,
      'empty-senses': 1,
      'headword-with-joiner': 1,
      'null-senses-block-dropped': 1,
      'html-in-sense': 1,
      'unknown-field': 1,
    });
  });

  it('writes blocks with the fixed key order grammar, etymology, senses', () => {
    const { entries } = readRawEntries([{ definitions: [{ senses: ['x'], etymology: '[सं.]', grammar: 'ना.' }], word: 'क' }], 'd');
    expect(JSON.stringify(entries[0])).toBe('{"word":"क","definitions":[{"grammar":"ना.","etymology":"[सं.]","senses":["x"]}]}');
  });
});
