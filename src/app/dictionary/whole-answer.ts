// The reader's one answer about saving the whole dictionary: asked once, remembered on the device.

import { createStore } from '../client/store.ts';

const KEY = 'khoj.dictionary.saveWhole';
export type WholeAnswer = 'yes' | 'no';
export const wholeAnswer = (): WholeAnswer | null => {
  const v = localStorage.getItem(KEY);
  return v === 'yes' || v === 'no' ? v : null;
};
export const answers = createStore<WholeAnswer | null>(wholeAnswer());
export function setWholeAnswer(a: WholeAnswer): void {
  localStorage.setItem(KEY, a);
  answers.set(a);
}
