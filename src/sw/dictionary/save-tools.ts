/// <reference lib="webworker" />
// The dictionary's save tools (save-script.ts), imported on first use (on-demand.ts).

import { onDemand } from '../on-demand.ts';
import type { DictionarySave } from './save-script.ts';

/** The script's file name, content-hashed, so a change to it changes (and so updates) the worker. */
declare const __KHOJ_DICTIONARY_SAVE__: string;

export const saveTools = onDemand<DictionarySave>('khojDictionarySave', __KHOJ_DICTIONARY_SAVE__);
