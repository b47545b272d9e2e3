// The protocol's fields beyond string, number, boolean and string[] (src/core/rpc/protocol.ts): one of
// a few values, or any type with its check, checked on arrival like the plain ones; and a keyed
// call, whose reply's type follows one of its fields. The type-level lines are checked by
// `npm run checks` (tsc): an `@ts-expect-error` that no longer meets an error fails it.

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdapterValue } from '../../src/core/market/adapters/index.ts';
import type { FileKind } from '../../src/core/market/index.ts';
import { asker } from '../../src/core/rpc/ask.ts';
import { type Args, call, checkArgs, checked, keyedCall, oneOf, optional, type ReplyTo } from '../../src/core/rpc/protocol.ts';
import { type Handlers, serve } from '../../src/core/rpc/serve.ts';
import { READ_PROTOCOL } from '../../src/app/market/read-protocol.ts';
import type { Unchanged } from '../../src/app/market/reread.ts';

interface Box {
  w: number;
  h: number;
}
const isBox = (v: unknown): v is Box => typeof v === 'object' && v !== null && typeof (v as Box).w === 'number' && typeof (v as Box).h === 'number';

const TEST = {
  calls: {
    paint: call<string>()({ colour: oneOf(['red', 'blue']), box: checked(isBox, 'a box'), size: optional(oneOf([1, 2, 3])) }),
    area: keyedCall<{ square: number; name: string }>()('shape', { shape: oneOf(['square', 'name']) }),
  },
  broadcasts: {},
};

function worker(handlers: Partial<Handlers<typeof TEST>>) {
  return { postMessage: (message: unknown, transfer: unknown[]) => void serve(TEST, handlers, message, transfer[0] as MessagePort) };
}

describe('fields of one of a few values, or of a checked type', () => {
  it('are their types on both sides', () => {
    expectTypeOf<Args<typeof TEST, 'paint'>>().toEqualTypeOf<{ colour: 'red' | 'blue'; box: Box } & { size?: 1 | 2 | 3 }>();
    expectTypeOf<Args<typeof READ_PROTOCOL, 'read'>['kind']>().toEqualTypeOf<FileKind>();
    const ask = asker(TEST, () => undefined);
    // @ts-expect-error: not one of the values
    void ask('paint', { colour: 'green', box: { w: 1, h: 1 } }).catch(() => undefined);
    // @ts-expect-error: not the checked type
    void ask('paint', { colour: 'red', box: { w: 1 } }).catch(() => undefined);
  });

  it('are checked on arrival, a wrong one named with what it takes', () => {
    const spec = TEST.calls.paint.ask;
    expect(checkArgs(spec, { colour: 'red', box: { w: 1, h: 2 }, extra: 1 })).toEqual({ args: { colour: 'red', box: { w: 1, h: 2 } } });
    expect(checkArgs(spec, { colour: 'green', box: { w: 1, h: 2 } })).toEqual({ problem: 'colour: not one of red, blue' });
    expect(checkArgs(spec, { colour: 'red', box: { w: 1 } })).toEqual({ problem: 'box: not a box' });
    expect(checkArgs(spec, { colour: 'red', box: { w: 1, h: 2 }, size: 4 })).toEqual({ problem: 'size: not one of 1, 2, 3' });
    expect(checkArgs(spec, { box: { w: 1, h: 2 } })).toEqual({ problem: 'colour: missing' });
    expect(checkArgs(READ_PROTOCOL.calls.read.ask, { kind: 'no-such-kind', path: 'x', text: '' })).toEqual({ problem: 'kind: not a market file kind' });
  });
});

describe('a keyed call', () => {
  it("answers the type its field's value names", async () => {
    const ask = asker(TEST, () =>
      worker({ paint: ({ colour, box }) => `${colour} ${box.w}x${box.h}`, area: ({ shape }) => (shape === 'square' ? 4 : 'four') }),
    );
    const n = await ask('area', { shape: 'square' });
    expectTypeOf(n).toEqualTypeOf<number>();
    expect(n).toBe(4);
    const s = await ask('area', { shape: 'name' });
    expectTypeOf(s).toEqualTypeOf<string>();
    expect(s).toBe('four');
    expect(await ask('paint', { colour: 'blue', box: { w: 2, h: 3 } })).toBe('blue 2x3');
  });

  it("the market read worker's reply is the value of the kind asked for (or 'unchanged'), without a cast", () => {
    type Ask = { kind: 'status'; path: string; text: string; seq: number; kept: number };
    expectTypeOf<ReplyTo<typeof READ_PROTOCOL, 'read', Ask>>().toEqualTypeOf<AdapterValue<'status'> | Unchanged>();
    // A fetch's failure is the call's KhojError (read.worker.ts fetchJson), not a field of its reply.
    expectTypeOf<ReplyTo<typeof READ_PROTOCOL, 'fetchJson', { url: string }>>().toEqualTypeOf<{ value: unknown; headers: Record<string, string> }>();
    const read = <K extends FileKind>(ask: ReturnType<typeof asker<typeof READ_PROTOCOL>>, kind: K): Promise<AdapterValue<K> | Unchanged> =>
      ask('read', { kind, path: '', text: '', seq: 1, kept: 0 });
    expect(typeof read).toBe('function');
  });
});
