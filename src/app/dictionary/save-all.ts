// "Save the whole dictionary": the service worker runs it (src/sw/dictionary/save-whole.ts: the
// pack, resumed where it stopped; the letters' lists and the meaning index made on the device) and
// tells every window how it goes; this page asks for it, follows it, and decides when it starts by
// itself: an installed app on a connection known not to be metered saves in the background after
// the first visit (the reader can turn that off on the saved page); elsewhere once the reader said
// yes, never while the data saver holds back (client/data-saver.ts) without the reader's button.

import type { WholeSaveProgress } from '../../core/dictionary/messages.ts';
import { errorMessage } from '../client/fetch.ts';
import { isInstalled, noteSaved } from '../client/install.ts';
import { offlineStatus, refreshOfflineStatus } from '../client/offline.ts';
import { holdBack, unmetered } from '../client/data-saver.ts';
import { askReadyWorker, onBroadcast } from '../client/rpc.ts';
import { createStore } from '../client/store.ts';
import { setWholeAnswer, wholeAnswer } from './whole-answer.ts';

/** `waiting`: the connection went away; it carries on when it comes back. */
export type SavePhase = 'idle' | 'running' | 'waiting' | 'done' | 'cancelled' | 'failed';

export interface WholeSave {
  phase: SavePhase;
  /** the worker's last word: its step, bytes received of the total */
  progress: WholeSaveProgress | null;
  error: string;
  /** started by the page itself (installed, unmetered), not by the reader */
  background: boolean;
}

export const wholeSave = createStore<WholeSave>({ phase: 'idle', progress: null, error: '', background: false });
const update = (patch: Partial<WholeSave>) => wholeSave.set((s) => ({ ...s, ...patch }));

const BACKGROUND = 'khoj.dictionary.background';
/** The reader's setting: save in the background where that is right (on unless turned off). */
export const backgroundSetting = createStore<boolean>(readBackground());
function readBackground(): boolean {
  try {
    return localStorage.getItem(BACKGROUND) !== 'off';
  } catch {
    return true;
  }
}
export function setBackground(on: boolean): void {
  try {
    localStorage.setItem(BACKGROUND, on ? 'on' : 'off');
  } catch {
    // not kept (private mode): this page still follows it
  }
  backgroundSetting.set(on);
  if (!on && wholeSave.get().background && wholeSave.get().phase === 'running') cancelWholeSave();
  if (on) resumeWholeSave();
}

/** Saved in the background here, without asking: installed, unmetered, the setting on. */
export const savesInBackground = (): boolean => backgroundSetting.get() && isInstalled() && unmetered();

const PHASE: Record<WholeSaveProgress['step'], SavePhase> = {
  letters: 'running',
  pack: 'running',
  files: 'running',
  meanings: 'running',
  done: 'done',
  cancelled: 'cancelled',
  offline: 'waiting',
  failed: 'failed',
};

const follow = (p: WholeSaveProgress) => update({ phase: PHASE[p.step], progress: p, error: p.step === 'failed' ? (p.problem ?? '') : '' });

/**
 * Saves the whole dictionary now (the reader's yes or button, a resume, or the background save);
 * one run at a time: the worker joins a second ask to the first.
 */
export async function startWholeSave(background = false): Promise<void> {
  if (wholeSave.get().phase === 'running') return;
  if (!background) setWholeAnswer('yes');
  noteSaved();
  update({ phase: 'running', error: '', background });
  // Kept through storage pressure where the browser grants it; the saved page says which.
  await navigator.storage?.persist?.().catch(() => false);
  try {
    follow(await askReadyWorker('dictionary-save-whole', {}, { timeoutMs: 0 }));
  } catch (e) {
    update({ phase: navigator.onLine ? 'failed' : 'waiting', error: errorMessage(e as Error) });
  }
  void refreshOfflineStatus();
}

/**
 * The save button's handler: returns at once, the save (its state, the page's render and layout)
 * starting in a task of its own. At 4× CPU the click's task is already 28 ms of pointer events
 * and dispatch; the render in it made it a long task (75 ms) the reader feels as a stuck button.
 */
export const startWholeSaveSoon = (): void => void setTimeout(() => void startWholeSave(), 0);

export const cancelWholeSave = (): void => void askReadyWorker('dictionary-save-cancel', {}).catch(() => undefined);

/**
 * Starts or carries on the save where that is right: online, the dictionary not complete, not
 * stopped or failed in this page's life; and either saved in the background here (installed,
 * unmetered) or agreed to by the reader, while the data saver does not hold back. Called when the offline
 * status arrives and when the connection comes back.
 */
export function resumeWholeSave(): void {
  const status = offlineStatus.get();
  const { phase } = wholeSave.get();
  if (!navigator.onLine || !status?.dictionary?.letters || status.dictionary.whole) return;
  if (phase !== 'idle' && phase !== 'waiting') return;
  if (savesInBackground() && wholeAnswer() !== 'no') void startWholeSave(true);
  else if (wholeAnswer() === 'yes' && !holdBack()) void startWholeSave();
}

/** Starts the background save's triggers and follows a save any window started (once, from the section's start). */
export function watchWholeSave(): void {
  onBroadcast('dictionary-save-progress', follow);
  offlineStatus.subscribe((s) => {
    // A save a window started before this page opened.
    const save = s?.dictionary?.save;
    if (save && wholeSave.get().phase === 'idle' && PHASE[save.step] === 'running') follow(save);
    resumeWholeSave();
  });
  addEventListener('online', resumeWholeSave);
}
