/// <reference lib="webworker" />
// Built as a script of its own (src/vite/sw-scripts.ts) that the worker imports on first use
// (check.ts): the dictionary's file checks (the contract's JSON Schemas and their interpreter).
// Only a file taken in from the network, or a row an older worker wrote, needs them: rows this
// worker stored are verified by their digest.

import { checkFile } from '../../core/dictionary/check-file.ts';

const dictionaryCheck = { checkFile };
export type DictionaryCheck = typeof dictionaryCheck;

(self as unknown as { khojDictionaryCheck: DictionaryCheck }).khojDictionaryCheck = dictionaryCheck;
