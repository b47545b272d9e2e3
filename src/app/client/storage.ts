// Device storage problems, per section, as the worker reports them on its answers
// (STORAGE_HEADER): an answer marked with a problem sets it; where the section's worker marks every
// answer while storage fails, an answer from device storage without the mark means storage works
// again and clears it; the reader may dismiss it.

import { SECTION, type SectionId } from '../../core/sections.ts';
import { SOURCE_HEADER, STORAGE_HEADER } from '../../core/answer-headers.ts';
import { isStorageProblem, type StorageProblem } from '../../core/errors.ts';
import { createStore, useStore } from './store.ts';

export const storageProblems = createStore<Readonly<Partial<Record<SectionId, StorageProblem>>>>({});

/** Notes what one answer of `section` says about device storage. */
export function noteAnswer(section: SectionId, headers: Headers): void {
  const mark = headers.get(STORAGE_HEADER);
  const problem = mark === null ? undefined : isStorageProblem(mark) ? mark : 'other';
  if (problem) setProblem(section, problem);
  else if (SECTION[section].storage.marksEveryAnswer && headers.get(SOURCE_HEADER) === 'idb') setProblem(section, undefined);
}

export function setProblem(section: SectionId, problem: StorageProblem | undefined): void {
  if (storageProblems.get()[section] === problem) return;
  storageProblems.set((all) => {
    const next = { ...all };
    if (problem) next[section] = problem;
    else delete next[section];
    return next;
  });
}

export const dismissProblem = (section: SectionId) => setProblem(section, undefined);

/** The section's storage problem, if any (re-renders when it changes). */
export const useStorageProblem = (section: SectionId): StorageProblem | undefined => useStore(storageProblems)[section];
