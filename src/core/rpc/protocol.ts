// One typed protocol between the page and its workers (the service worker, the search worker).
// A protocol is a value: per call, the fields its ask takes (checked on arrival, by type) and the
// type of its reply (and of its progress, for calls that answer in steps); per broadcast, the type
// of what it carries. The types of both sides are derived from it, so no call needs a cast.
// Replies travel on the MessagePort sent with the ask (the reply channel): nothing matches ids.

import type { ErrorData } from '../errors.ts';

type Field = 'string' | 'number' | 'boolean' | 'string[]';
/** An ask's fields: name → type; a trailing "?" makes it optional. */
export type AskSpec = Readonly<Record<string, Field | `${Field}?`>>;

type TypeOf<F> = F extends 'string' ? string : F extends 'number' ? number : F extends 'boolean' ? boolean : F extends 'string[]' ? string[] : never;
type Required<S> = { [K in keyof S as S[K] extends `${string}?` ? never : K]: TypeOf<S[K]> };
type Optional<S> = { [K in keyof S as S[K] extends `${infer F}?` ? (F extends Field ? K : never) : never]?: S[K] extends `${infer F}?` ? TypeOf<F> : never };
export type ArgsOf<S extends AskSpec> = Required<S> & Optional<S>;

/** A type carried only in the types (a reply, a progress step, a broadcast). */
export interface Carries<T> {
  readonly __carries?: T;
}
export const carries = <T>(): Carries<T> => ({});

export interface CallSpec<S extends AskSpec = AskSpec, R = unknown, P = never> {
  ask: S;
  reply: Carries<R>;
  progress?: Carries<P>;
}
export interface Protocol {
  calls: Readonly<Record<string, CallSpec<AskSpec, unknown, unknown>>>;
  broadcasts: Readonly<Record<string, Carries<unknown>>>;
}

/** Declares a call: its ask's fields, and (as a type parameter) its reply. */
export const call =
  <R, P = never>() =>
  <S extends AskSpec>(ask: S, withProgress = false): CallSpec<S, R, P> =>
    withProgress ? { ask, reply: {}, progress: {} } : { ask, reply: {} };

export type CallName<P extends Protocol> = keyof P['calls'] & string;
export type BroadcastName<P extends Protocol> = keyof P['broadcasts'] & string;
export type Args<P extends Protocol, K extends CallName<P>> = P['calls'][K] extends CallSpec<infer S, unknown, unknown> ? ArgsOf<S> : never;
export type ReplyOf<P extends Protocol, K extends CallName<P>> = P['calls'][K] extends CallSpec<AskSpec, infer R, unknown> ? R : never;
export type ProgressOf<P extends Protocol, K extends CallName<P>> = P['calls'][K] extends CallSpec<AskSpec, unknown, infer G> ? G : never;
export type BroadcastOf<P extends Protocol, K extends BroadcastName<P>> = P['broadcasts'][K] extends Carries<infer T> ? T : never;

/** Joins protocols (one per section, plus the shell's) into the one a worker serves. */
export function join<A extends Protocol, B extends Protocol>(a: A, b: B): { calls: A['calls'] & B['calls']; broadcasts: A['broadcasts'] & B['broadcasts'] } {
  return { calls: { ...a.calls, ...b.calls }, broadcasts: { ...a.broadcasts, ...b.broadcasts } };
}

// ---- the wire ----

export interface WireAsk {
  rpc: 'ask';
  type: string;
  args: Record<string, unknown>;
}
export type WireAnswer = { progress: unknown } | { ok: true; value: unknown } | { ok: false; error: ErrorData };
export interface WireBroadcast {
  rpc: 'broadcast';
  type: string;
  data: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isWireAsk = (v: unknown): v is WireAsk => isObject(v) && v.rpc === 'ask' && typeof v.type === 'string' && isObject(v.args);
export const isWireBroadcast = (v: unknown): v is WireBroadcast => isObject(v) && v.rpc === 'broadcast' && typeof v.type === 'string';

const fits = (f: Field, v: unknown) => (f === 'string[]' ? Array.isArray(v) && v.every((x) => typeof x === 'string') : typeof v === f);

/** The ask's arguments if they are what `spec` takes (unknown fields dropped), or the first problem. */
export function checkArgs(spec: AskSpec, args: Record<string, unknown>): { args: Record<string, unknown> } | { problem: string } {
  const out: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(spec)) {
    const optional = type.endsWith('?');
    const field = (optional ? type.slice(0, -1) : type) as Field;
    const v = args[name];
    if (v === undefined) {
      if (!optional) return { problem: `${name}: missing` };
      continue;
    }
    if (!fits(field, v)) return { problem: `${name}: not a ${field}` };
    out[name] = v;
  }
  return { args: out };
}
