// `npm run data -- [--dictionary SRC] [--books SRC] [--market SRC] [--out DIR] …`: builds the
// site-rooted data tree. Exit codes: 0 built, 1 bad input (that service's files kept), 2 bad command line.

import { parseArgs } from 'node:util';
import { DataError } from '../src/core/problems.ts';
import { DATA_SECTIONS } from './sections.ts';
import { NET_FLAGS, NET_USAGE, netOptionsFrom, type NetValues } from './fetch/flags.ts';
import { type NetOptions, setNetOptions } from './fetch/options.ts';
import { describeStats, startStats, takeStats } from './fetch/progress.ts';
import { loadProfile, type OptionValues, overlay } from './sources/profile.ts';
import { realBuild, writeServiceStamp } from './sources/stamp.ts';
import { LIMIT_OPTIONS, LIMIT_USAGE, limitsFromFlags } from './limit-flags.ts';
import { endSource, type Limits, setLimits, startSource } from './limits.ts';
import { KhojError } from '../src/core/errors.ts';

export const DEFAULT_OUT = 'build/data';
const SERVICES = DATA_SECTIONS.map((s) => s.id);
type Service = (typeof SERVICES)[number];

const USAGE = `Usage: npm run data -- [options]

${DATA_SECTIONS.flatMap((s) => s.flags.map((f) => f.usage)).join('\n')}
  --generated-at ISO         timestamp written to the files (default: SOURCE_DATE_EPOCH,
                             then a mirrored tree's own, then now; the market sample's instant)
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
  /** each section's build options */
  options: Record<Service, { source?: string }>;
  limits: Partial<Limits>;
  timing: boolean;
  quiet: boolean;
}

export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = {}): CommandLine | 'help' {
  let cli;
  try {
    ({ values: cli } = parseArgs({
      args: argv,
      options: {
        ...NET_FLAGS,
        sources: { type: 'string' },
        ...Object.fromEntries(DATA_SECTIONS.flatMap((s) => s.flags.map((f) => [f.flag, { type: 'string' as const }]))),
        'generated-at': { type: 'string' },
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
    throw new KhojError('usage', (e as Error).message);
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
    throw new KhojError('usage', (e as Error).message);
  }
  const generatedAt = values['generated-at'];
  if (generatedAt !== undefined && Number.isNaN(Date.parse(generatedAt)))
    throw new KhojError('usage', `--generated-at must be an ISO 8601 date-time, not "${generatedAt}"`);
  const flagValues = values as Record<string, string | undefined>;
  const options = {} as CommandLine['options'];
  // A section's bad flag value is its KhojError 'usage', as the command line's own.
  for (const s of DATA_SECTIONS) options[s.id] = s.options(flagValues, { ...(generatedAt !== undefined ? { generatedAt } : {}), env });
  const only = new Set<Service>();
  for (const s of values.only?.split(',').map((x) => x.trim()) ?? SERVICES) {
    if (!(SERVICES as readonly string[]).includes(s)) throw new KhojError('usage', `--only takes ${SERVICES.join(', ')}, not "${s}"`);
    only.add(s as Service);
  }
  const limits = limitsFromFlags(values, (m) => new KhojError('usage', m));
  const chosen = profile !== undefined || SERVICES.some((id) => (cli as Record<string, unknown>)[id] !== undefined);
  const out: CommandLine = { out: values.out ?? DEFAULT_OUT, chosen, net, only, options, limits, timing: !!values.timing, quiet: !!values.quiet };
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
    if (!KhojError.is(e, 'usage')) throw e;
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
  for (const section of DATA_SECTIONS) {
    const service = section.id;
    if (!cl.only.has(service)) continue;
    // `npm start` with no sources chosen serves a real build as it is.
    const real = cl.chosen ? undefined : realBuild(cl.out, service, section.marker);
    if (real) {
      say(`${service}: kept the build in ${cl.out} from ${real.profile ?? real.source} (${real.builtAt}); no sources chosen (--sources sample replaces it)`);
      continue;
    }
    startStats(cl.quiet ? undefined : service);
    startSource(service);
    try {
      say(await section.build(cl.options[service], cl.out, cl.timing));
      const source = cl.options[service].source ?? null;
      writeServiceStamp(cl.out, service, { ...(cl.profile ? { profile: cl.profile } : {}), source, builtAt: new Date().toISOString() });
      const fetched = describeStats(service, takeStats());
      if (fetched) say(fetched);
    } catch (e) {
      const fetched = describeStats(service, takeStats());
      if (fetched) say(fetched);
      if (!(e instanceof DataError)) throw e;
      process.stderr.write(`data-build: bad ${service} input, nothing was replaced in ${cl.out}:\n${e.message}\n`);
      failed++;
    } finally {
      endSource();
    }
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
