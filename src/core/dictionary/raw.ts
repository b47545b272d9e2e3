// Reads the raw dump shape `[{word, definitions:[{grammar?, etymology?, senses[]}]}]`
// from untrusted parsed JSON: fatal problems for what cannot be used, a tally for
// what is odd but recoverable.

import { ProblemList, Tally } from '../problems.ts';
import { hasLoneSurrogate, wellFormed } from '../text.ts';
import { hasAsciiVisarga, hasJoiner, letterOf, normaliseHeadword, unsafeLetter } from './normalise.ts';
import type { Definition, Entry } from './types.ts';

export type Oddity =
  | 'headword-trimmed'
  | 'headword-edge-joiner-removed'
  | 'headword-not-nfc'
  | 'headword-with-joiner'
  | 'headword-ascii-visarga'
  | 'missing-grammar'
  | 'blank-grammar'
  | 'empty-senses'
  | 'null-senses-block-dropped'
  | 'html-in-sense'
  | 'unknown-field'
  | 'duplicate-headword-merged'
  | 'identical-block-dropped'
  | 'lone-surrogate-replaced';

export const ODDITY_TEXT: Record<Oddity, string> = {
  'headword-trimmed': 'headwords with white space at either end (trimmed)',
  'headword-edge-joiner-removed': 'headwords with ZWJ/ZWNJ at either end (removed)',
  'headword-not-nfc': 'headwords not in NFC (composed)',
  'headword-with-joiner': 'headwords containing ZWJ/ZWNJ (kept: eyelash ra and half forms)',
  'headword-ascii-visarga': 'headwords with ASCII ":" for visarga (kept as published)',
  'missing-grammar': 'definition blocks without a grammar key',
  'blank-grammar': 'definition blocks with a blank grammar label (kept)',
  'empty-senses': 'definition blocks with an empty senses list (kept)',
  'null-senses-block-dropped': 'blocks {"senses": null} with nothing else (dropped: they hold nothing)',
  'html-in-sense': 'senses containing HTML markup (kept as text)',
  'unknown-field': 'unknown fields (ignored)',
  'duplicate-headword-merged': 'duplicate headwords (merged: definitions appended in source order)',
  'identical-block-dropped': 'definition blocks repeated verbatim under a duplicate headword (dropped)',
  'lone-surrogate-replaced': 'entries with a lone UTF-16 surrogate (half a character: no URL can hold it) in the headword or a definition, replaced by U+FFFD',
};

const ENTRY_KEYS = new Set(['word', 'definitions']);
const BLOCK_KEYS = new Set(['grammar', 'etymology', 'senses']);
const HTML = /<\/?[a-zA-Z][^>]*>/;

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RawRead {
  entries: Entry[];
  oddities: Tally<Oddity>;
}

/** Checks and cleans every entry; throws a DataError naming each bad entry. */
export function readRawEntries(data: unknown, file: string, oddities = new Tally<Oddity>()): RawRead {
  const problems = new ProblemList();
  if (!Array.isArray(data)) {
    problems.add({ file, message: `expected a JSON array of entries, found ${typeName(data)}` });
    problems.throwIfAny();
  }
  const list = data as unknown[];
  const entries: Entry[] = [];
  for (let index = 0; index < list.length; index++) {
    const entry = readEntry(list[index], index, file, problems, oddities);
    if (entry) entries.push(entry);
  }
  if (list.length === 0) problems.add({ file, message: 'the dictionary has no entries' });
  problems.throwIfAny();
  return { entries, oddities };
}

