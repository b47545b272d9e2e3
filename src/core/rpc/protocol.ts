// One typed protocol between the page and its workers (the service worker, the search worker).
// A protocol is a value: per call, the fields its ask takes (checked on arrival, by type) and the
// type of its reply (and of its progress, for calls that answer in steps); per broadcast, the type
// of what it carries. A field is a plain type, one of a few values or any type with its check
// (oneOf, checked); a keyed call's reply follows one of its fields (keyedCall). The types of both
// sides are derived from it, so no call needs a cast.
// Replies travel on the MessagePort sent with the ask (the reply channel): nothing matches ids.

import type { ErrorData } from '../errors.ts';

type Field = 'string' | 'number' | 'boolean' | 'string[]';

/** A field of any other type: a check that says whether a value is one (oneOf, checked), and what it takes in words. */
export interface Checked<T, O extends boolean = boolean> {
  readonly check: (v: unknown) => v is T;
  readonly takes: string;
  readonly optional: O;
}
/** A field holding one of `values` (its type their union). */
export const oneOf = <const L extends readonly (string | number)[]>(values: L): Checked<L[number], false> => ({
  check: (v): v is L[number] => (values as readonly unknown[]).includes(v),
  takes: `one of ${values.join(', ')}`,
  optional: false,
});
/** A field of the type `check` tells, `takes` saying which in a problem. */
export const checked = <T>(check: (v: unknown) => v is T, takes: string): Checked<T, false> => ({ check, takes, optional: false });
/** The same field, optional. */
export const optional = <T>(field: Checked<T, false>): Checked<T, true> => ({ ...field, optional: true });

/** An ask's fields: name → type; a trailing "?" makes a plain one optional. */
export type AskSpec = Readonly<Record<string, Field | `${Field}?` | Checked<unknown>>>;

type TypeOf<F> =
  F extends Checked<infer T>
    ? T
    : F extends 'string'
      ? string
      : F extends 'number'
        ? number
        : F extends 'boolean'
          ? boolean
          : F extends 'string[]'
            ? string[]
            : never;
type IsOptional<F> = F extends Checked<unknown, true> ? true : F extends `${string}?` ? true : false;
type Required<S> = { [K in keyof S as IsOptional<S[K]> extends true ? never : K]: TypeOf<S[K]> };
type Optional<S> = { [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: S[K] extends `${infer F}?` ? TypeOf<F> : TypeOf<S[K]> };
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
  /** A reply whose type follows one of the ask's fields (`R` maps its values to the replies): keyedCall. */
  keyedBy?: string;
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

/** A call whose reply is the kind of one of its fields: `M` maps that field's values to the replies' types. */
export interface KeyedCallSpec<S extends AskSpec, F extends keyof S & string, M> extends CallSpec<S, M[keyof M]> {
  keyedBy: F;
  readonly __map?: M;
}
/** Declares a keyed call: asked with `field` = k, it answers an `M[k]` (read's value, by the file's kind). */
export const keyedCall =
  <M>() =>
  <S extends AskSpec, F extends keyof S & string>(field: F, ask: S): KeyedCallSpec<S, F, M> => ({ ask, reply: {}, keyedBy: field });

export type CallName<P extends Protocol> = keyof P['calls'] & string;
export type BroadcastName<P extends Protocol> = keyof P['broadcasts'] & string;
export type Args<P extends Protocol, K extends CallName<P>> = P['calls'][K] extends CallSpec<infer S, unknown, unknown> ? ArgsOf<S> : never;
export type ReplyOf<P extends Protocol, K extends CallName<P>> = P['calls'][K] extends CallSpec<AskSpec, infer R, unknown> ? R : never;
/** The reply to an ask `A`: a keyed call's follows its field. */
export type ReplyTo<P extends Protocol, K extends CallName<P>, A> =
  P['calls'][K] extends KeyedCallSpec<AskSpec, infer F, infer M> ? M[A[F & keyof A] & keyof M] : ReplyOf<P, K>;
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
    const plain = typeof type === 'string';
    const optional = plain ? type.endsWith('?') : type.optional;
    const v = args[name];
    if (v === undefined) {
      if (!optional) return { problem: `${name}: missing` };
      continue;
    }
    if (plain ? !fits((optional ? type.slice(0, -1) : type) as Field, v) : !type.check(v))
      return { problem: `${name}: not ${plain ? `a ${type.replace(/\?$/, '')}` : type.takes}` };
    out[name] = v;
  }
  return { args: out };
}
