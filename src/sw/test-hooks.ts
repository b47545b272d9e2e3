// Hooks for the browser fault runs, compiled in only when the app is built with
// VITE_KHOJ_TEST_HOOKS=1: a clock the test moves on (so rate limits and intervals pass at once)
// a shorter fetch timeout and a lower limit on an upstream answer's size. In a production sw.js the flag is the constant false and the code
// behind it is dropped.

declare const __KHOJ_TEST_HOOKS__: boolean;

const state = { offset: 0, fetchTimeoutMs: 0, maxFileBytes: 0, wakers: new Set<() => void>() };

/** The worker's clock: Date.now(), moved on by the tests' hook. */
export const now = (): number => (__KHOJ_TEST_HOOKS__ ? Date.now() + state.offset : Date.now());

export const fetchTimeout = (ms: number): number => (__KHOJ_TEST_HOOKS__ && state.fetchTimeoutMs) || ms;

export const fileLimit = (bytes: number): number => (__KHOJ_TEST_HOOKS__ && state.maxFileBytes) || bytes;

/** Resolves at `at` on the worker's clock (or when a test moves the clock on: the caller looks again). */
export function sleepUntil(at: number): Promise<void> {
  return new Promise((ok) => {
    const timer = setTimeout(ok, Math.max(0, at - now()));
    if (__KHOJ_TEST_HOOKS__) {
      const wake = () => {
        clearTimeout(timer);
        state.wakers.delete(wake);
        ok();
      };
      state.wakers.add(wake);
    }
  });
}

/** A `test-hooks` message: `{advanceMs?, fetchTimeoutMs?, maxFileBytes?}`. True when it was one (and hooks are built in). */
export function onTestHook(data: unknown): boolean {
  if (!__KHOJ_TEST_HOOKS__) return false;
  const m = data as { type?: unknown; advanceMs?: unknown; fetchTimeoutMs?: unknown; maxFileBytes?: unknown } | null;
  if (m?.type !== 'test-hooks') return false;
  if (typeof m.fetchTimeoutMs === 'number') state.fetchTimeoutMs = m.fetchTimeoutMs;
  if (typeof m.maxFileBytes === 'number') state.maxFileBytes = m.maxFileBytes;
  if (typeof m.advanceMs === 'number') {
    state.offset += m.advanceMs;
    for (const wake of [...state.wakers]) wake();
  }
  return true;
}
