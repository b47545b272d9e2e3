// A small declarative codec: one table of fields per record type drives reading (any of the
// names either layout or the real files use), writing (each layout's contract names plus the
// real names, then whatever else the record carried) and, in codec-schema.ts, the JSON Schema of
// what we write. Because all three come from one table they cannot drift apart.

import type { Problem, RecordRef, Tally } from '../problems.ts';
import type { Extra, Layout } from './types/index.ts';
import { assert } from '../assert.ts';

export type Json = unknown;
type Obj = Record<string, unknown>;

/** Where a value sits, for problems: the file, the record (index and name) and the path inside. */
export interface At {
  file: string;
  /** the file's path below data/, naming it in oddity counts (default: file) */
  key?: string;
  record?: RecordRef;
  path: string;
  problems: Problem[];
  oddities?: Tally;
}

export const LAYOUTS: readonly Layout[] = ['a', 'b'];

export function atPath(at: At, key: string | number): At {
  const path = typeof key === 'number' ? `${at.path}[${key}]` : at.path ? `${at.path}.${key}` : key;
  return { ...at, path };
}

export function problem(at: At, message: string): void {
  const p: Problem = { file: at.file, message };
  if (at.record) p.record = at.record;
  if (at.path) p.path = at.path;
  at.problems.push(p);
}

/** Counts a recoverable oddity under "<path below data/>: <text>". */
export function oddity(at: At, text: string): void {
  at.oddities?.add(`${at.key ?? at.file}: ${text}`);
}

