// Bad catalog input: one clear line per problem naming the file, the record (index and id)
// and the field; exit code 1; the previous output (all five subtrees) untouched.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, serve, type Served } from '../../harness/http.ts';
import { snapshot } from '../helpers/tree.ts';
import { booksBuild, SAMPLE_DIR, tmp } from './helpers.ts';

describe('bad catalog input', () => {
  const out = tmp();
  const inputs = tmp('khoj-books-bad-');
  let before: Map<string, Buffer>;
  let http: Served;

  beforeAll(async () => {
    const r = await booksBuild(['--out', out]);
    expect(r.code, r.stderr).toBe(0);
    before = snapshot(out);
    http = await serve(inputs);
  });
  afterAll(() => http.close());

  const write = (name: string, content: string) => {
    const file = join(inputs, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
    return file;
  };

  /** A build that must fail, leaving the old output exactly as it was. */
  async function fails(src: string, extra: string[] = []): Promise<string> {
    const r = await booksBuild(['--books', src, '--out', out, ...extra]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`data-build: bad books input, nothing was replaced in ${out}:`);
    expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
    const now = snapshot(out);
    expect([...now.keys()]).toEqual([...before.keys()]);
    for (const [f, bytes] of before) expect(now.get(f)!.equals(bytes), f).toBe(true);
    for (const dir of [out, join(out, 'api')]) expect(readdirSync(dir).filter((f) => /staging|staged/.test(f))).toEqual([]);
    return r.stderr;
  }

  it('a truncated source file: where it breaks, and that it looks truncated', async () => {
    const text = readFileSync(join(SAMPLE_DIR, 'pustakalaya.json'), 'utf8');
    const dir = join(inputs, 'truncated');
    write('truncated/cehrd_learning.json', readFileSync(join(SAMPLE_DIR, 'cehrd_learning.json'), 'utf8'));
    const file = write('truncated/pustakalaya.json', text.slice(0, Math.floor(text.length / 2)));
    expect(await fails(dir)).toMatch(new RegExp(`${file}: not valid JSON at the end of the file \\(\\d+ characters\\): truncated\\?`));
  });

  it('JSON broken mid-file: the line and column', async () => {
    const file = write('broken/cdc_nepal.json', '[\n{"id": "a", "title": "A"},\n{"id": "b",, "title": "B"}\n]');
    expect(await fails(file)).toMatch(/broken\/cdc_nepal\.json: not valid JSON at line 3, column \d+/);
  });

  it('only records without a usable id or title are refused, each named by index and id; odd values elsewhere are kept', async () => {
    const file = write(
      'types/pustakalaya.json',
      JSON.stringify([
        { id: 'ok-1', title: 'Fine', grade: 3 },
        { id: 'p-2', title: 'Grade as a boolean', grade: true },
        { id: 'p-3', title: 'Keywords as a string', keywords: 'nepal, textbook' },
        { id: 'p-4', title: '   ' },
        { id: 5, title: 'A numeric id' },
        { title: 'No id' },
        'not a record',
        { id: 'p-8', title: 'Bad list items', keywords: ['x', 7], author: { name: 'X' } },
        { id: 'p-9', title: 'A fractional grade', grade: 2.5, pageCount: -1 },
      ]),
    );
    const err = await fails(file);
    // Usable records with odd values (a boolean grade, keywords as text…) are kept, counted in the summary (tests/books/current.test.ts).
    expect(err).not.toMatch(/"p-2"|"p-3"|"p-8"|"p-9"/);
    expect(err).toContain(`${file}: entry 3 "p-4": title: is blank`);
    expect(err).toContain(`${file}: entry 4: id: expected a string, found number`);
    expect(err).toContain(`${file}: entry 5: missing required field "id"`);
    expect(err).toContain(`${file}: entry 6: expected a book record (an object), found string "not a record"`);
    expect(err).not.toContain('entry 0');
  });

  it('a file that is not a list of records', async () => {
    const obj = write('shape/cehrd_learning.json', '{"books": "none"}');
    expect(await fails(obj)).toContain(`${obj}: expected an array of book records (or {"data": […]}), found an object`);
  });

  it('a missing file, a folder without catalog files', async () => {
    const missing = join(inputs, 'nowhere.json');
    expect(await fails(missing)).toContain(`${missing}: no such file or folder`);
    const empty = join(inputs, 'empty');
    mkdirSync(empty, { recursive: true });
    expect(await fails(empty)).toContain(
      `${empty}: no catalog files found: looked for cehrd_learning.json, cdc_nepal.json, pustakalaya.json, archive_org.json, open_library.json, all_books.json`,
    );
  });

  it('an unreachable URL, a server error, a URL folder with nothing in it', async () => {
    const port = await closedPort();
    // Loopback upstreams of the test's own, named as an operator names a private upstream.
    const closed = ['--private-upstream', `http://127.0.0.1:${port}`];
    const file = `http://127.0.0.1:${port}/cehrd_learning.json`;
    expect(await fails(file, closed)).toMatch(new RegExp(`${file.replace(/[.]/g, '\\.')}: cannot reach the URL: ECONNREFUSED`));
    const folder = `http://127.0.0.1:${port}/data/`;
    expect(await fails(folder, closed)).toContain(`${folder}cehrd_learning.json: cannot reach the URL`);
    const named = ['--private-upstream', http.url];
    const nothing = `${http.url}/no-data/`;
    expect(await fails(nothing, named)).toContain(`${nothing}: no catalog files found`);
    // A 404 for a named file is a missing file, not an absent source.
    expect(await fails(`${http.url}/nothing.json`, named)).toContain(`${http.url}/nothing.json: HTTP 404`);
  });
});
