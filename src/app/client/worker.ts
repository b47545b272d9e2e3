// The page's one line to the service worker: posting, hearing what it broadcasts, and asking
// it something with the answer matched by id (so a reply to an earlier question, or to another
// tab, is never taken for this one's).

interface Message {
  type: string;
  id?: number;
}

const listeners = new Set<(m: Message) => void>();
let listening = false;

/** Every message the worker sends this page; returns the unsubscribe. */
export function onWorkerMessage<M extends Message>(listener: (m: M) => void): () => void {
  if (!listening && 'serviceWorker' in navigator) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
      const m = e.data as Message | null;
      if (typeof m?.type === 'string') for (const l of [...listeners]) l(m);
    });
  }
  const l = listener as (m: Message) => void;
  listeners.add(l);
  return () => void listeners.delete(l);
}

export const workerAvailable = () => !!navigator.serviceWorker?.controller;

/**
 * Posts to the worker controlling the page; false if there is none (first visit, no support).
 * `ready`: to the active worker once there is one, controlling this page or not.
 */
export async function postToWorker(message: Message, ready = false): Promise<boolean> {
  const sw = ready ? (await navigator.serviceWorker?.ready)?.active : navigator.serviceWorker?.controller;
  if (!sw) return false;
  sw.postMessage(message);
  return true;
}

let asked = 0;

/**
 * Sends `message` with a fresh id and resolves with the worker's reply of type `replyType` carrying
 * that id; undefined when no worker answers within `timeoutMs` (or, without `ready`, none controls the page).
 */
export function askWorker<R extends Message>(message: Message, replyType: string, { timeoutMs = 5000, ready = false } = {}): Promise<R | undefined> {
  const id = ++asked;
  return new Promise((ok) => {
    const done = (m?: R) => {
      stop();
      clearTimeout(timer);
      ok(m);
    };
    const stop = onWorkerMessage<R>((m) => m.type === replyType && m.id === id && done(m));
    const timer = setTimeout(() => done(), timeoutMs);
    void postToWorker({ ...message, id }, ready).then(
      (sent) => sent || done(),
      () => done(),
    );
  });
}