export const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const hasOwn = (o: Obj, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return v.length > 30 ? `string "${v.slice(0, 27)}…"` : `string "${v}"`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v} ${String(v)}`;
  return typeof v;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  return ka.length === kb.length && ka.every((k) => hasOwn(b as Obj, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}

// ---------------------------------------------------------------------------------------------
// Field types

export type Scalar = 'string' | 'number' | 'integer' | 'boolean' | 'strings' | 'json' | 'object';
export type FieldType = Scalar | { list: Codec<unknown> };

/** Semantic hints for the published schema (descriptions and patterns only; reading stays lenient). */
export type Hint = 'date' | 'datetime-utc' | 'datetime-nepal' | 'datetime-offset' | 'month' | 'decimal-text' | 'html';

export interface FieldDef {
  /** property of the model record */
  key: string;
  /** names written in each layout (the contract's first, then the real files'); all are read */
  a: string[];
  b: string[];
  /** further names accepted on input only */
  alias?: string[];
  type: FieldType;
  /** missing or null is a problem */
  required?: boolean;
  /** not written when null (the real files leave the key out), in every layout or in those listed */
  omitNull?: boolean | Layout[];
  /** "" is read as null; written back as "" in these layouts */
  blank?: Layout[];
  /** fallback when none of the names is present (does not consume keys) */
  from?: (o: Obj) => unknown;
  /**
   * A richer structure that carries the value in some layouts (e.g. B's
   * `membershipTypeMaster: {membershipType}`). Read when no plain name is present; kept in
   * `extra` only when it holds more than `build` would rebuild; built on write otherwise.
   */
  struct?: { name: string; layouts: Layout[]; get: (raw: unknown) => unknown; build: (v: unknown) => unknown };
  hint?: Hint;
  doc?: string;
}

export interface Codec<T> {
  name: string;
  fields: FieldDef[];
  /** names a record in problems: its symbol, id or title */
  label?: (o: Obj) => string | undefined;
  read(raw: unknown, at: At): T | undefined;
  write(rec: T, layout: Layout): Obj;
}

export const omits = (f: FieldDef, layout: Layout): boolean => (Array.isArray(f.omitNull) ? f.omitNull.includes(layout) : !!f.omitNull);
const allNames = (f: FieldDef): string[] => [...new Set([...f.a, ...f.b, ...(f.alias ?? [])])];

/** `at`, or (read per field of every record) a function making it only when a problem needs it. */
type LazyAt = At | (() => At);
const atOf = (at: LazyAt): At => (typeof at === 'function' ? at() : at);

function decode(type: FieldType, v: unknown, lazyAt: LazyAt): { ok: boolean; value?: unknown } {
  const bad = (what: string) => {
    problem(atOf(lazyAt), `expected ${what}, found ${describeValue(v)}`);
    return { ok: false };
  };
  if (typeof type === 'object') {
    if (!Array.isArray(v)) return bad('an array');
    const at = atOf(lazyAt);
    const out: unknown[] = [];
    let ok = true;
    v.forEach((item, i) => {
      const r = type.list.read(item, atPath(at, i));
      if (r === undefined) ok = false;
      else out.push(r);
    });
    return { ok, value: out };
  }
  switch (type) {
    case 'string':
      return typeof v === 'string' ? { ok: true, value: v } : bad('a string');
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? { ok: true, value: v } : bad('a number');
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v) ? { ok: true, value: v } : bad('an integer');
    case 'boolean':
      return typeof v === 'boolean' ? { ok: true, value: v } : bad('true or false');
    case 'strings':
      if (typeof v === 'string')
        return {
          ok: true,
          value: v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        };
      return Array.isArray(v) && v.every((s) => typeof s === 'string') ? { ok: true, value: v } : bad('an array of strings');
    case 'object':
      return isObject(v) ? { ok: true, value: v } : bad('an object');
    case 'json':
      return { ok: true, value: v };
  }
}

export function encode(type: FieldType, v: unknown, layout: Layout): unknown {
  if (typeof type === 'object') return (v as unknown[]).map((x) => type.list.write(x, layout));
  return v;
}

/** Reads one record of codec `name`: each field from the first of its `names` present (worked out once per codec). */
function readRecord<T>(name: string, fields: FieldDef[], names: string[][], raw: unknown, at: At): T | undefined {
  if (!isObject(raw)) {
    problem(at, `expected an object (${name}), found ${describeValue(raw)}`);
    return undefined;
  }
  const out: Obj = {};
  const consumed = new Set<string>();
  let ok = true;
  const before = at.problems.length;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    let present: string | undefined;
    for (const n of names[i]!) {
      if (!hasOwn(raw, n)) continue;
      consumed.add(n);
      present ??= n;
    }
    let v: unknown;
    // Where the value sat, made only for a problem: a path object per field of every record
    // was the largest cost of reading the quote file (a CPU profile of codec reads).
    let where: LazyAt = at;
    if (present !== undefined) {
      v = raw[present];
      const name = present;
      where = () => atPath(at, name);
    } else if (f.struct && hasOwn(raw, f.struct.name)) {
      v = f.struct.get(raw[f.struct.name]);
      const name = f.struct.name;
      where = () => atPath(at, name);
    } else if (f.from) v = f.from(raw);
    if (f.blank && v === '') v = null;
    if (v === undefined || v === null) {
      if (f.required) {
        if (v === null) problem(atOf(where), 'must not be null');
        else problem(at, `missing required field "${[...new Set([...f.a, ...f.b])].join('" or "')}"`);
        ok = false;
      }
      out[f.key] = typeof f.type === 'object' ? [] : null;
      continue;
    }
    const d = decode(f.type, v, where);
    if (!d.ok) {
      ok = false;
      out[f.key] = typeof f.type === 'object' ? [] : null;
      continue;
    }
    out[f.key] = d.value;
    // A structure the writer can rebuild exactly carries nothing more: drop it.
    if (f.struct && hasOwn(raw, f.struct.name) && deepEqual(raw[f.struct.name], f.struct.build(d.value))) consumed.add(f.struct.name);
  }
  const extra: Extra = {};
  for (const k of Object.keys(raw)) if (!consumed.has(k)) extra[k] = raw[k];
  out.extra = extra;
  return ok && at.problems.length === before ? (out as T) : undefined;
}

/** Writes one record in `layout`: each field under its layout's names, then what `extra` kept. */
function writeRecord(fields: FieldDef[], rec: unknown, layout: Layout): Obj {
  const r = rec as Obj;
  const extra = (r.extra ?? {}) as Extra;
  const o: Obj = {};
  for (const f of fields) {
    const v = r[f.key];
    if (v === null || v === undefined) {
      if (omits(f, layout)) continue;
      for (const n of f[layout]) o[n] = f.blank?.includes(layout) ? '' : null;
      continue;
    }
    const e = encode(f.type, v, layout);
    for (const n of f[layout]) o[n] = e;
    if (f.struct?.layouts.includes(layout) && !hasOwn(extra, f.struct.name)) o[f.struct.name] = f.struct.build(v);
  }
  for (const k of Object.keys(extra)) if (!hasOwn(o, k)) o[k] = extra[k];
  return o;
}

export function codec<T>(name: string, fields: FieldDef[], label?: (o: Obj) => string | undefined): Codec<T> {
  for (const f of fields) {
    for (const l of LAYOUTS) {
      assert(f[l].length || f.struct?.layouts.includes(l), `codec ${name}: field ${f.key} has no name in layout ${l}`);
    }
  }
  // Each field's names, worked out once: per record and field they cost a third of reading the
  // quote file on a phone (a CPU profile of a symbol page's first view).
  const names = fields.map(allNames);
  return {
    name,
    fields,
    label,
    read: (raw: unknown, at: At): T | undefined => readRecord<T>(name, fields, names, raw, at),
    write: (rec: T, layout: Layout): Obj => writeRecord(fields, rec, layout),
  };
}

/** Field shorthand: the same names in both layouts. */
export function same(key: string, name: string, type: FieldType, more: Partial<FieldDef> = {}): FieldDef {
  return { key, a: [name], b: [name], type, ...more };
}

/** Reads an array of records; records that fail are reported and left out (the caller decides). */
export function readList<T>(c: Codec<T>, raw: unknown, at: At): T[] | undefined {
  if (!Array.isArray(raw)) {
    problem(at, `expected an array of ${c.name} records, found ${describeValue(raw)}`);
    return undefined;
  }
  const out: T[] = [];
  const before = at.problems.length;
  raw.forEach((item, index) => {
    const word = isObject(item) ? c.label?.(item) : undefined;
    const ref: RecordRef = word === undefined ? { index } : { index, word };
    const r = c.read(item, { ...at, record: ref, path: at.path });
    if (r !== undefined) out.push(r);
  });
  return at.problems.length === before ? out : undefined;
}

export const labelOf =
  (...keys: string[]) =>
  (o: Obj): string | undefined => {
    for (const k of keys) {
      const v = o[k];
      if (typeof v === 'string' || typeof v === 'number') return String(v);
    }
    return undefined;
  };

/** Shorthands for a field of one type, written and read under `key` (`name` in layout b). */
export const num = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'number', more);
export const int = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'integer', more);
export const str = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'string', more);
export const bool = (key: string, name = key, more: Partial<FieldDef> = {}) => same(key, name, 'boolean', more);
