// Shape checks of everything we emit: every file of both layouts, for every real snapshot and the
// generated one, against our published schemas (the ones in openapi.yaml) — and against the
// upstream's own published schemas wherever the real file passes them too, so the clients written
// against upstream keep working.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateSample } from '../../data-build/market/generate.ts';
import { schemaProblems } from '../../data-build/schema.ts';
import { kindOfPath } from '../../src/core/market/endpoints.ts';
import { readSnapshot } from '../../src/core/market/read.ts';
import { outputSchema } from '../../src/core/market/schemas.ts';
import type { Layout, MarketSnapshot } from '../../src/core/market/types/index.ts';
import { layoutFiles } from '../../src/core/market/write.ts';
import { formatProblem } from '../../src/core/problems.ts';
import { A_ROOT, hasMarketData, MARKET, parsed, realSnapshots } from './real-data.ts';

function problemsOf(m: MarketSnapshot, layout: Layout): string[] {
  const out: string[] = [];
  for (const [path, value] of layoutFiles(m, layout)) {
    const where = kindOfPath(path, layout);
    if (!where) out.push(`${path}: not a path of layout ${layout}`);
    else out.push(...schemaProblems(outputSchema(where.kind, layout), JSON.parse(JSON.stringify(value)), path).map(formatProblem));
  }
  return out;
}

const snapshots: Array<[string, () => MarketSnapshot]> = [
  ['generated sample', () => generateSample()],
  ['generated sample, market open', () => generateSample({ referenceDate: '2026-11-19T07:00:00Z', seed: 7 })],
  ...realSnapshots().map((s): [string, () => MarketSnapshot] => [
    s.name,
    () => readSnapshot({ layout: s.layout, files: parsed(s.texts), label: s.name }).snapshot!,
  ]),
];

describe('every emitted file matches our published schema', () => {
  for (const [name, make] of snapshots) {
    it(name, () => {
      const m = make();
      for (const layout of ['a', 'b'] as const) expect(problemsOf(m, layout).slice(0, 10)).toEqual([]);
    });
  }

  it('the schemas do reject what is wrong', () => {
    const m = generateSample();
    const rows = JSON.parse(JSON.stringify(layoutFiles(m, 'b').get('exchange_data.json'))) as Array<Record<string, unknown>>;
    rows[3]!.ltp = '12';
    delete rows[4]!.symbol;
    const p = schemaProblems(outputSchema('stocks', 'b'), rows, 'exchange_data.json').map(formatProblem);
    expect(p).toContain('exchange_data.json: 3.ltp: expected number,null, found string');
    expect(p).toContain('exchange_data.json: 4: missing required field "symbol"');
  });
});

/** OpenAPI 3.0's `nullable` as JSON Schema, so ajv can read the upstream's schemas (layout A's repeats a key: the last wins). */
function fromOpenApi30(s: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(s)) return s.map((x) => fromOpenApi30(x, components));
  if (!s || typeof s !== 'object') return s;
  const o = s as Record<string, unknown>;
  if (typeof o.$ref === 'string') return fromOpenApi30(components[o.$ref.split('/').pop()!], components);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== 'nullable' && k !== 'example') out[k] = fromOpenApi30(v, components);
  if (o.nullable && typeof o.type === 'string') out.type = [o.type, 'null'];
  if (o.nullable && Array.isArray(o.enum)) out.enum = [...o.enum, null];
  return out;
}

function upstreamSchemas(file: string): Map<string, unknown> {
  const doc = parse(readFileSync(file, 'utf8'), { uniqueKeys: false }) as {
    paths: Record<string, { get: { responses: { '200': { content: { 'application/json': { schema: unknown } } } } } }>;
    components: { schemas: Record<string, unknown> };
  };
  const out = new Map<string, unknown>();
  for (const [path, op] of Object.entries(doc.paths)) {
    if (path.includes('{')) continue;
    out.set(path.replace(/^\/data\//, ''), fromOpenApi30(op.get.responses['200'].content['application/json'].schema, doc.components.schemas));
  }
  return out;
}

/**
 * Where the contract gives another shape than the real files, we write the contract's (a decision
 * in data-build/market/README.md): layout A's company profiles are columnar. (The summary history
 * is written as the live upstream publishes it: docs/market-contract-notes.md.)
 */
const CONTRACT_SHAPES = new Set(['company/profiles.json']);

describe.skipIf(!hasMarketData)("our files satisfy the upstream's own schemas wherever the real files do", () => {
  for (const snap of realSnapshots().slice(0, 4)) {
    it(snap.name, () => {
      const schemas = upstreamSchemas(snap.layout === 'a' ? join(A_ROOT, 'api/openapi.yaml') : join(MARKET, 'layout-b/openapi.yaml'));
      const source = parsed(snap.texts);
      const m = readSnapshot({ layout: snap.layout, files: source, label: snap.name }).snapshot!;
      const ours = layoutFiles(m, snap.layout);
      let compared = 0;
      for (const [path, schema] of schemas) {
        const real = source.get(path);
        const mine = ours.get(path);
        if (real === undefined || mine === undefined || schemaProblems(schema as object, real, path).length) continue;
        const found = schemaProblems(schema as object, JSON.parse(JSON.stringify(mine)), path).map(formatProblem);
        expect(found).toEqual(CONTRACT_SHAPES.has(path) ? [`${path}: expected array, found object`] : []);
        compared++;
      }
      expect(compared).toBeGreaterThan(8);
    });
  }
});
