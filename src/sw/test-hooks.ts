// Hooks for the browser fault runs, compiled in only when the app is built with
// VITE_KHOJ_TEST_HOOKS=1: a clock the test moves on (so rate limits and intervals pass at once)
// a shorter fetch timeout and a lower limit on an upstream answer's size. In a production sw.js the flag is the constant false and the code
// behind it is dropped.

import { call, isWireAsk } from '../core/rpc/protocol.ts';
import { type ReplyPort, serve } from '../core/rpc/serve.ts';

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

/**
 * Answers a `test-hooks` call (core/rpc: `{rpc: 'ask', type: 'test-hooks', args: {advanceMs?,
 * fetchTimeoutMs?, maxFileBytes?}}`): true when `data` was one and hooks are built in. Its
 * protocol is made here, behind the flag, so that a production worker carries none of its names.
 */
export function serveTestHook(data: unknown, port: ReplyPort | undefined): boolean {
  if (!__KHOJ_TEST_HOOKS__ || !isWireAsk(data) || data.type !== 'test-hooks') return false;
  const protocol = { calls: { 'test-hooks': call<null>()({ advanceMs: 'number?', fetchTimeoutMs: 'number?', maxFileBytes: 'number?' }) }, broadcasts: {} };
  const hook = ({ advanceMs, fetchTimeoutMs, maxFileBytes }: { advanceMs?: number; fetchTimeoutMs?: number; maxFileBytes?: number }) => {
    if (fetchTimeoutMs !== undefined) state.fetchTimeoutMs = fetchTimeoutMs;
    if (maxFileBytes !== undefined) state.maxFileBytes = maxFileBytes;
    if (advanceMs !== undefined) {
      state.offset += advanceMs;
      for (const wake of [...state.wakers]) wake();
    }
    return null;
  };
  void serve(protocol, { 'test-hooks': hook }, data, port);
  return true;
}
