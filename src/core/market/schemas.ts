// JSON Schemas (2020-12) of the files we publish, per layout: derived from the same field tables
// the adapters read and write with. The openapi.yaml files embed them; the tests and the build's
// self-check validate every emitted file against them.

import { ADAPTERS, type FileAdapter } from './adapters.ts';
import type { FileKind } from './files.ts';
import type { Layout } from './types.ts';

const cache = new Map<string, Record<string, unknown>>();

/** The schema of a file as we write it in a layout (the same object every call, so validators cache). */
export function outputSchema(kind: FileKind, layout: Layout): Record<string, unknown> {
  const key = `${kind}:${layout}`;
  let s = cache.get(key);
  if (!s) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    s = (ADAPTERS[kind] as FileAdapter<any>).schema(layout);
    cache.set(key, s);
  }
  return s;
}
