// "All of one grade" (issue 35): the pack screen's grade switches group the saved files by their
// book's grade, in grade order, the files of no known grade last.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeGroups } from '../../src/core/packs/grade-groups.ts';

describe('gradeGroups', () => {
  it('groups by grade, in grade order, unknown last, with each group’s bytes', () => {
    const files = [
      { id: 'a', bytes: 10, grade: 5 },
      { id: 'b', bytes: null, grade: 3 },
      { id: 'c', bytes: 7, grade: undefined },
      { id: 'd', bytes: 1, grade: 5 },
      { id: 'e', bytes: 2, grade: 12 },
    ];
    expect(gradeGroups(files, (f) => f.grade)).toEqual([
      { grade: 3, ids: ['b'], bytes: 0 },
      { grade: 5, ids: ['a', 'd'], bytes: 11 },
      { grade: 12, ids: ['e'], bytes: 2 },
      { grade: null, ids: ['c'], bytes: 7 },
    ]);
  });

  it('puts every file in exactly one group, whatever the grades', () => {
    const file = fc.record({ bytes: fc.option(fc.nat()), grade: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(file, { maxLength: 40 }), (raw) => {
        const files = raw.map((f, i) => ({ ...f, id: String(i) }));
        const groups = gradeGroups(files, (f) => f.grade);
        expect(groups.flatMap((g) => g.ids).sort()).toEqual(files.map((f) => f.id).sort());
        expect(groups.reduce((n, g) => n + g.bytes, 0)).toBe(files.reduce((n, f) => n + (f.bytes ?? 0), 0));
        const known = groups.map((g) => g.grade).filter((g) => g !== null);
        expect(known).toEqual([...known].sort((a, b) => a - b));
      }),
    );
  });
});
