// Errors as data (issue 37): in src and data-build an error is a KhojError (src/core/errors.ts: a
// code, its values, a message table), or a programming assertion through core/assert.ts; a plain
// `new Error(` stands only where tests/core/errors-as-data.allow.json says why, and no class
// extends Error but KhojError (a layer's own kind of error derives from KhojError).

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const { newError: ALLOW, errorClasses: CLASSES } = JSON.parse(readFileSync(join(import.meta.dirname, 'errors-as-data.allow.json'), 'utf8')) as Record<
  'newError' | 'errorClasses',
  Record<string, string>
>;

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** Every line of src and data-build, comments left out, with its place. */
function lines(): Array<{ at: string; file: string; text: string }> {
  const out: Array<{ at: string; file: string; text: string }> = [];
  for (const dir of ['src', 'data-build'])
    for (const path of sources(join(ROOT, dir))) {
      const file = relative(ROOT, path);
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (!/^\s*(\/\/|\*|\/\*)/.test(text)) out.push({ at: `${file}:${i + 1}`, file, text });
        });
    }
  return out;
}

describe('errors as data', () => {
  const all = lines();

  it('has no plain new Error( outside the allow-list, and every allowed one says why', () => {
    const found = all.filter((l) => /\bnew Error\(/.test(l.text));
    const counts = new Map<string, number>();
    for (const l of found) counts.set(l.file, (counts.get(l.file) ?? 0) + 1);
    const unexplained = found.filter((l) => !ALLOW[l.file]).map((l) => `${l.at}: ${l.text.trim()}`);
    expect(unexplained, 'a plain Error: make it a KhojError with a code, or an assert (core/assert.ts)').toEqual([]);
    // The list shrinks with the code: a file that no longer needs its entry loses it.
    const stale = Object.keys(ALLOW).filter((f) => !counts.has(f));
    expect(stale, 'allow-list entries with no new Error( left').toEqual([]);
    for (const [file, why] of Object.entries(ALLOW)) expect(why.length, file).toBeGreaterThan(20);
  });

  it('has no error class but KhojError and its subclasses', () => {
    const classes = all.filter((l) => /\bclass\s+\w+\s+extends\s+(Error|TypeError|RangeError|DOMException)\b/.test(l.text));
    const others = classes.filter((l) => l.file !== 'src/core/errors.ts' && !CLASSES[l.file]).map((l) => `${l.at}: ${l.text.trim()}`);
    expect(others, 'derive it from KhojError, or give it a code of its own').toEqual([]);
    expect(Object.keys(CLASSES).filter((f) => !classes.some((l) => l.file === f))).toEqual([]);
    for (const [file, why] of Object.entries(CLASSES)) expect(why.length, file).toBeGreaterThan(20);
  });
});
