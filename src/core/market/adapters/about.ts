// about.json: ours, saying where a snapshot came from.

import { atPath, describeValue, isObject, problem } from '../codec.ts';
import type { About, Layout } from '../types/index.ts';
import { type FileAdapter } from './adapter.ts';

export const about: FileAdapter<About> = {
  kind: 'about',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object, found ${describeValue(value)}`);
      return undefined;
    }
    const before = at.problems.length;
    const want = (k: string, ok: boolean, what: string) => ok || problem(atPath(at, k), `expected ${what}, found ${describeValue(value[k])}`);
    want('sample', typeof value.sample === 'boolean', 'true or false');
    want('source', typeof value.source === 'string', 'a string');
    want('sourceLayout', value.sourceLayout === null || value.sourceLayout === 'a' || value.sourceLayout === 'b', '"a", "b" or null');
    want('generatedAt', typeof value.generatedAt === 'string', 'a string');
    want('notes', Array.isArray(value.notes) && value.notes.every((n) => typeof n === 'string'), 'an array of strings');
    if (at.problems.length > before) return undefined;
    return {
      sample: value.sample as boolean,
      source: value.source as string,
      sourceLayout: value.sourceLayout as Layout | null,
      generatedAt: value.generatedAt as string,
      notes: value.notes as string[],
    };
  },
  write: (a) => ({ sample: a.sample, source: a.source, sourceLayout: a.sourceLayout, generatedAt: a.generatedAt, notes: a.notes }),
};
