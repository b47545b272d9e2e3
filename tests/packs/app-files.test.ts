// The check that lets a content pack's copy of pdf.js in (core/packs/app-files.ts): only this
// build's own on-demand files, by the path and SHA-256 the build recorded, whatever the pack says.

import { describe, expect, it } from 'vitest';
import { appFileFor, parseAppFiles, type AppFile } from '../../src/core/packs/app-files.ts';
import { parseManifest, type PackPart } from '../../src/core/packs/manifest.ts';

const DOC: AppFile = { path: 'assets/pdf-doc-Cn_98plW.js', sha256: 'a'.repeat(64), bytes: 403_944 };
const WORKER: AppFile = { path: 'assets/pdf.worker.min-FHbmGBN0.mjs', sha256: 'b'.repeat(64), bytes: 1_244_253 };
const BUILT = [DOC, WORKER];

const part = (path: unknown, over: Partial<PackPart> = {}): PackPart => ({
  name: 'app/1.js',
  kind: 'app-file',
  size: DOC.bytes,
  sha256: DOC.sha256,
  ...(path === undefined ? {} : { meta: { path } }),
  ...over,
});

describe('appFileFor', () => {
  it("takes this build's file by its exact path, size and digest", () => {
    expect(appFileFor(part(DOC.path), BUILT)).toBe(DOC);
    expect(appFileFor(part(WORKER.path, { name: 'app/2.mjs', size: WORKER.bytes, sha256: WORKER.sha256 }), BUILT)).toBe(WORKER);
  });

  it("refuses a file of another build, a path trick or an unknown name, whatever the pack's digest", () => {
    for (const path of [
      'assets/pdf-doc-OTHERBLD.js',
      './assets/pdf-doc-Cn_98plW.js',
      '/assets/pdf-doc-Cn_98plW.js',
      'assets/../assets/pdf-doc-Cn_98plW.js',
      'assets/%2e%2e/pdf-doc-Cn_98plW.js',
      'ASSETS/pdf-doc-Cn_98plW.js',
      'assets/pdf-doc-cn_98plw.js',
      'assets/pdf-doc-Cn_98plW.js?x=1',
      'https://evil.example/assets/pdf-doc-Cn_98plW.js',
      'assets/index.js',
      'sw.js',
      '',
    ])
      expect(appFileFor(part(path), BUILT), path).toMatch(/is not one of this build's files/);
    expect(appFileFor(part(undefined), BUILT)).toBe('it names no path');
    expect(appFileFor(part(42), BUILT)).toBe('it names no path');
    // A build without the list (a development server) takes nothing.
    expect(appFileFor(part(DOC.path), [])).toMatch(/not one of this build's files/);
  });

  it('refuses a file named like pdf-doc with other bytes, or another size, before a byte is read', () => {
    expect(appFileFor(part(DOC.path, { sha256: 'c'.repeat(64) }), BUILT)).toMatch(/is not this build's file \(its SHA-256 differs\)/);
    // The worker's digest under the chunk's path.
    expect(appFileFor(part(DOC.path, { sha256: WORKER.sha256 }), BUILT)).toMatch(/SHA-256 differs/);
    // A huge part under a good name: refused by its size alone.
    expect(appFileFor(part(DOC.path, { size: 200 * 1024 * 1024 }), BUILT)).toMatch(/is 209715200 bytes, this build's is 403944/);
    expect(appFileFor(part(DOC.path, { size: DOC.bytes - 1 }), BUILT)).toMatch(/this build's is 403944/);
  });

  it("reads a pack manifest's app-file part (the kind is known to the manifest's check)", () => {
    const m = parseManifest(JSON.stringify({ format: 'khoj-content-pack', version: 1, build: 'x', made: '2026-01-01', parts: [part(DOC.path)] }));
    expect(appFileFor(m.parts[0]!, BUILT)).toBe(DOC);
  });
});

describe('parseAppFiles', () => {
  it("reads the build's list", () => {
    expect(parseAppFiles(JSON.stringify({ files: BUILT }))).toEqual(BUILT);
  });

  it('refuses a list with a path outside assets/, a bad digest or size', () => {
    const bad = (f: Partial<AppFile>) => () => parseAppFiles(JSON.stringify({ files: [{ ...DOC, ...f }] }));
    for (const path of ['../sw.js', 'assets/../sw.js', 'assets/a/b.js', '/assets/x.js', 'assets/..', 'sw.js'])
      expect(bad({ path }), path).toThrow(/path is not assets\/<name>/);
    expect(bad({ sha256: 'A'.repeat(64) })).toThrow(/sha256/);
    expect(bad({ bytes: 0 })).toThrow(/bytes/);
    expect(bad({ bytes: 1e12 })).toThrow(/bytes/);
    expect(() => parseAppFiles('{}')).toThrow(/"files" is not a list/);
  });
});
