// Bad input: a clear error naming file, entry and problem; exit 1; the previous output intact.

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordsByLetterFile } from '../../src/core/dictionary/types.ts';
import { closedPort, serve, type Served } from '../../harness/http.ts';
import { dictionaryBuild, ROOT } from '../../harness/run.ts';
import { digests } from '../helpers/tree.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'khoj-bad-'));
const SAMPLE = join(ROOT, 'data-build/dictionary/sample/dictionary.json');

describe('bad input', () => {
  const out = tmp();
  const inputs = tmp();
  let before: Map<string, string>;
  let server: Served;

  beforeAll(async () => {
    expect((await dictionaryBuild(['--out', out, '--chunk-size', '100'])).code).toBe(0);
    before = digests(out);
    server = await serve(inputs);
  });
  afterAll(() => server.close());

  const write = (name: string, content: string | Buffer) => {
    const file = join(inputs, name);
    writeFileSync(file, content);
    return file;
  };

  /** Runs a build that must fail, and checks the old output survived untouched. */
  async function fails(args: string[]): Promise<string> {
    const r = await dictionaryBuild([...args, '--out', out]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`nothing was replaced in ${out}`);
    expect(digests(out)).toEqual(before);
    expect(readdirSync(join(out, 'api')).filter((f) => f.startsWith('.staging'))).toEqual([]);
    return r.stderr;
  }

  it('truncated JSON: the line, column and the entry being read', async () => {
    const text = readFileSync(SAMPLE, 'utf8');
    const file = write('truncated.json', text.slice(0, Math.floor(text.length * 0.6)));
    const err = await fails(['--dictionary', file]);
    expect(err).toMatch(new RegExp(`${file}: not valid JSON at the end of the file \\(\\d+ characters\\): truncated\\?`));
    expect(err).toMatch(/the last entry begun is entry \d+ "[^"]+"/);
  });

  it('JSON broken mid-file names the line and column', async () => {
    const file = write('broken.json', '[\n{"word":"क","definitions":[{"senses":["x"]}]},\n{"word":"ख",, }\n]');
    expect(await fails(['--dictionary', file])).toMatch(/broken\.json: not valid JSON at line 3, column \d+: .*the last entry begun is entry 1 "ख"/);
  });

  it('wrong types, empty headwords, entries without definitions: each entry named', async () => {
    const file = write(
      'types.json',
      JSON.stringify([
        { word: 'क', definitions: [{ senses: ['ठीक।'] }] },
        { word: 'ख', definitions: [{ grammar: 'ना.', senses: 'एउटा' }] },
        { word: ' ', definitions: [{ senses: ['x'] }] },
        { word: 'ग', definitions: [] },
        { word: 'घ' },
      ]),
    );
    const err = await fails(['--dictionary', file]);
    expect(err).toContain(`${file}: entry 1 "ख": definitions[0].senses: expected an array of strings, found string`);
    expect(err).toContain(`${file}: entry 2 " ": word: empty headword`);
    expect(err).toContain(`${file}: entry 3 "ग": definitions: entry has no definitions`);
    expect(err).toContain(`${file}: entry 4 "घ": definitions: no definitions`);
  });

  it('a missing input file', async () => {
    const file = join(inputs, 'nowhere.json');
    expect(await fails(['--dictionary', file])).toContain(`${file}: no such file or folder`);
  });

  it('an unreachable URL and a URL that answers 404', async () => {
    const port = await closedPort();
    // Loopback upstreams of the test's own, named as an operator names a private upstream.
    const named = (url: string) => ['--private-upstream', new URL(url).origin];
    const closed = `http://127.0.0.1:${port}/dump.json`;
    expect(await fails(['--dictionary', closed, ...named(closed)])).toMatch(/dump\.json: cannot reach the URL: ECONNREFUSED/);
    expect(await fails(['--dictionary', `${server.url}/absent.json`, ...named(server.url)])).toContain(`${server.url}/absent.json: HTTP 404`);
  });

  it('a gzipped dump builds (file or URL); a corrupt one fails', async () => {
    const gz = write('sample.json.gz', gzipSync(readFileSync(SAMPLE)));
    const ok = tmp();
    const r = await dictionaryBuild(['--dictionary', `${server.url}/sample.json.gz`, '--out', ok, '--private-upstream', server.url]);
    expect(r.code, r.stderr).toBe(0);
    expect((await dictionaryBuild(['--dictionary', gz, '--out', ok])).code).toBe(0);
    const bad = write('corrupt.json.gz', gzipSync(readFileSync(SAMPLE)).subarray(0, 2000));
    expect(await fails(['--dictionary', bad])).toMatch(/corrupt\.json\.gz: gzip data is corrupt or truncated/);
  });

  it('a mirrored tree whose words point at missing chunks', async () => {
    const tree = join(tmp(), 'v1');
    cpSync(join(out, 'api/v1'), tree, { recursive: true });
    const kaPath = join(tree, 'words-by-letter', 'क.json');
    const ka = JSON.parse(readFileSync(kaPath, 'utf8')) as WordsByLetterFile;
    ka.words[3]!.path = 'chunks/0099.json';
    ka.words[3]!.chunk = 99;
    writeFileSync(kaPath, JSON.stringify(ka));
    let err = await fails(['--dictionary', tree]);
    expect(err).toContain(
      `words-by-letter/क.json: entry 3 "${ka.words[3]!.word}": path: points at chunks/0099.json, which does not exist or could not be read`,
    );

    // A chunk file deleted while the manifest still lists it.
    const other = join(tmp(), 'v1');
    cpSync(join(out, 'api/v1'), other, { recursive: true });
    rmSync(join(other, 'chunks', '0001.json'));
    err = await fails(['--dictionary', other]);
    expect(err).toContain('chunks/0001.json: no such file');
    expect(err).toMatch(/words-by-letter\/.\.json: entry \d+ "[^"]+": path: points at chunks\/0001\.json, which does not exist/);
  });

  it('a folder that is not an /api/v1 tree, and a chunk size too small for four-digit ids', async () => {
    const empty = tmp();
    expect(await fails(['--dictionary', empty])).toContain('metadata.json: no such file');
    expect(
      await fails([
        '--chunk-size',
        '1',
        '--dictionary',
        write('big.json', JSON.stringify(Array.from({ length: 10_001 }, (_, i) => ({ word: `क${i}`, definitions: [{ senses: ['x'] }] })))),
      ]),
    ).toMatch(/need 10001 chunks; chunk ids have four digits/);
  });

  it('a bad command line exits 2 with usage', async () => {
    const r = await dictionaryBuild(['--chunk-size', 'many', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--chunk-size must be a positive whole number, not "many"');
    expect(digests(out)).toEqual(before);
  });
});
