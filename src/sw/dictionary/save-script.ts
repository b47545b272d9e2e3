/// <reference lib="webworker" />
// Built as a script of its own (src/vite/sw-scripts.ts) that the worker imports on first use
// (save-tools.ts): what only saving the whole dictionary needs (whole/: the run, the pack's reader,
// the meaning index's builder with the fold and the word scanner), and what makes a letter's list
// from the headword list (whole/letter.ts: derive.ts), and a content pack's dictionary part made and
// taken in (whole/pack-part.ts). Lookups from device storage never parse it.

import { decodeHeadwords } from '../../core/dictionary/headwords.ts';
import { letterBytes } from './whole/letter.ts';
import { runWholeSave } from './whole/run.ts';
import { partBlock, partDrop, partEnd, partPlan, partStart, partTake } from './whole/pack-part.ts';

const dictionarySave = { decodeHeadwords, letterBytes, runWholeSave, partPlan, partBlock, partStart, partTake, partEnd, partDrop };
export type DictionarySave = typeof dictionarySave;

(self as unknown as { khojDictionarySave: DictionarySave }).khojDictionarySave = dictionarySave;
