// `npm run validate -- <folder|base URL>`: checks any /api/v1 tree against the contract
// (every file's schema) and cross-file consistency. Exit 0 clean, 1 problems, 2 usage.

import { checkTree } from '../src/core/dictionary/check-tree.ts';
import { DataError, formatProblem, type Problem } from '../src/core/problems.ts';
import { loadTree } from './dictionary/read-tree.ts';
import { locate } from './source.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LIMIT_OPTIONS, LIMIT_USAGE, limitsFromFlags } from './limit-flags.ts';
import { setLimits, startSource } from './limits.ts';
import { parseOrigin } from './fetch/flags.ts';
import { setNetOptions } from './fetch/options.ts';
import { KhojError } from '../src/core/errors.ts';

const MAX_PRINTED = 200;

async function main(args: string[]): Promise<number> {
  const usage = `Usage: npm run validate -- [options] <folder or base URL of an /api/v1 tree>\n\n${LIMIT_USAGE}
  --private-upstream ORIGIN  the tree's host is yours, on a private address (http://127.0.0.1:8080);
                             every other fetch and redirect goes to public hosts only
  --allow-private-hosts      let every fetch reach loopback and private addresses\n`;
  let spec: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: {
        help: { type: 'boolean', short: 'h' },
        'private-upstream': { type: 'string', multiple: true },
        'allow-private-hosts': { type: 'boolean' },
        ...LIMIT_OPTIONS,
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help || positionals.length !== 1) {
      process.stderr.write(usage);
      return 2;
    }
    setLimits(limitsFromFlags(values, (m) => new KhojError('usage', m)));
    setNetOptions({ allowPrivateHosts: !!values['allow-private-hosts'], privateUpstreams: (values['private-upstream'] ?? []).map((v) => parseOrigin(v)) });
    startSource('dictionary');
    spec = positionals[0]!;
  } catch (e) {
    process.stderr.write(`${(e as Error).message ? `${(e as Error).message}\n\n` : ''}${usage}`);
    return 2;
  }
  let loc;
  try {
    loc = await locate(spec);
  } catch (e) {
    if (e instanceof DataError) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (loc.kind === 'dir' && !existsSync(join(loc.href, 'metadata.json')) && existsSync(join(loc.href, 'api/v1/metadata.json'))) {
    loc = { kind: 'dir' as const, href: join(loc.href, 'api/v1') };
  }
  const { files, problems } = await loadTree(loc);
  checkTree(files, (p: Problem) => problems.push(p));
  for (const p of problems.slice(0, MAX_PRINTED)) process.stdout.write(`${formatProblem(p)}\n`);
  if (problems.length > MAX_PRINTED) process.stdout.write(`… and ${problems.length - MAX_PRINTED} more\n`);
  const broken = problems.filter((p) => !p.warning).length;
  process.stderr.write(
    problems.length
      ? `${loc.href}: ${problems.length} problems (${broken} break lookups, ${problems.length - broken} are inconsistencies a rebuild repairs) in ${files.size} files read\n`
      : `${loc.href}: valid — ${files.size} files read, every schema and cross-file reference checked\n`,
  );
  return problems.length ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
