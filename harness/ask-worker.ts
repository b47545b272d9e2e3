// The service worker's calls from a page in Playwright, for the browser tests and the benchmarks.

import type { Page } from '@playwright/test';
import type { Args, CallName, ReplyOf } from '../src/core/rpc/protocol.ts';
import type { WorkerProtocol } from '../src/core/worker-protocol.ts';

/**
 * Asks the service worker controlling the page, as the app does (src/app/client/rpc.ts): the ask
 * with a port of its own, the answer on it; rejects with the worker's error, or after `timeoutMs`.
 */
export function askWorker<K extends CallName<WorkerProtocol>>(
  page: Page,
  type: K,
  args: Args<WorkerProtocol, K>,
  timeoutMs = 10_000,
): Promise<ReplyOf<WorkerProtocol, K>> {
  return page.evaluate(
    ([type, args, timeoutMs]) =>
      new Promise<ReplyOf<WorkerProtocol, K>>((ok, fail) => {
        const { port1, port2 } = new MessageChannel();
        const timer = setTimeout(() => fail(new Error(`no answer to ${type} from the worker in ${timeoutMs} ms`)), timeoutMs);
        port1.onmessage = (e: MessageEvent) => {
          const m = e.data as { progress?: unknown; ok?: boolean; value?: unknown; error?: { message: string } };
          if ('progress' in m) return;
          clearTimeout(timer);
          port1.close();
          if (m.ok) ok(m.value as ReplyOf<WorkerProtocol, K>);
          else fail(new Error(m.error?.message));
        };
        navigator.serviceWorker.controller!.postMessage({ rpc: 'ask', type, args }, [port2]);
      }),
    [type, args, timeoutMs] as const,
  );
}
