// Random damage to one input file, for the property tests of the readers: cut short, garbage,
// a value anywhere replaced by any JSON or a hostile one (lone surrogates, over-long strings,
// deep nesting, huge lists), a key dropped, gzipped, removed, a folder in its place, or a
// symbolic link out of the source folder.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/** The limits the properties run under: low, so hostile sizes stay cheap. */
export const PROPERTY_LIMITS = { stringLength: 4_000, entries: 3_000, depth: 20, fileBytes: 4 * 1024 * 1024, inflatedBytes: 64 * 1024 * 1024 };

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('\uD800', 'क\uDC00ख', '', ' ', '\u200D', '<img src=x onerror=alert(1)>', '../../etc/passwd', '%', '#', 'a/b', 'x'.repeat(150)),
  fc.integer({ min: 4_000, max: 6_000 }).map((n) => 'y'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer({ min: 18, max: 40 }).map((d) => JSON.parse(`${'['.repeat(d)}1${']'.repeat(d)}`) as unknown) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0.5, 1e308, true, {}, []) },
  { weight: 1, arbitrary: fc.integer({ min: 3_001, max: 3_500 }).map((n) => Array.from({ length: n }, () => 0)) },
);

export type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'garbage'; text: string }
  | { kind: 'replace'; path: number[]; value: unknown }
  | { kind: 'drop-key'; path: number[] }
  | { kind: 'gzip' }
  | { kind: 'remove' }
  | { kind: 'folder' }
  | { kind: 'link-out' };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    kind: fc.constant('garbage' as const),
    text: fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('<html>502 Bad Gateway</html>', '', '\u0000\u0000', '{"a":1}{', 'null')),
  }),
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('replace' as const), path: fc.array(fc.nat(), { maxLength: 6 }), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop-key' as const), path: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }) }) },
  fc.constant({ kind: 'gzip' as const }),
  fc.constant({ kind: 'remove' as const }),
  fc.constant({ kind: 'folder' as const }),
  fc.constant({ kind: 'link-out' as const }),
);

/** Picks a value by walking `path` (each step an index into the container's children, modulo its size). */
function walk(root: unknown, path: number[], visit: (parent: Record<string, unknown> | unknown[], key: string | number) => void): boolean {
  let node = root;
  let parent: Record<string, unknown> | unknown[] | undefined;
  let key: string | number | undefined;
  for (const step of path) {
    if (Array.isArray(node) && node.length) {
      parent = node;
      key = step % node.length;
    } else if (node && typeof node === 'object' && Object.keys(node).length) {
      const keys = Object.keys(node);
      parent = node as Record<string, unknown>;
      key = keys[step % keys.length]!;
    } else break;
    node = (parent as Record<string | number, unknown>)[key];
  }
  if (parent === undefined || key === undefined) return false;
  visit(parent, key);
  return true;
}

/** Applies `m` to `file` (JSON text) in place; says what it did, for failure messages. */
export function applyMutation(file: string, m: Mutation): string {
  const text = readFileSync(file, 'utf8');
  switch (m.kind) {
    case 'truncate':
      writeFileSync(file, text.slice(0, Math.floor(text.length * m.at)));
      return `cut to ${Math.floor(text.length * m.at)} of ${text.length} characters`;
    case 'garbage':
      writeFileSync(file, m.text);
      return `replaced by ${JSON.stringify(m.text)}`;
    case 'replace':
    case 'drop-key': {
      const data = JSON.parse(text) as unknown;
      let did = 'nothing to change';
      const changed = walk(data, m.path, (parent, key) => {
        if (m.kind === 'replace') {
          (parent as Record<string | number, unknown>)[key] = m.value;
          did = `value at ${JSON.stringify(m.path)} (${String(key)}) replaced`;
        } else if (Array.isArray(parent)) {
          parent.splice(key as number, 1);
          did = `item ${String(key)} removed`;
        } else {
          delete parent[key];
          did = `key ${String(key)} removed`;
        }
      });
      if (!changed && m.kind === 'replace') {
        writeFileSync(file, JSON.stringify(m.value));
        return 'whole file replaced';
      }
      writeFileSync(file, JSON.stringify(data));
      return did;
    }
    case 'gzip':
      writeFileSync(file, gzipSync(text));
      return 'gzipped';
    case 'remove':
      rmSync(file);
      return 'removed';
    case 'folder':
      rmSync(file);
      mkdirSync(file);
      return 'a folder in its place';
    case 'link-out': {
      const outside = mkdtempSync(join(tmpdir(), 'khoj-outside-'));
      writeFileSync(join(outside, 'secret.json'), text);
      rmSync(file);
      symlinkSync(join(outside, 'secret.json'), file);
      return 'a link out of the folder';
    }
  }
}
