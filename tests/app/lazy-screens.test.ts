// A section's lazy screens can be asked for before the first render (main.tsx, on the opening
// route): the chunk is loaded once, whoever asks first, and a failed load is asked for again. The
// first render waits for the opening section's header parts (lazyPart): the preload says when.

import { describe, expect, it, vi } from 'vitest';

import { lazyPart, lazyScreens, preloadScreens } from '../../src/app/ui/lazy-screens.tsx';

// Its placeholders' module listens for the page's events as it loads: no page here.
vi.mock('../../src/app/ui/status.tsx', () => ({ Failed: () => null, Loading: () => null }));

describe('lazyScreens preload', () => {
  it('loads the screens once however often they are asked for', async () => {
    const load = vi.fn(() => Promise.resolve(() => null));
    const Screens = lazyScreens(load);
    expect(load).not.toHaveBeenCalled();
    void preloadScreens(Screens);
    void preloadScreens(Screens);
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load (offline, a new deploy), without an unhandled rejection', async () => {
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')));
    const Screens = lazyScreens(load);
    void preloadScreens(Screens);
    await new Promise((ok) => setTimeout(ok, 0));
    void preloadScreens(Screens);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('resolves once the chunk is in, and after a failed load too (the component shows the failure)', async () => {
    let loaded = false;
    const Part = lazyPart(() => new Promise<() => null>((ok) => setTimeout(() => ((loaded = true), ok(() => null)), 0)));
    await preloadScreens(Part);
    expect(loaded).toBe(true);
    await expect(preloadScreens(lazyPart(() => Promise.reject(new Error('chunk gone'))))).resolves.toBeUndefined();
  });

  it('resolves at once for screens that are not lazy, or none', async () => {
    await expect(preloadScreens(() => null)).resolves.toBeUndefined();
    await expect(preloadScreens(undefined)).resolves.toBeUndefined();
  });
});
