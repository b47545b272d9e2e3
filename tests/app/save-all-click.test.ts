// The save button's click returns at once: nothing of the save (its state, and so the page's
// render) happens in the click's own task, which at 4× CPU is long enough without it.

import { describe, expect, it, vi } from 'vitest';

// No page here: the modules the save talks to (the worker, the device's storage) stand in.
const ask = vi.fn(async () => ({ step: 'done' as const, received: 0, total: 0 }));
vi.mock('../../src/app/client/rpc.ts', () => ({ askReadyWorker: ask, onBroadcast: () => () => undefined }));
vi.mock('../../src/app/client/offline.ts', () => ({
  offlineStatus: { get: () => null, subscribe: () => () => undefined },
  refreshOfflineStatus: async () => {},
}));
vi.mock('../../src/app/client/install.ts', () => ({ isInstalled: () => false, noteSaved: () => {} }));
vi.mock('../../src/app/client/data-saver.ts', () => ({ holdBack: () => false, unmetered: () => false }));
vi.mock('../../src/app/dictionary/whole-answer.ts', () => ({ setWholeAnswer: () => {}, wholeAnswer: () => null }));

vi.stubGlobal('navigator', { onLine: true });

const { startWholeSaveSoon, wholeSave } = await import('../../src/app/dictionary/save-all.ts');

describe('the save button (startWholeSaveSoon)', () => {
  it('changes no state in the click, then starts the save in a task of its own', async () => {
    const heard = vi.fn();
    const stop = wholeSave.subscribe(heard);
    startWholeSaveSoon();
    await Promise.resolve(); // the click task's microtasks (where preact renders) included
    expect(heard).not.toHaveBeenCalled();
    expect(wholeSave.get().phase).toBe('idle');
    expect(ask).not.toHaveBeenCalled();
    await new Promise((ok) => setTimeout(ok, 0));
    await vi.waitFor(() => expect(wholeSave.get().phase).toBe('done'));
    expect(heard.mock.calls[0]![0]).toMatchObject({ phase: 'running' });
    expect(ask).toHaveBeenCalledWith('dictionary-save-whole', {}, { timeoutMs: 0 });
    stop();
  });
});
