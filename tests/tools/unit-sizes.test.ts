// The size check of `npm run checks` (tests/unit-sizes.ts): a fixture whose every unit is one line over
// its limit must fail, naming the file, the function and its length; the allow-list lets through only
// what it names, no longer than it says, and asks for an entry to go once it is not needed.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Allowed, functionLengths, longUnits, MAX_FUNCTION, sizeProblems } from '../unit-sizes.ts';
import { ROOT } from '../../harness/run.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/long-units');
const FILE = 'src/long.ts';

describe('the size check', () => {
  it('fails on the fixture, naming each long function and the long file with their lengths', () => {
    const long = longUnits(FIXTURE, ['src']);
    expect(long).toEqual([
      { file: FILE, unit: null, lines: 401 },
      { file: FILE, unit: 'longDeclaration', lines: 81 },
      { file: FILE, unit: 'longArrow', lines: 81 },
      { file: FILE, unit: 'longMethod', lines: 81 },
    ]);
    const problems = sizeProblems(long, []);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(`${FILE}: 401 lines (at most 400 for a file); split it along a seam that has a name`);
    expect(problems[1]).toBe(`${FILE} longDeclaration(): 81 lines (at most 80 for a function); split it along a seam that has a name`);
  });

  it('measures a component, nested functions inside their holder, and names an unnamed arrow by its call', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      'export function Panel() {',
      lines(10),
      '  const onClick = () => {',
      lines(3),
      '  };',
      '  return <button onClick={onClick}>x</button>;',
      '}',
      'describe("x", () => {',
      '  it("y", () => 1);',
      '});',
    ].join('\n');
    expect(functionLengths('panel.tsx', text).map((f) => [f.unit, f.lines])).toEqual([
      ['Panel', 18],
      ['onClick', 5],
      ['(function handed to describe)', 3],
      ['(function handed to it)', 1],
    ]);
  });

  it('lets through only an allowed unit no longer than its entry, and reports an entry that is not needed', () => {
    const long = longUnits(FIXTURE, ['src']);
    const allow = (unit: string | null, lines: number): Allowed => ({ file: FILE, unit, lines, reason: 'a data table' });
    const all = [allow(null, 401), allow('longDeclaration', 81), allow('longArrow', 81), allow('longMethod', 81)];
    expect(sizeProblems(long, all)).toEqual([]);
    expect(sizeProblems(long, [...all.slice(0, 3), allow('longMethod', 80)])).toEqual([
      `${FILE} longMethod(): 81 lines, more than the 80 tests/unit-sizes.allow.json allows`,
    ]);
    expect(sizeProblems(long, [...all, allow('atTheLimit', 90)])).toEqual([
      `${FILE} atTheLimit(): no longer over its limit; remove it from tests/unit-sizes.allow.json`,
    ]);
    expect(functionLengths(FILE, readFileSync(join(FIXTURE, FILE), 'utf8')).find((f) => f.unit === 'atTheLimit')?.lines).toBe(MAX_FUNCTION);
  });

  it('every allow-list entry gives its reason, and the tree passes', () => {
    const allowed = JSON.parse(readFileSync(join(ROOT, 'tests/unit-sizes.allow.json'), 'utf8')) as Allowed[];
    for (const a of allowed) expect(a.reason.length, `${a.file} ${a.unit}`).toBeGreaterThan(10);
    expect(sizeProblems(longUnits(ROOT), allowed)).toEqual([]);
  });
});
