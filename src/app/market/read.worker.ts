/// <reference lib="webworker" />
// The market read worker: parses and checks the large market files (dividend history, price and
// index months, hundreds of KB each) off the main thread. On a phone's CPU each took 50–250 ms of
// one task on the page, the long tasks of the symbol and history screens' first views
// (bench/RESULTS.md, "Lighthouse (mobile): history, portfolio, symbol"). It also fetches the
// index history's months: a fetch() costs the page's main thread about 7 ms at CPU 4×, and "all"
// is 350 of them (bench/index-history.ts).

import { detailOf, KhojError } from '../../core/errors.ts';
import { HEADER_PREFIX } from '../../core/answer-headers.ts';
import { serve } from '../../core/rpc/serve.ts';
import { createReadAnswers } from './read-answers.ts';
import { type FetchedAnswer, READ_PROTOCOL } from './read-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

/** The texts read here, by their digests (the page no longer takes them on its thread). */
const answers = createReadAnswers();

self.onmessage = (e: MessageEvent) =>
  void serve(
    READ_PROTOCOL,
    {
      read: answers.read,
      pick: answers.pick,
      fetchJson: ({ url }) => fetchJson(url),
    },
    e.data,
    e.ports[0],
  );

async function fetchJson(url: string): Promise<FetchedAnswer> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new KhojError('network', detailOf(err), { cause: err });
  }
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name.startsWith(HEADER_PREFIX)));
  if (!res.ok) {
    // As the page's own fetch words it (client/fetch.ts answerError): the answer's JSON error text, else its status.
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new KhojError('http', typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`, { status: res.status, headers });
  }
  try {
    return { value: await res.json(), headers };
  } catch (err) {
    throw new KhojError('damaged', detailOf(err), { headers });
  }
}
