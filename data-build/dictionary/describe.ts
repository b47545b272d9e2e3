// What the dictionary build prints: counts, and the oddities and repairs worth a look.

import { ODDITY_TEXT } from '../../src/core/dictionary/raw.ts';
import { formatProblem } from '../../src/core/problems.ts';
import type { DictionarySummary } from './build.ts';

export function describeDictionary(s: DictionarySummary, out: string): string {
  const lines = [
    `dictionary: ${s.kind} ${s.input} → ${out}/api/v1`,
    `  ${s.stats.entries} entries, ${s.stats.definitionBlocks} definition blocks, ${s.stats.senses} senses, ${s.stats.etymologies} etymologies`,
    `  ${s.letters} letters, ${s.chunks} chunks of ${s.chunkSize}, ${s.files} files, ${(s.bytes / 1e6).toFixed(1)} MB, generatedAt ${s.generatedAt}`,
  ];
  if (s.oddities.counts.size) {
    lines.push('  recoverable oddities (counted, not fatal):');
    for (const [kind, n] of s.oddities.counts) {
      const ex = (s.oddities.examples.get(kind) ?? []).map((r) => `${r.index} "${r.word}"`).join(', ');
      lines.push(`    ${String(n).padStart(6)}  ${ODDITY_TEXT[kind]}${ex ? ` — e.g. entry ${ex}` : ''}`);
    }
  }
  if (s.warnings.length) {
    lines.push(`  the mirrored tree had ${s.warnings.length} repairable inconsistencies, rebuilt away:`);
    for (const w of s.warnings.slice(0, 10)) lines.push(`    ${formatProblem(w)}`);
  }
  return lines.join('\n');
}
