// Sources profiles (schema-checked, errors naming the field, `extends`, paths relative to the
// profile) and the download module's pure parts (mirrors, Retry-After, sizes, addresses).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { notPublic } from '../../data-build/fetch/address.ts';
import { retryAfter } from '../../data-build/fetch/download.ts';
import { netOptionsFrom } from '../../data-build/fetch/flags.ts';
import { limitsFromFlags, parseSize } from '../../data-build/limit-flags.ts';
import { mirrored } from '../../data-build/fetch/options.ts';
import { loadProfile, overlay } from '../../data-build/sources/profile.ts';
import { profileSchema } from '../../data-build/sources/schema.ts';
import { DATA_SECTIONS } from '../../data-build/sections.ts';
import { DataError } from '../../src/core/problems.ts';
import { SECTION, underPrefix } from '../../src/core/sections.ts';
import { dataBuild } from '../../harness/run.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'khoj-profile-'));
const problemsOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof DataError) return e.message;
    throw e;
  }
  throw new Error('no error');
};

describe('sources profiles', () => {
  it('ships sample (nothing fetched) and public (the three public upstreams)', () => {
    expect(loadProfile('sample').values).toEqual({});
    expect(loadProfile('public').values).toEqual({
      dictionary: 'https://shubhamnpk.github.io/yoshabdakosh/api/v1',
      'dictionary-format': 'tree',
      books: 'https://yobook-api.vercel.app',
      market: 'https://shubhamnpk.github.io/yonepse',
      'market-layout': 'a',
    });
  });

  it('a file: extends a shipped profile, its relative paths are its own, every CLI option has a field', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'local-books'));
    const file = join(dir, 'mine.json');
    writeFileSync(
      file,
      JSON.stringify({
        extends: 'public',
        books: { source: 'local-books', pdfs: 'none' },
        market: { source: null },
        only: ['books', 'market'],
        network: {
          cache: null,
          maxBytes: '5MB',
          timeout: 30,
          retries: 1,
          allowPrivateHosts: true,
          mirrors: { 'https://yobook-api.vercel.app': 'http://127.0.0.1:5201' },
        },
      }),
    );
    const p = loadProfile(file);
    expect(p.values).toEqual({
      dictionary: 'https://shubhamnpk.github.io/yoshabdakosh/api/v1',
      'dictionary-format': 'tree',
      books: join(dir, 'local-books'),
      'books-pdfs': 'none',
      'market-layout': 'a',
      only: 'books,market',
      'no-cache': true,
      'max-bytes': '5MB',
      timeout: '30',
      retries: '1',
      'allow-private-hosts': true,
      mirror: ['https://yobook-api.vercel.app=http://127.0.0.1:5201'],
    });
    // A flag given on the command line wins over the profile; mirrors add up.
    const merged = overlay(p.values, { books: 'elsewhere', mirror: ['https://a.example=http://b'] });
    expect(merged.books).toBe('elsewhere');
    expect(merged.mirror).toEqual(['https://yobook-api.vercel.app=http://127.0.0.1:5201', 'https://a.example=http://b']);
  });

  it('bad profiles fail naming the file and the field', () => {
    const dir = tmp();
    const write = (name: string, data: unknown) => {
      writeFileSync(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
      return join(dir, name);
    };
    expect(problemsOf(() => loadProfile(write('a.json', { books: { pdfs: 'sometimes' } })))).toMatch(
      /a\.json: books\.pdfs: must be equal to one of the allowed values/,
    );
    expect(problemsOf(() => loadProfile(write('b.json', { market: { sorce: 'x' } })))).toMatch(/b\.json: market: unexpected field "sorce"/);
    expect(problemsOf(() => loadProfile(write('c.json', { network: { retries: -1 } })))).toMatch(/c\.json: network\.retries: must be >= 0/);
    expect(problemsOf(() => loadProfile(write('d.json', '{"books": ')))).toMatch(/d\.json: not valid JSON/);
    expect(problemsOf(() => loadProfile(write('e.json', { extends: 'f.json' })))).toMatch(/f\.json: no such sources profile/);
    write('g.json', { extends: 'h.json' });
    expect(problemsOf(() => loadProfile(write('h.json', { extends: 'g.json' })))).toMatch(/"extends" loops back/);
    expect(problemsOf(() => loadProfile('pubic'))).toMatch(/pubic: no such sources profile \(shipped profiles: sample, public; or give a file\)/);
  });

  it('an "extends" that is no profile is named without echoing its content', () => {
    const dir = tmp();
    const file = join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ extends: '/etc/passwd' }));
    const m = problemsOf(() => loadProfile(file));
    expect(m).toMatch(/^\/etc\/passwd: not valid JSON/);
    expect(m).not.toContain('root');
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'hunter2-password:letmein\n');
    writeFileSync(file, JSON.stringify({ extends: 'secret.txt' }));
    const s = problemsOf(() => loadProfile(file));
    // An extended file is named by its path (relative to the profile that names it).
    expect(s.startsWith(`${secret}: not valid JSON`)).toBe(true);
    expect(s).not.toMatch(/hunter|letmein/);
  });

  it('numbers past what the build can use are refused naming the file and the field', () => {
    const dir = tmp();
    const write = (name: string, data: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(data));
      return join(dir, name);
    };
    expect(problemsOf(() => loadProfile(write('big-chunks.json', { dictionary: { chunkSize: 1e300 } })))).toMatch(
      /big-chunks\.json: dictionary\.chunkSize: must be <= /,
    );
    // Node's timers hold at most 2^31-1 ms (about 24.8 days); past that every download would time out at once.
    expect(problemsOf(() => loadProfile(write('slow.json', { network: { timeout: 30 * 24 * 3600 } })))).toMatch(
      /slow\.json: network\.timeout: must be <= 2147483/,
    );
    expect(problemsOf(() => loadProfile(write('retries.json', { network: { retries: 1e300 } })))).toMatch(/retries\.json: network\.retries: must be <= /);
    expect(problemsOf(() => loadProfile(write('bytes.json', { network: { maxBytes: 1e300 } })))).toMatch(/bytes\.json: network\.maxBytes/);
    expect(loadProfile(write('ok.json', { network: { timeout: 2_147_483 } })).values.timeout).toBe('2147483');
    expect(() => netOptionsFrom({ timeout: String(30 * 24 * 3600) })).toThrow(/--timeout must be at most 2147483 seconds/);
  });

  it('a relative "out" (and "cache") is beside the profile file, as are its sources', async () => {
    const dir = tmp();
    const file = join(dir, 'p.json');
    writeFileSync(file, JSON.stringify({ extends: 'sample', only: ['dictionary'], out: 'site-data', network: { cache: 'dl-cache' } }));
    expect(loadProfile(file).values).toMatchObject({ out: join(dir, 'site-data'), cache: join(dir, 'dl-cache') });
    const r = await dataBuild(['--sources', file, '--chunk-size', '100', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'site-data/api/v1/metadata.json'))).toBe(true);
  });

  it('npm run data: a bad profile or flag exits 2 with the reason; KHOJ_SOURCES names the profile', async () => {
    const r = await dataBuild(['--sources', 'nope', '--out', tmp()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nope: no such sources profile');
    const e = await dataBuild(['--out', tmp()], { KHOJ_SOURCES: 'nope' });
    expect(e.code).toBe(2);
    const m = await dataBuild(['--mirror', 'nothing', '--out', tmp()]);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('--mirror takes FROM=TO with FROM an http(s) URL prefix, not "nothing"');
    const o = await dataBuild(['--offline', '--no-cache', '--out', tmp()]);
    expect(o.stderr).toContain('--offline needs the download cache');
    const l = await dataBuild(['--market-layout', 'c', '--out', tmp()]);
    expect(l.code).toBe(2);
    expect(l.stderr).toContain('--market-layout must be a or b, not "c"');
    const g = await dataBuild(['--generated-at', 'yesterday', '--out', tmp()]);
    expect(g.code).toBe(2);
    expect(g.stderr).toContain('--generated-at must be an ISO 8601 date-time, not "yesterday"');
  });

  it("--generated-at (or a profile's generatedAt) reaches every section", async () => {
    const at = '2026-01-02T03:04:05Z';
    const out = tmp();
    const profile = join(out, 'p.json');
    writeFileSync(profile, JSON.stringify({ extends: 'sample', generatedAt: at }));
    const r = await dataBuild(['--sources', profile, '--chunk-size', '50', '--out', out, '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'api/v1/metadata.json'), 'utf8')).generatedAt).toBe(at);
    expect(JSON.parse(readFileSync(join(out, 'api/books/catalog.json'), 'utf8')).generatedAt).toBe(at);
    // the generated market sample's instant (a real snapshot keeps its upstream's)
    expect(JSON.parse(readFileSync(join(out, 'data/about.json'), 'utf8')).generatedAt).toBe(at);
  });
});

describe("the data build's sections", () => {
  it("are the registry's: each writes below its own prefixes, its flags are its profile fields", () => {
    for (const d of DATA_SECTIONS) {
      expect(
        SECTION[d.id].prefixes.some((p) => underPrefix(d.marker, p)),
        d.id,
      ).toBe(true);
      expect(d.flags[0]).toMatchObject({ flag: d.id, field: 'source' });
    }
    const schema = profileSchema.properties as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(schema.books?.properties ?? {})).toEqual(['source', 'pdfs']);
  });
});

describe('the download module', () => {
  it('applies the longest matching mirror', () => {
    const m: Array<[string, string]> = [
      ['https://h.io', 'http://l:1'],
      ['https://h.io/yonepse', 'http://l:2/m'],
    ];
    expect(mirrored('https://h.io/yonepse/data/x.json', m)).toBe('http://l:2/m/data/x.json');
    expect(mirrored('https://h.io/other', m)).toBe('http://l:1/other');
    expect(mirrored('https://elsewhere/x', m)).toBe('https://elsewhere/x');
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfter('3')).toBe(3000);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('Tue, 24 Nov 2026 10:00:05 GMT', Date.parse('2026-11-24T10:00:00Z'))).toBe(5000);
    expect(retryAfter('soon')).toBeUndefined();
  });

  it('sizes and the network flags', () => {
    expect(parseSize('max-bytes', '200MB')).toBe(200e6);
    expect(parseSize('max-bytes', '512kB')).toBe(512e3);
    expect(parseSize('max-bytes', '1000')).toBe(1000);
    expect(() => parseSize('max-bytes', 'lots')).toThrow(/--max-bytes must be a size/);
    // One file limit, read or downloaded: --max-bytes is --max-file-mb spelt as a size.
    const err = (m: string) => new Error(m);
    expect(limitsFromFlags({ 'max-bytes': '5MB' }, err)).toEqual({ fileBytes: 5e6 });
    expect(limitsFromFlags({ 'max-file-mb': '5' }, err)).toEqual({ fileBytes: 5 * 1024 * 1024 });
    expect(() => limitsFromFlags({ 'max-file-mb': '5', 'max-bytes': '5MB' }, err)).toThrow(/set the same limit/);
    const o = netOptionsFrom(
      { timeout: '2.5', retries: '0', mirror: ['https://a.example/x=http://127.0.0.1:5200/y'] },
      { KHOJ_MIRRORS: 'https://b.example=http://127.0.0.1:5201', KHOJ_CACHE: '/tmp/c' },
    );
    expect(o).toMatchObject({
      timeoutMs: 2500,
      retries: 0,
      cacheDir: '/tmp/c',
      mirrors: [
        ['https://b.example', 'http://127.0.0.1:5201'],
        ['https://a.example/x', 'http://127.0.0.1:5200/y'],
      ],
    });
    expect(() => netOptionsFrom({ timeout: '-1' })).toThrow(/--timeout/);
  });

  it('public addresses only: loopback, private, link-local, unique-local and mapped ones are refused', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(notPublic(a), a).toBeDefined();
    for (const a of ['8.8.8.8', '151.101.1.195', '2606:4700::1111']) expect(notPublic(a), a).toBeUndefined();
  });
});
