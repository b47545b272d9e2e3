/// <reference lib="webworker" />
// The dictionary's file checks (check-script.ts), imported on first use (on-demand.ts).

import type { BuildIndex, FileCheck } from '../../core/dictionary/check-file.ts';
import { onDemand } from '../on-demand.ts';
import type { DictionaryCheck } from './check-script.ts';

/** The script's file name, content-hashed, so a change to it changes (and so updates) the worker. */
declare const __KHOJ_DICTIONARY_CHECK__: string;

export const dictionaryCheck = onDemand<DictionaryCheck>('khojDictionaryCheck', __KHOJ_DICTIONARY_CHECK__);

/** core/dictionary/check-file.ts's checkFile, from the script. */
export const checkFile = (rel: string, text: string, index?: BuildIndex, sha256?: string): FileCheck => dictionaryCheck().checkFile(rel, text, index, sha256);
