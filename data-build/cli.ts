// `npm run data -- [--dictionary SRC] [--out DIR] …`: builds the site-rooted data tree.
// Exit codes: 0 built, 1 bad input (nothing replaced), 2 bad command line.

import { parseArgs } from 'node:util';
import { ODDITY_TEXT } from '../src/core/dictionary/raw.ts';
import { DataError, formatProblem } from '../src/core/problems.ts';
import { buildDictionary, DEFAULT_CHUNK_SIZE, type DictionarySummary } from './dictionary/build.ts';

export const DEFAULT_OUT = 'build/data';

const USAGE = `Usage: npm run data -- [options]

  --dictionary SRC           raw dump (file or URL, plain or gzipped) or an /api/v1 tree
                             (folder, site root holding api/v1, or base URL) to mirror;
                             default: the embedded sample dictionary
  --dictionary-format F      dump | tree (default: guessed from SRC)
  --chunk-size N             entries per chunk (default ${DEFAULT_CHUNK_SIZE}; a mirror keeps its own)
  --generated-at ISO         timestamp written to the files (default: SOURCE_DATE_EPOCH,
                             then a mirrored tree's own, then now)
  --out DIR                  site-rooted output folder (default ${DEFAULT_OUT}); DIR/api/v1 is
                             replaced atomically, and only when the whole build succeeds
  --market SRC, --books SRC  later data sources (not built yet)
  --timing                   print phase timings and peak memory
  --quiet                    print errors only
  -h, --help                 this text`;

function usage(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        dictionary: { type: 'string' },
        'dictionary-format': { type: 'string' },
        'chunk-size': { type: 'string' },
        'generated-at': { type: 'string' },
        out: { type: 'string' },
        market: { type: 'string' },
        books: { type: 'string' },
        timing: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const format = values['dictionary-format'];
  if (format !== undefined && format !== 'dump' && format !== 'tree') usage(`--dictionary-format must be dump or tree, not "${format}"`);
  let chunkSize: number | undefined;
  if (values['chunk-size'] !== undefined) {
    chunkSize = Number(values['chunk-size']);
    if (!/^\d+$/.test(values['chunk-size']) || chunkSize < 1) usage(`--chunk-size must be a positive whole number, not "${values['chunk-size']}"`);
  }
  if (values.market !== undefined || values.books !== undefined) usage('--market and --books are not built yet: only the dictionary is');

  const out = values.out ?? DEFAULT_OUT;
  const say = (s: string) => values.quiet || process.stderr.write(`${s}\n`);
  try {
    const summary = await buildDictionary(
      {
        ...(values.dictionary !== undefined ? { source: values.dictionary } : {}),
        ...(format ? { format } : {}),
        ...(chunkSize !== undefined ? { chunkSize } : {}),
        ...(values['generated-at'] !== undefined ? { generatedAt: values['generated-at'] } : {}),
        ...(process.env.SOURCE_DATE_EPOCH !== undefined ? { sourceDateEpoch: process.env.SOURCE_DATE_EPOCH } : {}),
      },
      out,
    );
    say(describe(summary, out));
    if (values.timing) {
      const peak = Math.round(process.resourceUsage().maxRSS / 1024);
      say(`timing: ${Object.entries(summary.timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}; peak RSS ${peak} MB`);
    }
    return 0;
  } catch (e) {
    if (e instanceof DataError) {
      process.stderr.write(`data-build: bad input, nothing was replaced in ${out}:\n${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

export function describe(s: DictionarySummary, out: string): string {
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

process.exitCode = await main(process.argv.slice(2));
