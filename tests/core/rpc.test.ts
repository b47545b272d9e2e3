// The one protocol between page and workers (src/core/rpc/): an ask and its answer over a real
// MessageChannel (Node's), checked by type on arrival, with steps, errors as KhojErrors, and the
// section protocols joined without a name taken twice.

import { describe, expect, it } from 'vitest';
import { BOOKS_PROTOCOL } from '../../src/core/books/messages.ts';
import { DICTIONARY_PROTOCOL } from '../../src/core/dictionary/messages.ts';
import { KhojError } from '../../src/core/errors.ts';
import { MARKET_PROTOCOL } from '../../src/core/market/messages.ts';
import { asker } from '../../src/core/rpc/ask.ts';
import { call, carries, checkArgs } from '../../src/core/rpc/protocol.ts';
import { type Handlers, serve } from '../../src/core/rpc/serve.ts';
import { SHELL_PROTOCOL } from '../../src/core/shell-protocol.ts';
import { WORKER_PROTOCOL } from '../../src/core/worker-protocol.ts';
import { SEARCH_PROTOCOL } from '../../src/app/dictionary/search-protocol.ts';

const TEST = {
  calls: {
    add: call<number>()({ a: 'number', b: 'number' }),
    count: call<string, number>()({ to: 'number', label: 'string?' }, true),
    boom: call<null>()({}),
  },
  broadcasts: { tick: carries<number>() },
};

/** A worker answering `handlers` behind a real MessagePort pair; `kept` collects what it keeps alive for. */
function worker(handlers: Partial<Handlers<typeof TEST>>) {
  const done: Array<Promise<void> | undefined> = [];
  return {
    done,
    postMessage(message: unknown, transfer: unknown[]) {
      done.push(serve(TEST, handlers, message, transfer[0] as MessagePort));
    },
  };
}

describe('checkArgs', () => {
  it('takes what the spec names, drops the rest, and names the first field that is wrong', () => {
    expect(checkArgs({ a: 'number', s: 'string?', l: 'string[]?' }, { a: 1, extra: true })).toEqual({ args: { a: 1 } });
    expect(checkArgs({ a: 'number' }, {})).toEqual({ problem: 'a: missing' });
    expect(checkArgs({ a: 'number' }, { a: '1' })).toEqual({ problem: 'a: not a number' });
    expect(checkArgs({ l: 'string[]?' }, { l: ['x', 2] })).toEqual({ problem: 'l: not a string[]' });
    expect(checkArgs({ f: 'boolean?' }, { f: false })).toEqual({ args: { f: false } });
  });
});

describe('ask and serve over a MessageChannel', () => {
  it('answers a call with its value, and the steps of a call that answers in steps, in order', async () => {
    const w = worker({
      add: ({ a, b }) => a + b,
      count: async ({ to, label }, { step }) => {
        for (let i = 1; i < to; i++) step(i);
        return `${label ?? 'n'}=${to}`;
      },
    });
    const ask = asker(TEST, () => w);
    expect(await ask('add', { a: 2, b: 3 })).toBe(5);
    const steps: number[] = [];
    expect(await ask('count', { to: 4 }, { onProgress: (n) => steps.push(n) })).toBe('n=4');
    expect(steps).toEqual([1, 2, 3]);
  });

  it('two questions at once each get their own answer (no ids to match)', async () => {
    const w = worker({ add: async ({ a, b }) => (await new Promise((ok) => setTimeout(ok, a))) ?? a + b });
    const ask = asker(TEST, () => w);
    expect(await Promise.all([ask('add', { a: 30, b: 1 }), ask('add', { a: 1, b: 1 })])).toEqual([31, 2]);
  });

  it('a thrown error arrives as a KhojError with its code; a plain error as "failed" with its message', async () => {
    const ask = asker(TEST, () =>
      worker({
        boom: () => {
          throw new KhojError('storage', 'disk full', { storage: 'quota' });
        },
        add: () => {
          throw new Error('no such number');
        },
      }),
    );
    const e = await ask('boom', {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(KhojError);
    expect(e).toMatchObject({ code: 'storage', storage: 'quota', message: 'device storage failed: disk full' });
    await expect(ask('add', { a: 1, b: 2 })).rejects.toMatchObject({ code: 'failed', message: 'the worker’s call failed: no such number' });
  });

  it('an ask with wrong fields, or for a call without a handler, is refused by code before any handler runs', async () => {
    let ran = false;
    const w = worker({ add: () => ((ran = true), 0) });
    const ask = asker(TEST, () => w);
    await expect(ask('add', { a: 1, b: 'two' } as unknown as { a: number; b: number })).rejects.toMatchObject({
      code: 'bad-ask',
      message: expect.stringContaining('add: b: not a number'),
    });
    await expect(ask('count', { to: 1 })).rejects.toMatchObject({ code: 'unknown-call' });
    const port = new MessageChannel();
    const answers: unknown[] = [];
    port.port1.onmessage = (e) => answers.push(e.data);
    await serve(TEST, {}, { rpc: 'ask', type: 'toString', args: {} }, port.port2);
    await new Promise((ok) => setTimeout(ok, 10));
    port.port1.close();
    expect(answers).toEqual([{ ok: false, error: { code: 'unknown-call', message: 'the worker has no such call: toString', detail: 'toString' } }]);
    expect(ran).toBe(false);
  });

  it('no worker, or none answering in time, fails by code; what is not an ask is left alone', async () => {
    await expect(asker(TEST, () => undefined)('add', { a: 1, b: 1 })).rejects.toMatchObject({ code: 'no-worker' });
    const silent = { postMessage: () => undefined };
    await expect(asker(TEST, () => silent)('add', { a: 1, b: 1 }, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' });
    expect(serve(TEST, {}, { type: 'SKIP_WAITING' }, undefined)).toBeUndefined();
    expect(serve(TEST, {}, { rpc: 'ask', type: 'add' }, undefined)).toBeUndefined();
  });

  it('the service worker stays alive for what a handler keeps after its answer', async () => {
    let later = false;
    const w = worker({
      add: ({ a, b }, { keep }) => {
        keep(new Promise<void>((ok) => setTimeout(() => ((later = true), ok()), 20)));
        return a + b;
      },
    });
    expect(await asker(TEST, () => w)('add', { a: 1, b: 2 })).toBe(3);
    expect(later).toBe(false);
    await w.done[0];
    expect(later).toBe(true);
  });
});

describe('the protocols', () => {
  it('no call or broadcast name is taken by two of the service worker’s protocols, and the joined one holds them all', () => {
    const parts = [SHELL_PROTOCOL, DICTIONARY_PROTOCOL, MARKET_PROTOCOL, BOOKS_PROTOCOL];
    for (const key of ['calls', 'broadcasts'] as const) {
      const names = parts.flatMap((p) => Object.keys(p[key]));
      expect(new Set(names).size).toBe(names.length);
      expect(Object.keys(WORKER_PROTOCOL[key]).sort()).toEqual([...names].sort());
    }
    expect(Object.keys(SEARCH_PROTOCOL.calls)).toEqual(['warm', 'at', 'pattern', 'words', 'ahead', 'meanings']);
  });
});
