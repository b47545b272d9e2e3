// `npm run test:quick`'s checks type-check only the programs a change is in (tests/checks.mjs
// --changed), read from each program's last state; everything when it cannot tell.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ALL = 8;

function programs(...changed: string[]): string[] {
  const r = spawnSync(process.execPath, ['tests/checks.mjs', 'tsc', '--dry-run', '--changed', ...changed], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status).toBe(0);
  const line = /programs: (.*)$/m.exec(r.stdout)?.[1];
  expect(line, r.stdout).toBeDefined();
  return line === 'none' ? [] : line!.split(' ');
}

// `npm test` runs the checks before the unit tests, so the programs' state is there; a bare
// `vitest` on a clean checkout has none, and then every program is checked.
const hasState = existsSync(resolve(ROOT, '.cache/tsc/src_app_tsconfig.json.tsbuildinfo'));

describe('the checks of a change', () => {
  it('checks every program when a config changed or a file is new to all of them', () => {
    expect(programs('tsconfig.json')).toHaveLength(ALL);
    expect(programs('src/app/tsconfig.json', 'README.md')).toHaveLength(ALL);
    expect(programs('src/app/books/no-such-file-yet.tsx')).toHaveLength(ALL);
  });

  it('checks no program for a change that no program reads', () => {
    expect(programs('README.md', 'src/app/books/books.css')).toEqual(hasState ? [] : expect.any(Array));
  });

  it("checks a page component's change in the programs that hold it, not the worker's", () => {
    const got = programs('src/app/books/cards.tsx');
    if (!hasState) return void expect(got).toHaveLength(ALL);
    expect(got).toContain('src/app/tsconfig.json');
    expect(got).not.toContain('src/sw/tsconfig.json');
    expect(got.length).toBeLessThan(ALL);
  });
});
