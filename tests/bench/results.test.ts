// bench/RESULTS.md is shared by several scripts: each replaces its own section only.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceSection, writeSection } from '../../bench/results.ts';
import { loadQueries } from '../../bench/compare/search-quality.ts';

describe('bench/RESULTS.md sections', () => {
  it('appends a new section and replaces an existing one, keeping the rest', () => {
    const one = replaceSection('# Results\n\nhand-written notes\n', 'lighthouse', 'old figures');
    const two = replaceSection(one, 'compare', 'ratios');
    const three = replaceSection(two, 'lighthouse', 'new figures');
    expect(three).toBe(
      '# Results\n\nhand-written notes\n\n<!-- lighthouse:start -->\nnew figures\n<!-- lighthouse:end -->\n\n<!-- compare:start -->\nratios\n<!-- compare:end -->\n',
    );
  });

  it('creates the file when missing and writes it whole', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'khoj-results-')), 'RESULTS.md');
    writeSection('compare', 'a', file);
    writeSection('compare', 'b', file);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Benchmark results/);
    expect(text.match(/compare:start/g)).toHaveLength(1);
    expect(text).toContain('<!-- compare:start -->\nb\n<!-- compare:end -->');
    writeFileSync(file, text.replace('<!-- compare:end -->', ''));
    // A section whose end marker was lost is appended anew rather than swallowing the file.
    expect(replaceSection(readFileSync(file, 'utf8'), 'compare', 'c')).toContain('<!-- compare:start -->\nc\n<!-- compare:end -->');
  });
});

describe('bench/compare/queries.json', () => {
  it('holds 200 distinct lookups of every kind, each naming the word wanted', () => {
    const queries = loadQueries();
    expect(queries).toHaveLength(200);
    expect(new Set(queries.map((q) => q.q)).size).toBe(200);
    expect([...new Set(queries.map((q) => q.kind))].sort()).toEqual(['exact', 'misspelling', 'prefix', 'romanised']);
    expect(queries.find((q) => q.q === 'विधालय')?.expect).toBe('विद्यालय');
    for (const q of queries) expect(q.expect.normalize('NFC')).toBe(q.expect);
  });
});
