// The answering side of the protocol (protocol.ts), for any worker: one handler per call, each
// ask checked against its call's fields before its handler runs, and the answer (its progress
// steps, then its value or a KhojError's data) posted on the ask's reply port.

import { KhojError } from '../errors.ts';
import { type Args, type CallName, checkArgs, isWireAsk, type ProgressOf, type Protocol, type ReplyOf, type WireAnswer } from './protocol.ts';

export interface ReplyPort {
  postMessage(message: WireAnswer): void;
}

/** What a handler may do besides answering. */
export interface CallTools<G> {
  /** posts one step of a call that answers in steps */
  step(progress: G): void;
  /** work that goes on after the answer (a service worker stays alive for it) */
  keep(work: Promise<unknown>): void;
}
export type Handler<P extends Protocol, K extends CallName<P>> = (
  args: Args<P, K>,
  tools: CallTools<ProgressOf<P, K>>,
) => Promise<ReplyOf<P, K>> | ReplyOf<P, K>;
export type Handlers<P extends Protocol> = { [K in CallName<P>]: Handler<P, K> };

/**
 * Answers `data` if it is an ask of `protocol`: the promise of the answer having been posted (a
 * service worker waits on it), or undefined when `data` is no ask. Asks for a call this worker
 * has no handler for, or with the wrong fields, get a KhojError; nothing here throws.
 */
export function serve<P extends Protocol>(protocol: P, handlers: Partial<Handlers<P>>, data: unknown, port: ReplyPort | undefined): Promise<void> | undefined {
  if (!isWireAsk(data)) return undefined;
  const post = (m: WireAnswer) => {
    try {
      port?.postMessage(m);
    } catch {
      // the asker is gone (its page closed): nothing to tell
    }
  };
  const fail = (e: unknown) => post({ ok: false, error: KhojError.from(e).toData() });
  const spec = Object.hasOwn(protocol.calls, data.type) ? protocol.calls[data.type] : undefined;
  const handler = spec && Object.hasOwn(handlers, data.type) ? (handlers as Record<string, Handler<P, CallName<P>>>)[data.type] : undefined;
  if (!spec || !handler) {
    fail(new KhojError('unknown-call', data.type));
    return Promise.resolve();
  }
  const checked = checkArgs(spec.ask, data.args);
  if ('problem' in checked) {
    fail(new KhojError('bad-ask', `${data.type}: ${checked.problem}`));
    return Promise.resolve();
  }
  const kept: Array<Promise<unknown>> = [];
  const tools: CallTools<ProgressOf<P, CallName<P>>> = { step: (progress) => post({ progress }), keep: (work) => void kept.push(work.catch(() => undefined)) };
  return (async () => {
    try {
      post({ ok: true, value: await handler(checked.args as Args<P, CallName<P>>, tools) });
    } catch (e) {
      fail(e);
    }
    await Promise.all(kept);
  })();
}
