// `npm run data -- [--dictionary SRC] [--books SRC] [--market SRC] [--out DIR] …`: builds the
// site-rooted data tree. Exit codes: 0 built, 1 bad input (that service's files kept), 2 bad command line.

import { parseArgs } from 'node:util';
import { ODDITY_TEXT } from '../src/core/dictionary/raw.ts';
import { DataError, formatProblem } from '../src/core/problems.ts';
import { type BooksOptions, buildBooks } from './books/build.ts';
import { buildDictionary, DEFAULT_CHUNK_SIZE, type DictionaryOptions, type DictionarySummary } from './dictionary/build.ts';
import { buildMarket, type MarketOptions } from './market/build.ts';
import { NET_FLAGS, NET_USAGE, netOptionsFrom, type NetValues } from './fetch/flags.ts';
import { type NetOptions, setNetOptions } from './fetch/options.ts';
import { describeStats, startStats, takeStats } from './fetch/progress.ts';
import { loadProfile, type OptionValues, overlay } from './sources/profile.ts';
import { realBuild, writeServiceStamp } from './sources/stamp.ts';
import { LIMIT_OPTIONS, LIMIT_USAGE, limitsFromFlags } from './limit-flags.ts';
import { type Limits, setLimits } from './limits.ts';

export const DEFAULT_OUT = 'build/data';
const SERVICES = ['dictionary', 'books', 'market'] as const;
type Service = (typeof SERVICES)[number];
/** A file each service's build always writes: its output is there. */
const MARKERS: Record<Service, string> = { dictionary: 'api/v1/metadata.json', books: 'api/books/catalog.json', market: 'data' };

const USAGE = `Usage: npm run data -- [options]

  --dictionary SRC           raw dump (file or URL, plain or gzipped) or an /api/v1 tree
                             (folder, site root holding api/v1, or base URL) to mirror;
                             default: the embedded sample dictionary
  --dictionary-format F      dump | tree (default: guessed from SRC)
  --chunk-size N             entries per chunk (default ${DEFAULT_CHUNK_SIZE}; a mirror keeps its own)
  --generated-at ISO         timestamp written to the files (default: SOURCE_DATE_EPOCH,
                             then a mirrored tree's own, then now)
  --books SRC                textbook source files (folder, file or URL) or a live YoBook
                             API (https://host); default: the embedded sample catalog
  --books-pdfs auto|local|none  where PDFs for covers may come from (default auto;
                             $KHOJ_BOOKS_PDFS)
  --market SRC               market snapshot folder or base URL, layout A or B
                             (default: the generated sample snapshot)
  --market-layout a|b        the snapshot's layout (default: detected)
  --only LIST                build only these, comma-separated: ${SERVICES.join(',')}
  --out DIR                  site-rooted output folder (default ${DEFAULT_OUT}); each service's
                             subtree is replaced atomically, only when its build succeeds
${NET_USAGE}
${LIMIT_USAGE}
  --timing                   print phase timings and peak memory
  --quiet                    print errors only
  -h, --help                 this text`;

interface CommandLine {
  out: string;
  /** the profile used (--sources or $KHOJ_SOURCES), if any */
  profile?: string;
  /** a source was chosen (profile or per-service flag): a sample build may replace a real one */
  chosen: boolean;
  net: NetOptions;
  only: Set<Service>;
  dictionary: DictionaryOptions;
  books: BooksOptions;
  market: MarketOptions;
  limits: Partial<Limits>;
  timing: boolean;
  quiet: boolean;
}

