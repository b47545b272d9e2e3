// When a first visit installs the worker (src/app/client/first-paint.ts afterSettled): once the
// page has loaded and been quiet, and not while a screen holds it (holdSettled: a symbol page
// between drawing its price and asking for its large files). Timers are vitest's; the page's
// globals are the few the module reads.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterSettled, holdSettled } from '../../src/app/client/first-paint.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('document', { readyState: 'complete', visibilityState: 'visible' });
  vi.stubGlobal('addEventListener', () => undefined);
  vi.stubGlobal('PerformanceObserver', undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterSettled', () => {
  it('runs once the loaded page has been quiet for the quiet time', () => {
    const fn = vi.fn();
    afterSettled(fn, 800, 10_000);
    vi.advanceTimersByTime(799);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits while a screen holds it, then for the quiet time again', () => {
    const fn = vi.fn();
    const release = holdSettled();
    afterSettled(fn, 800, 10_000);
    vi.advanceTimersByTime(5_000);
    expect(fn).not.toHaveBeenCalled();
    release();
    vi.advanceTimersByTime(799);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for every hold; a hold released twice counts once', () => {
    const fn = vi.fn();
    const first = holdSettled();
    const second = holdSettled();
    afterSettled(fn, 800, 10_000);
    first();
    first();
    vi.advanceTimersByTime(2_000);
    expect(fn).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(800);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest after the longest wait, held or not', () => {
    const fn = vi.fn();
    const release = holdSettled();
    afterSettled(fn, 800, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    release();
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
