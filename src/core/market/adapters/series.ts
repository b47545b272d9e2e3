// The series files beyond the contract (series-files.ts): read as published after their checks,
// written back unchanged (layout A only; they have no layout-B form).

import { type SeriesKind, seriesKindOfPath, seriesProblemsOf } from '../series-files.ts';
import type { FileAdapter } from './adapter.ts';

export type SeriesValue = Record<string, unknown>;

export function seriesAdapter<K extends SeriesKind>(kind: K): FileAdapter<SeriesValue> & { kind: K } {
  return {
    kind,
    read(value, at) {
      // The file's name gives the month or day its content must hold, when it is a series path.
      const key = seriesKindOfPath(at.key ?? at.file)?.key;
      const found = seriesProblemsOf(kind, value, at.file, key);
      at.problems.push(...found);
      return found.length ? undefined : (value as SeriesValue);
    },
    write: (value) => value,
  };
}
