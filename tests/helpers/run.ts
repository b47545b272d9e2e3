// Runs the project's own commands as a user would, capturing output and exit code.

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runTs(script: string, args: string[], env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export const dataBuild = (args: string[], env: Record<string, string> = {}) => runTs('data-build/cli.ts', args, env);
export const validate = (args: string[]) => runTs('data-build/validate-cli.ts', args);