function readEntry(raw: unknown, index: number, file: string, problems: ProblemList, odd: Tally<Oddity>): Entry | undefined {
  if (!isRecord(raw)) {
    problems.add({ file, record: { index }, message: `expected an object {word, definitions}, found ${typeName(raw)}` });
    return undefined;
  }
  const rawWord = raw.word;
  if (typeof rawWord !== 'string') {
    problems.add({ file, record: { index }, path: 'word', message: `expected a string, found ${typeName(rawWord)}` });
    return undefined;
  }
  // Half a surrogate pair passes JSON but breaks every link to the word: repaired, and counted once per entry.
  let lone = hasLoneSurrogate(rawWord);
  const { word, changes } = normaliseHeadword(lone ? wellFormed(rawWord) : rawWord);
  const ref = { index, word };
  if (word === '') {
    problems.add({ file, record: { index, word: rawWord }, path: 'word', message: 'empty headword' });
    return undefined;
  }
  if (unsafeLetter(letterOf(word))) {
    problems.add({ file, record: ref, path: 'word', message: `starts with "${letterOf(word)}", which cannot name a letter file` });
    return undefined;
  }
  if (changes.trimmed) odd.add('headword-trimmed', ref);
  if (changes.edgeJoiners) odd.add('headword-edge-joiner-removed', ref);
  if (changes.composed) odd.add('headword-not-nfc', ref);
  if (hasJoiner(word)) odd.add('headword-with-joiner', ref);
  if (hasAsciiVisarga(word)) odd.add('headword-ascii-visarga', ref);
  for (const key in raw) if (!ENTRY_KEYS.has(key)) odd.add('unknown-field', ref);

  const defs = raw.definitions;
  if (!Array.isArray(defs)) {
    const found = defs === undefined ? 'no definitions' : `definitions is ${typeName(defs)}, expected an array`;
    problems.add({ file, record: ref, path: 'definitions', message: found });
    return undefined;
  }
  const definitions: Definition[] = [];
  let ok = true;
  for (let b = 0; b < defs.length; b++) {
    const block = readBlock(defs[b], file, ref, `definitions[${b}]`, problems, odd);
    if (block === false) ok = false;
    else if (block) {
      lone = repairBlock(block) || lone;
      definitions.push(block);
    }
  }
  if (lone) odd.add('lone-surrogate-replaced', ref);
  if (ok && definitions.length === 0) {
    problems.add({ file, record: ref, path: 'definitions', message: 'entry has no definitions' });
    return undefined;
  }
  return ok ? { word, definitions } : undefined;
}

/** Replaces lone surrogates in a block's text; true if there were any. */
function repairBlock(block: Definition): boolean {
  let found = false;
  const fix = (s: string) => (hasLoneSurrogate(s) ? ((found = true), wellFormed(s)) : s);
  if (block.grammar !== undefined) block.grammar = fix(block.grammar);
  if (block.etymology !== undefined) block.etymology = fix(block.etymology);
  block.senses = block.senses.map(fix);
  return found;
}

/** A block, `undefined` for a dropped empty block, `false` when it is bad. */
function readBlock(
  raw: unknown,
  file: string,
  ref: { index: number; word: string },
  path: string,
  problems: ProblemList,
  odd: Tally<Oddity>,
): Definition | undefined | false {
  if (!isRecord(raw)) {
    problems.add({ file, record: ref, path, message: `expected an object {grammar?, etymology?, senses}, found ${typeName(raw)}` });
    return false;
  }
  const { grammar, etymology, senses } = raw;
  // The exporter writes an empty leading section as {"senses": null}; it carries nothing.
  if (senses === null && grammar === undefined && etymology === undefined) {
    odd.add('null-senses-block-dropped', ref);
    return undefined;
  }
  let ok = true;
  const bad = (field: string, message: string) => {
    problems.add({ file, record: ref, path: `${path}.${field}`, message });
    ok = false;
  };
  if (grammar !== undefined && typeof grammar !== 'string') bad('grammar', `expected a string, found ${typeName(grammar)}`);
  if (etymology !== undefined && typeof etymology !== 'string') bad('etymology', `expected a string, found ${typeName(etymology)}`);
  if (!Array.isArray(senses)) bad('senses', senses === undefined ? 'missing' : `expected an array of strings, found ${typeName(senses)}`);
  else {
    for (let s = 0; s < senses.length; s++) {
      if (typeof senses[s] !== 'string') bad(`senses[${s}]`, `expected a string, found ${typeName(senses[s])}`);
      else if ((senses[s] as string).includes('<') && HTML.test(senses[s] as string)) odd.add('html-in-sense', ref);
    }
    if (senses.length === 0) odd.add('empty-senses', ref);
  }
  if (!ok) return false;
  for (const key in raw) if (!BLOCK_KEYS.has(key)) odd.add('unknown-field', ref);
  if (grammar === undefined) odd.add('missing-grammar', ref);
  else if ((grammar as string).trim() === '') odd.add('blank-grammar', ref);

  // Fixed key order (grammar, etymology, senses) keeps output byte-stable.
  const out: Definition = {} as Definition;
  if (grammar !== undefined) out.grammar = grammar as string;
  if (etymology !== undefined) out.etymology = etymology as string;
  out.senses = senses as string[];
  return out;
}
