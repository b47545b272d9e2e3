// `npm run data -- --only market …` as a user runs it: the sample, real folders, URLs served by the
// real app server, our own output mirrored; then bad input: missing optional files reported and
// skipped, invalid required files fatal with file and path named, the previous output intact.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENDPOINTS } from '../../src/core/market/endpoints.ts';
import { serve } from '../../harness/http.ts';
import { dataBuild } from '../../harness/run.ts';
import { digests as snapshot } from '../helpers/tree.ts';
import { A_ROOT, B_SNAPSHOTS, bRoot, hasMarketData } from './real-data.ts';

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `khoj-market-${name}-`));
const market = (args: string[]) => dataBuild(['--only', 'market', ...args]);
const withoutAbout = (m: Map<string, string>) => new Map([...m].filter(([k]) => !k.endsWith('about.json')));

describe('the sample build', () => {
  const out = tmp('sample');
  let stderr = '';
  beforeAll(async () => {
    const r = await market(['--out', out]);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
  });

  it('says what it built, labelled as sample data', () => {
    expect(stderr).toMatch(/market: SAMPLE DATA, Khoj sample market generator \(seed \d+, reference 2026-11-20T09:25:00Z\)/);
    expect(stderr).toMatch(/\d+ stock rows \(12 open-ended funds\), 4 indices, market closed as of 20 Nov 2026, 15:10 NPT; 13 months of price history/);
    expect(JSON.parse(readFileSync(join(out, 'data/about.json'), 'utf8'))).toMatchObject({ sample: true, sourceLayout: null });
  });

  it('writes every endpoint of both layouts under data/', () => {
    for (const e of ENDPOINTS) {
      for (const path of [...e.a, ...e.b]) if (e.kind !== 'ltpMonth') expect(existsSync(join(out, 'data', path)), path).toBe(true);
    }
    expect(readdirSync(join(out, 'data/ltp/monthly')).length).toBeGreaterThanOrEqual(13);
  });

  it('writes our own OpenAPI descriptions of both layouts', () => {
    for (const [file, layout] of [
      ['api/openapi.yaml', 'a'],
      ['openapi.yaml', 'b'],
    ] as const) {
      const doc = parse(readFileSync(join(out, file), 'utf8')) as {
        openapi: string;
        info: { title: string };
        paths: Record<string, unknown>;
        components: { schemas: Record<string, unknown> };
      };
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.title).toMatch(new RegExp(`layout ${layout.toUpperCase()} \\(SAMPLE DATA\\)`));
      for (const e of ENDPOINTS) for (const p of e[layout]) expect(doc.paths, p).toHaveProperty([`/data/${p}`]);
      for (const ref of JSON.stringify(doc.paths).match(/#\/components\/schemas\/\w+/g)!)
        expect(doc.components.schemas).toHaveProperty([ref.split('/').pop()!]);
    }
  });

  it('is byte-identical when built again, and when our own output is mirrored (folder and URL)', async () => {
    const again = tmp('again');
    expect((await market(['--out', again])).code).toBe(0);
    expect(snapshot(again)).toEqual(snapshot(out));
    const mirror = tmp('mirror');
    const r = await market(['--market', out, '--out', mirror]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/layout A snapshot .* \(layout detected\)/);
    expect(snapshot(join(mirror, 'data'))).toEqual(snapshot(join(out, 'data')));
    const server = await serve(out);
    try {
      const viaUrl = tmp('url');
      const u = await market(['--market', `${server.url}/`, '--out', viaUrl, '--private-upstream', server.url]);
      expect(u.code, u.stderr).toBe(0);
      expect(snapshot(join(viaUrl, 'data'))).toEqual(snapshot(join(out, 'data')));
      for (const p of ['/data/market/status.json', '/data/market_status.json', '/data/ltp/manifest.json', '/data/proposed_dividend/latest_1y.json']) {
        const res = await fetch(server.url + p);
        expect(res.status, p).toBe(200);
        expect(await res.json()).toBeTruthy();
      }
      expect((await fetch(`${server.url}/api/openapi.yaml`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!hasMarketData)('real snapshots', () => {
  for (const snap of B_SNAPSHOTS) {
    it(`layout B ${snap}: detected, both layouts written, oddities reported`, async () => {
      const out = tmp('b');
      const r = await market(['--market', bRoot(snap), '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/market: layout B snapshot .*\(layout detected\)/);
      expect(r.stderr).toMatch(/nepse_data\.json: open-ended mutual fund rows/);
      expect(r.stderr).toMatch(/ltp\/manifest\.json, ltp\/monthly\/2026-05\.json: the source has no price history/);
      expect(r.stderr).toMatch(/not written \(the source has nothing for them\):\n\s+layout A company\/profiles\.json/);
      for (const p of [
        'market/status.json',
        'market_status.json',
        'exchange_data.json',
        'nepse_data.json',
        'market/history.json',
        'ltp/manifest.json',
        'notify/notices.json',
        'notices.json',
        'dividend/history.json',
      ]) {
        expect(existsSync(join(out, 'data', p)), p).toBe(true);
      }
    });
  }

  it('layout A (trimmed samples stand in for the large files)', async () => {
    const out = tmp('a');
    const r = await market(['--market', A_ROOT, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/trimmed samples read in place of missing files:\n\s+market\/top_stocks\.json/);
    expect(r.stderr).toMatch(/other\/securities\.json: missing \(optional file: skipped\)/);
    expect(r.stderr).toMatch(/174 of the 175 months listed in .*ltp\/manifest\.json are missing/);
    expect(r.stderr).toMatch(/market\/history\.json: an array of daily objects, not the contract's \{columns, rows\}/);
  });

  it('a URL served by the app server reads like the folder; --market-layout names the layout', async () => {
    const folder = tmp('folder');
    expect((await market(['--market', bRoot(B_SNAPSHOTS[1]), '--out', folder])).code).toBe(0);
    const server = await serve(bRoot(B_SNAPSHOTS[1]));
    try {
      const viaUrl = tmp('url');
      const r = await market(['--market', server.url, '--market-layout', 'b', '--out', viaUrl, '--private-upstream', server.url]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/layout detected/);
      expect(withoutAbout(snapshot(join(viaUrl, 'data')))).toEqual(withoutAbout(snapshot(join(folder, 'data'))));
    } finally {
      await server.close();
    }
    const wrong = await market(['--market', bRoot(B_SNAPSHOTS[1]), '--market-layout', 'a', '--out', tmp('wrong')]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/market\/status\.json: missing: a layout A snapshot needs this file/);
  });
});

describe.skipIf(!hasMarketData)('bad input', () => {
  const out = tmp('bad-out');
  let before: Map<string, string>;
  beforeAll(async () => {
    expect((await market(['--out', out])).code).toBe(0);
    before = snapshot(out);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  /** A copy of a real layout-B snapshot with one file changed (undefined: removed). */
  function broken(file: string, content: string | undefined): string {
    const dir = tmp('src');
    cpSync(bRoot(B_SNAPSHOTS[2]), dir, { recursive: true });
    const path = join(dir, 'data', file);
    if (content === undefined) rmSync(path);
    else writeFileSync(path, content);
    return dir;
  }
  const original = (file: string) => readFileSync(join(bRoot(B_SNAPSHOTS[2]), 'data', file), 'utf8');

  async function fails(src: string): Promise<string> {
    const r = await market(['--market', src, '--out', out]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`data-build: bad market input, nothing was replaced in ${out}`);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(out).filter((f) => f.startsWith('.staging') || f.includes('.tmp'))).toEqual([]);
    return r.stderr;
  }

  it('a missing optional file is reported and skipped', async () => {
    const dest = tmp('optional');
    const r = await market(['--market', broken('notices.json', undefined), '--out', dest]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/data\/notices\.json: missing \(optional file: skipped\)/);
    expect(existsSync(join(dest, 'data/notices.json'))).toBe(false);
    expect(existsSync(join(dest, 'data/notify/notices.json'))).toBe(false);
    expect(existsSync(join(dest, 'data/market_status.json'))).toBe(true);
  });

  it('an invalid optional file is reported with its record and field, and skipped', async () => {
    const rows = JSON.parse(original('disclosures.json')) as Array<Record<string, unknown>>;
    rows[3]!.newsHeadline = 42;
    const src = broken('disclosures.json', JSON.stringify(rows));
    const dest = tmp('invalid-optional');
    const r = await market(['--market', src, '--out', dest]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${join(src, 'data/disclosures.json')}: entry 3 "${rows[3]!.id}": newsHeadline: expected a string, found number 42`);
    expect(r.stderr).toContain(`${join(src, 'data/disclosures.json')}: invalid optional file: skipped`);
    expect(existsSync(join(dest, 'data/disclosures.json'))).toBe(false);
  });

  // An optional file that is there but cannot be read must not quietly drop the file the
  // previous output had: it fails the build, naming the file; only an absent file is skipped.
  it('a truncated optional file fails, naming it, and the previous output stays', async () => {
    const text = original('disclosures.json');
    const src = broken('disclosures.json', text.slice(0, text.length >> 1));
    expect(await fails(src)).toMatch(/disclosures\.json: not valid JSON at the end of the file \(\d+ characters\): truncated\?/);
  });

  it('a folder where an optional file should be fails, naming it', async () => {
    const src = broken('notices.json', undefined);
    mkdirSync(join(src, 'data/notices.json'));
    expect(await fails(src)).toContain(`${join(src, 'data/notices.json')}: is a folder, expected a file`);
  });

  it('an invalid required file fails, naming the file and the field', async () => {
    const src = broken('market_status.json', JSON.stringify({ is_open: 'yes', last_checked: '2026-05-07T11:23:30.916807' }));
    expect(await fails(src)).toContain(`${join(src, 'data/market_status.json')}: is_open: expected true or false, found string "yes"`);
  });

  it('a stock row of the wrong type fails, naming the row and its symbol', async () => {
    const rows = JSON.parse(original('nepse_data.json')) as Array<Record<string, unknown>>;
    rows[7]!.ltp = '955.5';
    const src = broken('nepse_data.json', JSON.stringify(rows));
    expect(await fails(src)).toContain(`${join(src, 'data/nepse_data.json')}: entry 7 "${rows[7]!.symbol}": ltp: expected a number, found string "955.5"`);
  });

  it('truncated or broken JSON in a required file fails', async () => {
    const text = original('nepse_data.json');
    const src = broken('nepse_data.json', text.slice(0, text.length >> 1));
    expect(await fails(src)).toMatch(/nepse_data\.json: not valid JSON at the end of the file \(\d+ characters\): truncated\?/);
    const src2 = broken('indices.json', original('indices.json').replace('"close"', '"close" "'));
    expect(await fails(src2)).toMatch(/indices\.json: not valid JSON at line 8, column \d+: Unexpected string/);
  });

  it('a required file of the wrong shape or missing fails', async () => {
    expect(await fails(broken('indices.json', '{}'))).toMatch(/indices\.json: expected an array of index row records, found object/);
    expect(await fails(broken('market_summary.json', undefined))).toMatch(/market_summary\.json: missing: a layout B snapshot needs this file/);
  });

  it('a folder that is no snapshot, a path that does not exist', async () => {
    expect(await fails(tmp('empty'))).toMatch(/no market status in either layout/);
    expect(await fails(join(tmpdir(), 'no-such-market-folder'))).toMatch(/no-such-market-folder: no such file or folder/);
  });
});
