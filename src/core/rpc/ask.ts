// The asking side of the protocol (protocol.ts), for the page or any worker: an ask with a port
// of its own, the answer on it (so a reply to another question, or to another tab, is never this
// one's). Failures are KhojErrors: no-worker, timeout, or the worker's own.

import { KhojError } from '../errors.ts';
import type { Args, CallName, ProgressOf, Protocol, ReplyTo, WireAnswer, WireAsk } from './protocol.ts';

export interface AskTarget {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

export interface AskOptions<G> {
  timeoutMs?: number;
  /** each step of a call that answers in steps */
  onProgress?: (step: G) => void;
  /** stops listening: the promise then never settles (a newer question superseded this one) */
  signal?: AbortSignal;
}

/** A typed asker for the workers `target` finds (none: the ask fails with no-worker). */
export function asker<P extends Protocol>(_protocol: P, target: () => AskTarget | null | undefined | Promise<AskTarget | null | undefined>) {
  return function ask<K extends CallName<P>, const A extends Args<P, K>>(
    type: K,
    args: A,
    { timeoutMs = 5000, onProgress, signal }: AskOptions<ProgressOf<P, K>> = {},
  ): Promise<ReplyTo<P, K, A>> {
    return new Promise((ok, fail) => {
      const { port1, port2 } = new MessageChannel();
      const timer = timeoutMs > 0 ? setTimeout(() => end(() => fail(new KhojError('timeout', type))), timeoutMs) : undefined;
      const end = (settle: () => void) => {
        clearTimeout(timer);
        port1.close();
        settle();
      };
      signal?.addEventListener('abort', () => end(() => undefined));
      port1.onmessage = (e: MessageEvent<WireAnswer>) => {
        const m = e.data;
        if ('progress' in m) onProgress?.(m.progress as ProgressOf<P, K>);
        else if (m.ok) end(() => ok(m.value as ReplyTo<P, K, A>));
        else end(() => fail(KhojError.fromData(m.error)));
      };
      Promise.resolve(target()).then(
        (t) => {
          if (!t) return end(() => fail(new KhojError('no-worker', type)));
          t.postMessage({ rpc: 'ask', type, args: args as Record<string, unknown> } satisfies WireAsk, [port2]);
        },
        (e: unknown) => end(() => fail(KhojError.from(e, 'no-worker'))),
      );
    });
  };
}
