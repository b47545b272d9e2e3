// Limits on parsed JSON from outside: the longest string, the longest array and the deepest
// nesting. One walk (no recursion, so no stack to blow) reports the first few values over a limit,
// naming the file, the record (the item of the top-level list, or of a chunk's `entries`) and the
// field. Pure: the build (data-build/limits.ts) and any other reader can use it.

import type { Problem, RecordRef } from './problems.ts';

export interface JsonLimits {
  /** characters in one string (keys included) */
  stringLength: number;
  /** items in one array: entries of a dump or chunk, rows of a file */
  entries: number;
  /** nesting of arrays and objects; the top-level value is depth 1 */
  depth: number;
}

/** The flag that raises each limit, named in the error. */
export const LIMIT_FLAG: Readonly<Record<keyof JsonLimits, string>> = { stringLength: '--max-string', entries: '--max-entries', depth: '--max-depth' };

interface Node {
  value: unknown;
  depth: number;
  parent: Node | undefined;
  key: string | number | undefined;
}

const MAX_REPORTED = 10;
const n = (x: number) => x.toLocaleString('en-US');

/** The values of `data` over a limit (at most a few), each as a problem of `file`. */
export function jsonLimitProblems(data: unknown, file: string, limits: JsonLimits): Problem[] {
  const problems: Problem[] = [];
  const report = (at: Node | undefined, key: string | number | undefined, message: string) => problems.push(locate(file, data, at, key, message));
  const stack: Node[] = [{ value: data, depth: 1, parent: undefined, key: undefined }];
  while (stack.length && problems.length < MAX_REPORTED) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (v.length > limits.stringLength)
        report(
          node.parent,
          node.key,
          `a string of ${n(v.length)} characters, over the limit of ${n(limits.stringLength)} (raise it with ${LIMIT_FLAG.stringLength})`,
        );
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (node.depth > limits.depth) {
      report(node.parent, node.key, `nested deeper than the limit of ${n(limits.depth)} levels (raise it with ${LIMIT_FLAG.depth})`);
      continue;
    }
    if (Array.isArray(v)) {
      if (v.length > limits.entries) {
        report(node.parent, node.key, `a list of ${n(v.length)} items, over the limit of ${n(limits.entries)} (raise it with ${LIMIT_FLAG.entries})`);
        continue;
      }
      for (let i = v.length - 1; i >= 0; i--) push(stack, v[i], node, i, limits);
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        if (k.length > limits.stringLength) {
          report(node, undefined, `a key of ${n(k.length)} characters, over the limit of ${n(limits.stringLength)} (raise it with ${LIMIT_FLAG.stringLength})`);
          continue;
        }
        push(stack, (v as Record<string, unknown>)[k], node, k, limits);
      }
    }
  }
  return problems;
}

/** Scalars other than strings need no node; strings are checked here, without one. */
function push(stack: Node[], value: unknown, parent: Node, key: string | number, limits: JsonLimits): void {
  if (value === null || (typeof value !== 'object' && (typeof value !== 'string' || value.length <= limits.stringLength))) return;
  stack.push({ value, depth: parent.depth + 1, parent, key });
}

/** The record (item of the top-level list, or of `entries`/`data`/`books` at the top) and the path below it. */
function locate(file: string, root: unknown, parent: Node | undefined, key: string | number | undefined, message: string): Problem {
  const keys: Array<string | number> = [];
  if (key !== undefined) keys.push(key);
  for (let p = parent; p && p.key !== undefined; p = p.parent) keys.push(p.key);
  keys.reverse();
  let record: RecordRef | undefined;
  let rest = keys;
  let base = root;
  if (!Array.isArray(root) && typeof keys[0] === 'string' && ['entries', 'data', 'books'].includes(keys[0]) && typeof keys[1] === 'number') {
    base = (root as Record<string, unknown>)[keys[0]];
    rest = keys.slice(1);
  }
  if (Array.isArray(base) && typeof rest[0] === 'number') {
    const item = base[rest[0]] as Record<string, unknown> | null;
    const name = item && typeof item === 'object' ? [item.word, item.id, item.symbol].find((x) => typeof x === 'string' && x.length <= 200) : undefined;
    record = name === undefined ? { index: rest[0] } : { index: rest[0], word: name as string };
    rest = rest.slice(1);
  } else rest = keys;
  const problem: Problem = { file, message };
  if (record) problem.record = record;
  const path = formatPath(record ? rest : keys);
  if (path) problem.path = path;
  return problem;
}

/** `definitions[0].senses[2]`; a very deep path shows its start and end. */
function formatPath(keys: Array<string | number>): string {
  const shown = keys.length > 12 ? [...keys.slice(0, 6), `…(${keys.length - 10} more)…`, ...keys.slice(-4)] : keys;
  let s = '';
  for (const k of shown) {
    if (typeof k === 'number') s += `[${k}]`;
    else if (k.startsWith('…')) s += k;
    else if (/^[A-Za-z_$][\w$]*$/.test(k)) s += `${s ? '.' : ''}${k}`;
    else s += `[${JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k)}]`;
  }
  return s;
}
