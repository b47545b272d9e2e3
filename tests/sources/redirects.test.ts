// Every fetch of the build is held to public hosts, every redirect of it too: the operator's own
// source URL that redirects to 169.254.169.254 (a cloud's metadata service) or to another
// loopback server is refused by name, before any connection there. An operator who means a
// private upstream names it: --private-upstream ORIGIN (or the profile's
// network.privateUpstreams, or a mirror's target), which lets that origin alone be private;
// --allow-private-hosts lets every private address be reached. Real command line, real servers.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Served } from '../../harness/http.ts';
import { dataBuild, ROOT } from '../../harness/run.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'khoj-redirects-'));
const DUMP = readFileSync(join(ROOT, 'data-build/dictionary/sample/dictionary.json'));

let upstream: Served;
let other: Served;
let otherHits = 0;

beforeAll(async () => {
  other = await listen((_req, res) => {
    otherHits++;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(DUMP);
  });
  upstream = await listen((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const to: Record<string, string> = {
      '/metadata.json': 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      '/loopback.json': `${other.url}/dump.json`,
      '/ipv6.json': 'http://[::1]:1/dump.json',
      '/private.json': 'http://10.0.0.1/dump.json',
      '/mapped.json': 'http://[::ffff:169.254.169.254]/',
      '/here.json': '/dump.json',
    };
    if (to[path]) return res.writeHead(302, { Location: to[path] }).end();
    if (path === '/dump.json') return res.writeHead(200, { 'Content-Type': 'application/json' }).end(DUMP);
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await upstream?.close();
  await other?.close();
});

const build = (source: string, extra: string[] = []) =>
  dataBuild(['--only', 'dictionary', '--dictionary', source, '--dictionary-format', 'dump', '--out', tmp(), '--no-cache', '--retries', '0', ...extra]);

describe('every fetch and every redirect held to public hosts', { timeout: 120_000 }, () => {
  it("the operator's own URL on a private host is refused unless named", async () => {
    const r = await build(`${upstream.url}/dump.json`);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `${upstream.url}/dump.json: 127.0.0.1 is a loopback address; only public hosts are fetched (name a private upstream with --private-upstream ${upstream.url}, or allow every private address with --allow-private-hosts)`,
    );
    const named = await build(`${upstream.url}/dump.json`, ['--private-upstream', upstream.url]);
    expect(named.code, named.stderr).toBe(0);
    // A redirect inside the named origin is followed.
    expect((await build(`${upstream.url}/here.json`, ['--private-upstream', upstream.url])).code).toBe(0);
  });

  it('a redirect to 169.254.169.254, to another loopback server, to ::1, 10/8 or an IPv4-mapped address is refused, naming it', async () => {
    const allow = ['--private-upstream', upstream.url];
    const cases: Array<[string, RegExp]> = [
      [
        '/metadata.json',
        /redirected to http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/security-credentials\/: 169\.254\.169\.254 is a linkLocal address; only public hosts are fetched/,
      ],
      ['/loopback.json', new RegExp(`redirected to ${other.url}/dump\\.json: 127\\.0\\.0\\.1 is a loopback address; only public hosts are fetched`)],
      ['/ipv6.json', /redirected to http:\/\/\[::1\]:1\/dump\.json: ::1 is a loopback address/],
      ['/private.json', /redirected to http:\/\/10\.0\.0\.1\/dump\.json: 10\.0\.0\.1 is a private address/],
      ['/mapped.json', /redirected to http:\/\/\[::ffff:a9fe:a9fe\]\/: ::ffff:a9fe:a9fe is a linkLocal address|169\.254\.169\.254 is a linkLocal address/],
    ];
    for (const [path, message] of cases) {
      const r = await build(`${upstream.url}${path}`, allow);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`data-build: bad dictionary input`);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at .*\.(ts|mjs|js):\d+/);
    }
    expect(otherHits).toBe(0);
  });

  it('a mirror names its target: the mirror is fetched, its redirect elsewhere is not', async () => {
    const mirror = ['--mirror', `https://upstream.example/=${upstream.url}/`];
    const ok = await build('https://upstream.example/dump.json', mirror);
    expect(ok.code, ok.stderr).toBe(0);
    const r = await build('https://upstream.example/loopback.json', mirror);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/redirected to http:\/\/127\.0\.0\.1:\d+\/dump\.json: 127\.0\.0\.1 is a loopback address/);
    expect(otherHits).toBe(0);
  });

  it('a profile names private upstreams (network.privateUpstreams); --allow-private-hosts allows every private address', async () => {
    const dir = tmp();
    const profile = join(dir, 'p.json');
    writeFileSync(profile, JSON.stringify({ extends: 'sample', network: { privateUpstreams: [upstream.url] } }));
    expect((await build(`${upstream.url}/dump.json`, ['--sources', profile])).code).toBe(0);
    const r = await build(`${upstream.url}/loopback.json`, ['--sources', profile]);
    expect(r.code).toBe(1);
    expect(otherHits).toBe(0);
    const open = await build(`${upstream.url}/loopback.json`, ['--allow-private-hosts']);
    expect(open.code, open.stderr).toBe(0);
    expect(otherHits).toBe(1);
  });

  it('--private-upstream takes an http(s) origin, nothing else', async () => {
    for (const bad of ['127.0.0.1:80', 'ftp://127.0.0.1', `${upstream.url}/path`]) {
      const r = await build(`${upstream.url}/dump.json`, ['--private-upstream', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--private-upstream takes an http(s) origin such as http://127.0.0.1:8080, not "${bad}"`);
    }
  });
});
