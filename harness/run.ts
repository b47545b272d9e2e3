// Runs the project's own commands as a user would, capturing output and exit code.
// Asynchronous, so a server in the test process keeps answering meanwhile.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * Test runs get their own download cache (not the checkout's .cache/khoj) and short retry
 * back-offs (the hook KHOJ_RETRY_BASE_MS; Retry-After is still honoured as sent).
 */
const TEST_ENV = { KHOJ_CACHE: join(mkdtempSync(join(tmpdir(), 'khoj-test-cache-')), 'cache'), KHOJ_RETRY_BASE_MS: '20' };

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
      env: { ...process.env, ...TEST_ENV, ...env },
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
