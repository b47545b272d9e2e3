// A market file's text read into the core's model (JSON, then the kind's adapter and its checks),
// or a KhojError ("damaged") naming the file and its first problems. Run in the read worker (read.worker.ts)
// where there is one, on the page where there is not.

import type { AdapterValue } from '../../core/market/adapters/index.ts';
import { KhojError } from '../../core/errors.ts';
import { type FileKind, readFileValue } from '../../core/market/index.ts';
import { formatProblem } from '../../core/problems.ts';

export function parseFile<K extends FileKind>(kind: K, path: string, text: string): AdapterValue<K> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new KhojError('damaged', `data/${path}: ${(e as Error).message}`, { cause: e });
  }
  const r = readFileValue(kind, parsed, path);
  if (r.value === undefined) throw new KhojError('damaged', r.problems.slice(0, 2).map(formatProblem).join('; '));
  return r.value;
}