class UsageError extends Error {}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = {}): CommandLine | 'help' {
  let cli;
  try {
    ({ values: cli } = parseArgs({
      args: argv,
      options: {
        ...NET_FLAGS,
        sources: { type: 'string' },
        'books-pdfs': { type: 'string' },
        dictionary: { type: 'string' },
        'dictionary-format': { type: 'string' },
        'chunk-size': { type: 'string' },
        'generated-at': { type: 'string' },
        books: { type: 'string' },
        market: { type: 'string' },
        'market-layout': { type: 'string' },
        only: { type: 'string' },
        out: { type: 'string' },
        timing: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        ...LIMIT_OPTIONS,
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (cli.help) return 'help';
  // A profile's values lie under the command line's: a flag given here wins.
  const profileSpec = cli.sources ?? (env.KHOJ_SOURCES || undefined);
  const profile = profileSpec === undefined ? undefined : loadProfile(profileSpec);
  const values = overlay(profile?.values ?? {}, cli as OptionValues) as typeof cli;
  let net: NetOptions;
  try {
    net = netOptionsFrom(values as NetValues, env);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const dictionary: DictionaryOptions = {};
  if (values.dictionary !== undefined) dictionary.source = values.dictionary;
  const format = values['dictionary-format'];
  if (format !== undefined) {
    if (format !== 'dump' && format !== 'tree') throw new UsageError(`--dictionary-format must be dump or tree, not "${format}"`);
    dictionary.format = format;
  }
  const size = values['chunk-size'];
  if (size !== undefined) {
    if (!/^\d+$/.test(size) || Number(size) < 1) throw new UsageError(`--chunk-size must be a positive whole number, not "${size}"`);
    dictionary.chunkSize = Number(size);
  }
  if (values['generated-at'] !== undefined) dictionary.generatedAt = values['generated-at'];
  if (env.SOURCE_DATE_EPOCH !== undefined) dictionary.sourceDateEpoch = env.SOURCE_DATE_EPOCH;

  const books: BooksOptions = values.books !== undefined ? { source: values.books } : {};
  const pdfs = values['books-pdfs'];
  if (pdfs !== undefined) {
    if (pdfs !== 'auto' && pdfs !== 'local' && pdfs !== 'none') throw new UsageError(`--books-pdfs must be auto, local or none, not "${pdfs}"`);
    books.pdfs = pdfs;
  }
  const market: MarketOptions = values.market !== undefined ? { source: values.market } : {};
  const layout = values['market-layout'];
  if (layout !== undefined) {
    if (layout !== 'a' && layout !== 'b') throw new UsageError(`--market-layout must be a or b, not "${layout}"`);
    market.layout = layout;
  }
  const only = new Set<Service>();
  for (const s of values.only?.split(',').map((x) => x.trim()) ?? SERVICES) {
    if (!(SERVICES as readonly string[]).includes(s)) throw new UsageError(`--only takes ${SERVICES.join(', ')}, not "${s}"`);
    only.add(s as Service);
  }
  const limits = limitsFromFlags(values, (m) => new UsageError(m));
  const chosen = profile !== undefined || [cli.dictionary, cli.books, cli.market].some((v) => v !== undefined);
  const out: CommandLine = { out: values.out ?? DEFAULT_OUT, chosen, net, only, dictionary, books, market, limits, timing: !!values.timing, quiet: !!values.quiet };
  if (profile) out.profile = profile.name;
  return out;
}

async function main(argv: string[]): Promise<number> {
  let cl;
  try {
    cl = parseCommandLine(argv, process.env);
  } catch (e) {
    if (e instanceof DataError) {
      process.stderr.write(`data-build: bad sources profile:\n${e.message}\n`);
      return 2;
    }
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (cl === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  setLimits(cl.limits);
  const say = (s: string) => cl.quiet || process.stderr.write(`${s}\n`);
  let failed = 0;
  // Each service's subtree is swapped in on its own: a failure keeps that service's old files.
  setNetOptions(cl.net);
  for (const service of SERVICES) {
    if (!cl.only.has(service)) continue;
    // `npm start` with no sources chosen serves a real build as it is.
    const real = cl.chosen ? undefined : realBuild(cl.out, service, MARKERS[service]);
    if (real) {
      say(`${service}: kept the build in ${cl.out} from ${real.profile ?? real.source} (${real.builtAt}); no sources chosen (--sources sample replaces it)`);
      continue;
    }
    startStats(cl.quiet ? undefined : service);
    try {
      if (service === 'dictionary') {
        const summary = await buildDictionary(cl.dictionary, cl.out);
        say(describe(summary, cl.out));
        if (cl.timing) {
          const peak = Math.round(process.resourceUsage().maxRSS / 1024);
          say(`timing: ${Object.entries(summary.timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}; peak RSS ${peak} MB`);
        }
      } else if (service === 'books') say(await buildBooks(cl.books, cl.out));
      else say(await buildMarket(cl.market, cl.out));
      const source = cl[service].source ?? null;
      writeServiceStamp(cl.out, service, { ...(cl.profile ? { profile: cl.profile } : {}), source, builtAt: new Date().toISOString() });
      const fetched = describeStats(service, takeStats());
      if (fetched) say(fetched);
    } catch (e) {
      const fetched = describeStats(service, takeStats());
      if (fetched) say(fetched);
      if (!(e instanceof DataError)) throw e;
      process.stderr.write(`data-build: bad ${service} input, nothing was replaced in ${cl.out}:\n${e.message}\n`);
      failed++;
    }
  }
  return failed ? 1 : 0;
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
