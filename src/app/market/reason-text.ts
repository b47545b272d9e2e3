// A refresh problem (core/market/refresh-problem.ts) in the reader's language: the sentence by its
// code from the section's strings, and under "details" what was said beyond it, as it was said.

import type { RefreshProblem } from '../../core/market/refresh-problem.ts';
import { formatProblem } from '../../core/problems.ts';
import type { MarketStrings } from './strings.ts';

export const reasonText = (s: MarketStrings, p: RefreshProblem | undefined): string => s.reasons[p?.code ?? 'other'](p?.status ?? 0);

/** The browser's or the storage's words, or the validators' problems (file, record, field); empty when nothing. */
export function reasonDetail(p: RefreshProblem | undefined): string {
  if (!p) return '';
  if (p.problems?.length) return p.problems.map(formatProblem).join('; ') + (p.more ? ` (+${p.more})` : '');
  if (p.code === 'too-large' && p.limit !== undefined) return `${p.limit} B`;
  return p.said ?? '';
}
