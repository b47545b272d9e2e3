// The dictionary in the data build: `--dictionary SRC` (a raw dump or an /api/v1 tree) → api/v1.

import { dataSection, oneOf } from '../data-section.ts';
import { buildDictionary, DEFAULT_CHUNK_SIZE, type DictionaryOptions } from './build.ts';
import { describeDictionary } from './describe.ts';
import { correctionUrlProblem } from '../../src/core/dictionary/correction.ts';
import { KhojError } from '../../src/core/errors.ts';

export const dictionaryData = dataSection<DictionaryOptions>({
  id: 'dictionary',
  marker: 'api/v1/metadata.json',
  flags: [
    {
      flag: 'dictionary',
      field: 'source',
      schema: {},
      usage: `  --dictionary SRC           raw dump (file or URL, plain or gzipped) or an /api/v1 tree
                             (folder, site root holding api/v1, or base URL) to mirror;
                             default: the embedded sample dictionary`,
    },
    {
      flag: 'dictionary-format',
      field: 'format',
      schema: { enum: ['dump', 'tree'] },
      usage: '  --dictionary-format F      dump | tree (default: guessed from SRC)',
    },
    {
      flag: 'chunk-size',
      field: 'chunkSize',
      schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      usage: `  --chunk-size N             entries per chunk (default ${DEFAULT_CHUNK_SIZE}; a mirror keeps its own)`,
    },
    {
      flag: 'correction-url',
      field: 'correctionUrl',
      schema: { type: 'string', minLength: 1, pattern: '^https?://.*\\{word\\}' },
      usage: `  --correction-url URL       "suggest a correction" link on each entry, {word} for the word
                             (https://example.org/fix?word={word}); default: none`,
    },
  ],
  options(values, { generatedAt, env }) {
    const o: DictionaryOptions = {};
    if (values.dictionary !== undefined) o.source = values.dictionary;
    const format = oneOf('dictionary-format', values['dictionary-format'], ['dump', 'tree'] as const);
    if (format) o.format = format;
    const size = values['chunk-size'];
    if (size !== undefined) {
      if (!/^\d+$/.test(size) || Number(size) < 1) throw new KhojError('usage', `--chunk-size must be a positive whole number, not "${size}"`);
      o.chunkSize = Number(size);
    }
    const correction = values['correction-url'];
    if (correction !== undefined) {
      const problem = correctionUrlProblem(correction);
      if (problem) throw new KhojError('usage', `--correction-url: ${problem}`);
      o.correctionUrl = correction;
    }
    if (generatedAt !== undefined) o.generatedAt = generatedAt;
    if (env.SOURCE_DATE_EPOCH !== undefined) o.sourceDateEpoch = env.SOURCE_DATE_EPOCH;
    return o;
  },
  async build(options, out, timing) {
    const summary = await buildDictionary(options, out);
    const lines = [describeDictionary(summary, out)];
    if (timing) {
      const peak = Math.round(process.resourceUsage().maxRSS / 1024);
      lines.push(
        `timing: ${Object.entries(summary.timings)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}; peak RSS ${peak} MB`,
      );
    }
    return lines.join('\n');
  },
});
