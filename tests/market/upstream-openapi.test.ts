// Every layout-A file our build writes from the real samples (../shared/data/market/layout-a),
// validated against the upstream's own OpenAPI (layout-a/api/openapi.yaml) with ajv: a client
// written against the live upstream's description reads ours. Where that description contradicts
// the upstream's real files, the real files win; each such exception is listed below with why.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { prepareMarket } from '../../data-build/market/build.ts';
import { schemaProblems } from '../../data-build/schema.ts';
import { ENDPOINTS } from '../../src/core/market/endpoints.ts';
import { seriesKindOfPath } from '../../src/core/market/series-files.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { A_ROOT, hasMarketData } from './real-data.ts';

type Obj = Record<string, unknown>;

/** OpenAPI 3.0 → JSON Schema: `$ref`s inlined, `nullable` as a null type, examples dropped. */
function toJsonSchema(s: unknown, components: Obj): unknown {
  if (Array.isArray(s)) return s.map((x) => toJsonSchema(x, components));
  if (!s || typeof s !== 'object') return s;
  const o = s as Obj;
  if (typeof o.$ref === 'string') return toJsonSchema(components[o.$ref.split('/').pop()!], components);
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (k !== 'nullable' && k !== 'example') out[k] = toJsonSchema(v, components);
  if (o.nullable && typeof o.type === 'string') out.type = [o.type, 'null'];
  if (o.nullable && Array.isArray(o.enum)) out.enum = [...o.enum, null];
  return out;
}

/** The upstream's response schema of each path (templates as patterns). Its YAML repeats keys: read as any YAML reader does, the last wins. */
function upstreamPaths(): Array<{ pattern: RegExp; path: string; schema: object }> {
  const doc = parse(readFileSync(join(A_ROOT, 'api/openapi.yaml'), 'utf8'), { uniqueKeys: false }) as {
    paths: Record<string, { get: { responses: { '200': { content: { 'application/json': { schema: unknown } } } } } }>;
    components: { schemas: Obj };
  };
  return Object.entries(doc.paths).map(([path, op]) => ({
    path,
    pattern: new RegExp(
      `^${path
        .replace(/^\/data\//, '')
        .replace(/\./g, '\\.')
        .replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ),
    schema: toJsonSchema(op.get.responses['200'].content['application/json'].schema, doc.components.schemas) as object,
  }));
}

/**
 * Where the upstream's description contradicts its own real files (or we follow the contract on
 * purpose), path → the problems we expect and why. Nothing else may fail.
 */
const EXCEPTIONS: Record<string, { why: string; problems: string[] }> = {
  // The spec says a GenericObject; the real file is an array of {detail, value}.
  'market/summary.json': { why: 'real file is an array', problems: ['market/summary.json: expected object, found array'] },
  // The DividendHistory schema repeats keys: `records` says `type: array` and then `type: string`,
  // and `scraped_at` is listed twice. Read as YAML does (the last wins), records must be a string;
  // the real file's records are arrays of rows.
  'dividend/history.json': { why: 'malformed schema: repeated keys', problems: ['dividend/history.json: records: expected string, found array'] },
  // The real file is an array of objects; we write the contract's columns and rows on purpose
  // (data-build/market/README.md, "company/profiles.json is an array of objects").
  'company/profiles.json': { why: 'contract shape chosen', problems: ['company/profiles.json: expected array, found object'] },
};

/** Files we write that the upstream's description does not mention at all (validated by our own schemas instead). */
const UNDESCRIBED = [
  'about.json', // ours
  'exchange_data.json', // the contract's neutral name for nepse_data.json (same bytes)
  'market/omf.json', // real extra file; the spec names only layout B's /data/OMF.json
];
const isUndescribed = (p: string) => UNDESCRIBED.includes(p) || seriesKindOfPath(p) !== undefined;

describe.skipIf(!hasMarketData)("our layout-A files from the real samples against the upstream's OpenAPI", () => {
  it('every file validates, but for the listed exceptions', async () => {
    const built = await prepareMarket({ source: A_ROOT });
    const layoutA = new Set(ENDPOINTS.flatMap((e) => e.a));
    const paths = [...built.files.keys()].filter((p) => layoutA.has(p) || /^ltp\/monthly\//.test(p) || seriesKindOfPath(p));
    expect(paths.length).toBeGreaterThan(25);
    const specs = upstreamPaths();
    const failures: Record<string, string[]> = {};
    const undescribed: string[] = [];
    for (const path of paths) {
      const spec = specs.find((s) => s.pattern.test(path));
      if (!spec) {
        undescribed.push(path);
        continue;
      }
      const found = schemaProblems(spec.schema, JSON.parse(built.files.get(path)!), path).map(formatProblem);
      if (found.length) failures[path] = found;
    }
    expect(failures).toEqual(Object.fromEntries(Object.entries(EXCEPTIONS).map(([p, e]) => [p, e.problems])));
    expect(undescribed.filter((p) => !isUndescribed(p))).toEqual([]);
    // The series files are mirrored, not described upstream: here so that the test covers them.
    expect(undescribed.filter((p) => seriesKindOfPath(p)).sort()).toEqual([
      'indices/manifest.json',
      'indices/monthly/2026-08.json',
      'ltp/daily/2026-08-12.json',
    ]);
  });

  it('the exceptions are real: the upstream files themselves fail the same way', () => {
    const specs = upstreamPaths();
    const realFile = (p: string) => JSON.parse(readFileSync(join(A_ROOT, 'data', p), 'utf8')) as unknown;
    const summary = specs.find((s) => s.pattern.test('market/summary.json'))!;
    expect(schemaProblems(summary.schema, realFile('market/summary.json'), 'market/summary.json').map(formatProblem)).toEqual(
      EXCEPTIONS['market/summary.json']!.problems,
    );
    const div = specs.find((s) => s.pattern.test('dividend/history.json'))!;
    expect(schemaProblems(div.schema, realFile('dividend/history.sample.json'), 'dividend/history.json').map(formatProblem)).toEqual(
      EXCEPTIONS['dividend/history.json']!.problems,
    );
  });
});
