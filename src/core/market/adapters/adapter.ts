// What a file adapter is, and the helpers the adapters share: list and record adapters from a
// codec, columnar files (columns + rows) to objects and back.

import { type At, atPath, type Codec, describeValue, problem, readList } from '../codec.ts';
import type { FileKind } from '../endpoints.ts';
import type { Extra, Layout } from '../types/index.ts';

export type Obj = Record<string, unknown>;

export interface FileAdapter<T> {
  kind: FileKind;
  read(value: unknown, at: At): T | undefined;
  write(part: T, layout: Layout): unknown;
}

export function listAdapter<T>(kind: FileKind, c: Codec<T>, after?: (rows: T[], at: At) => void): FileAdapter<T[]> {
  return {
    kind,
    read(value, at) {
      const rows = readList(c, value, at);
      if (rows) after?.(rows, at);
      return rows;
    },
    write: (rows, layout) => rows.map((r) => c.write(r, layout)),
  };
}

export function recordAdapter<T>(kind: FileKind, c: Codec<T>): FileAdapter<T> {
  return { kind, read: (value, at) => c.read(value, at), write: (r, layout) => c.write(r, layout) };
}

export const withoutKeys = (o: Extra, keys: string[]): Extra => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

export function rowsToObjects(value: Obj, at: At, rowsKey = 'rows'): Obj[] | undefined {
  const columns = value.columns;
  const rows = value[rowsKey];
  if (!Array.isArray(columns) || !columns.every((c) => typeof c === 'string')) {
    problem(atPath(at, 'columns'), `expected an array of column names, found ${describeValue(columns)}`);
    return undefined;
  }
  if (!Array.isArray(rows)) {
    problem(atPath(at, rowsKey), `expected an array of rows, found ${describeValue(rows)}`);
    return undefined;
  }
  const out: Obj[] = [];
  let ok = true;
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length > columns.length) {
      problem(
        atPath(atPath(at, rowsKey), i),
        `expected an array of at most ${columns.length} values (one per column), found ${Array.isArray(row) ? `${row.length} values` : describeValue(row)}`,
      );
      ok = false;
      return;
    }
    const o: Obj = {};
    columns.forEach((c, j) => {
      if (j < row.length) o[c as string] = row[j];
    });
    out.push(o);
  });
  return ok ? out : undefined;
}

export const dropNullExtras = <T extends { extra: Extra }>(r: T): T => {
  for (const [k, v] of Object.entries(r.extra)) if (v === null) delete r.extra[k];
  return r;
};

/** Columns of a columnar file: the codec's names, then every other key the records carry. */
export function columnsFor<T extends { extra: Extra }>(c: Codec<T>, rows: T[], layout: Layout, first: string[] = []): string[] {
  const cols = [...first];
  for (const f of c.fields) for (const n of f[layout]) if (!cols.includes(n)) cols.push(n);
  for (const r of rows) for (const k of Object.keys(r.extra)) if (!cols.includes(k)) cols.push(k);
  return cols;
}
