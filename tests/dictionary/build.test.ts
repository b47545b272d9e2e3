// data-build on the embedded sample: exact contract output, determinism, round trip.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/dictionary/paths.ts';
import type { ChunkFile, LettersFile, Manifest, Metadata, SampleFile, WordsByLetterFile } from '../../src/core/dictionary/types.ts';
import { dictionaryBuild, validate } from '../../harness/run.ts';
import { schemaCheckTree } from '../helpers/schemas.ts';
import { serve } from '../../harness/http.ts';
import { digests, listFiles, readJson } from '../helpers/tree.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'khoj-build-'));
const AT = '2026-11-22T06:15:00Z';

describe('the embedded sample dictionary', () => {
  const out = tmp();
  const v1 = join(out, 'api/v1');
  let stderr = '';

  beforeAll(async () => {
    const r = await dictionaryBuild(['--out', out, '--generated-at', AT, '--chunk-size', '100']);
    expect(r.code, r.stderr).toBe(0);
    stderr = r.stderr;
  });

  it('has every contract file, each valid against its closed schema', async () => {
    const files = listFiles(v1);
    for (const f of ['metadata.json', 'manifest.json', 'letters.json', 'sample.json', 'openapi.yaml', 'chunks/0000.json']) expect(files).toContain(f);
    const { files: checked, problems } = schemaCheckTree(v1);
    expect(problems).toEqual([]);
    // Every file but openapi.yaml and the pack of every chunk (core/dictionary/pack/).
    expect(files.filter((f) => /^packs\/[0-9a-f]{16}\.pack$/.test(f))).toHaveLength(1);
    expect(checked).toBe(files.length - 2);
  });

  it('passes the validate command (schemas and every cross-file reference)', async () => {
    const r = await validate([v1]);
    expect(r.stderr).toMatch(/valid/);
    expect(r.code).toBe(0);
  });

  it('is a real sample: ≥300 words over ≥30 letters, grammar labels and etymologies', async () => {
    const m = readJson<Metadata>(v1, 'metadata.json');
    const letters = readJson<LettersFile>(v1, 'letters.json');
    expect(m.stats.entries).toBeGreaterThanOrEqual(300);
    expect(letters.count).toBeGreaterThanOrEqual(30);
    expect(m.stats.etymologies).toBeGreaterThan(m.stats.entries / 3);
    expect(m.stats.missingGrammarLabels).toBeGreaterThan(0);
    expect(m.stats.blankGrammarLabels).toBeGreaterThan(0);
    expect(m.license).toMatch(/Khoj/);
    expect(m.sourceDataset).toMatch(/sample/);
    expect(m.endpoints).toEqual(ENDPOINTS);
  });

  it('carries apiVersion everywhere and generatedAt everywhere but chunks', async () => {
    for (const f of listFiles(v1).filter((f) => f.endsWith('.json'))) {
      const data = readJson<Record<string, unknown>>(v1, f);
      expect(data.apiVersion, f).toBe('1.0.0');
      if (f.startsWith('chunks/')) expect(data, f).not.toHaveProperty('generatedAt');
      else expect(data.generatedAt, f).toBe(AT);
    }
  });

  it('files duplicates as one entry showing every definition, and keeps ZWJ, ":" and blank grammar', async () => {
    const m = readJson<Manifest>(v1, 'manifest.json');
    const entries = m.chunks.flatMap((c) => readJson<ChunkFile>(v1, c.path).entries);
    const kar = entries.filter((e) => e.word === 'कर');
    expect(kar).toHaveLength(1);
    expect(kar[0]!.definitions.length).toBeGreaterThanOrEqual(2);
    expect(entries.some((e) => e.word.includes('\u200D'))).toBe(true);
    expect(entries.some((e) => e.word === 'दु:ख') && entries.some((e) => e.word === 'दुःख')).toBe(true);
    expect(stderr).toMatch(/4 +duplicate headwords \(merged/);
    expect(stderr).toMatch(/blank grammar label/);
  });

  it('looks a word up by the contract flow: letters → words-by-letter → chunk', async () => {
    const letters = readJson<LettersFile>(v1, 'letters.json');
    const ka = letters.letters.find((l) => l.letter === 'क')!;
    const words = readJson<WordsByLetterFile>(v1, ka.path);
    const item = words.words.find((w) => w.word === 'किरण')!;
    const chunk = readJson<ChunkFile>(v1, item.path);
    const manifest = readJson<Manifest>(v1, 'manifest.json');
    expect(chunk.entries[item.index - manifest.chunks[item.chunk]!.start]!.word).toBe('किरण');
    // क्ष and ज्ञ sit inside क and ज
    expect(words.words.some((w) => w.word === 'क्षमा')).toBe(true);
  });

  it('has a sample entry and an OpenAPI 1.0.0 description of every file', async () => {
    const sample = readJson<SampleFile>(v1, 'sample.json');
    expect(sample.entry.definitions.length).toBeGreaterThanOrEqual(2);
    const api = parse(readFileSync(join(v1, 'openapi.yaml'), 'utf8'));
    expect(api.info.version).toBe('1.0.0');
    expect(Object.keys(api.paths)).toEqual([
      '/metadata.json',
      '/manifest.json',
      '/letters.json',
      '/words-by-letter/{letter}.json',
      '/chunks/{chunk}.json',
      '/sample.json',
      '/meanings/index.json',
      '/meanings/{codepoint}.json',
    ]);
    expect(api.paths['/chunks/{chunk}.json'].get.parameters[0].schema.pattern).toBe('^[0-9]{4}$');
    expect(api.components.schemas.MeaningShard.required).toEqual(['apiVersion', 'generatedAt', 'key', 'count', 'terms', 'postings']);
    expect(api.components.schemas.Metadata.required).toContain('stats');
  });

  it('is deterministic: the same input and time give byte-identical files (SOURCE_DATE_EPOCH too)', async () => {
    const again = tmp();
    expect((await dictionaryBuild(['--out', again, '--generated-at', AT, '--chunk-size', '100'])).code).toBe(0);
    expect(digests(join(again, 'api/v1'))).toEqual(digests(v1));
    const epoch = tmp();
    const seconds = String(Date.parse(AT) / 1000);
    expect((await dictionaryBuild(['--out', epoch, '--chunk-size', '100'], { SOURCE_DATE_EPOCH: seconds })).code).toBe(0);
    expect(digests(join(epoch, 'api/v1'))).toEqual(digests(v1));
  });

  it('round-trips: mirroring our own output, from a folder or over HTTP, gives the same bytes', async () => {
    const mirror = tmp();
    const r = await dictionaryBuild(['--dictionary', out, '--out', mirror]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/dictionary: tree/);
    expect(digests(join(mirror, 'api/v1'))).toEqual(digests(v1));

    const server = await serve(out);
    try {
      const viaHttp = tmp();
      const h = await dictionaryBuild(['--dictionary', `${server.url}/api/v1`, '--out', viaHttp, '--private-upstream', server.url]);
      expect(h.code, h.stderr).toBe(0);
      expect(digests(join(viaHttp, 'api/v1'))).toEqual(digests(v1));
    } finally {
      await server.close();
    }
  });

  it('re-chunks a mirror on request and says so in the notes', async () => {
    const rechunked = tmp();
    expect((await dictionaryBuild(['--dictionary', v1, '--out', rechunked, '--chunk-size', '250'])).code).toBe(0);
    const m = readJson<Metadata>(join(rechunked, 'api/v1'), 'metadata.json');
    expect(readJson<Manifest>(join(rechunked, 'api/v1'), 'manifest.json').chunkSize).toBe(250);
    expect(m.notes?.at(-1)).toBe('Re-chunked by Khoj data-build from 100 to 250 entries per chunk.');
    expect(m.stats).toEqual(readJson<Metadata>(v1, 'metadata.json').stats);
  });
});
