// Runs the project's own commands as a user would, capturing output and exit code.
// Asynchronous, so a server in the test process keeps answering meanwhile.

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node data-build/run.mjs <entry> …`, exactly what `npm run data` and `npm run validate` run. */
export function runEntry(entry: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'data-build/run.mjs'), entry, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => ok({ code: code ?? -1, stdout, stderr }));
  });
}

export const dataBuild = (args: string[], env: Record<string, string> = {}) => runEntry('cli', args, env);
export const validate = (args: string[]) => runEntry('validate-cli', args);
/** `npm run data -- --only dictionary …`: the dictionary tests need no other service. */
export const dictionaryBuild = (args: string[], env: Record<string, string> = {}) => dataBuild(['--only', 'dictionary', ...args], env);
