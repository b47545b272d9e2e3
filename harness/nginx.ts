// Debian's nginx on a loopback port, unprivileged workers, a temporary prefix (pid, logs,
// temp folders), serving a folder with deploy/nginx's configuration (or the locations for a
// sub-path, generated from the same policy).

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nginxLocations } from '../src/vite/deploy-config.ts';
import { closedPort } from './http.ts';
import { BROTLI_MODULE, NGINX, toolMissing } from './tools.mjs';

const COMMITTED = resolve(import.meta.dirname, '../deploy/nginx/khoj.conf');

export { NGINX };

/** Why nginx cannot run here, or undefined when it can (the gate is haveTool in harness/tools.mjs). */
export const nginxMissing = (): string | undefined => toolMissing('nginx');

export interface Nginx {
  url: string;
  /** the nginx.conf it runs with */
  conf: string;
  close: () => Promise<void>;
}

function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  return new Promise((ok, fail) => {
    const started = Date.now();
    const attempt = () => {
      if (child.exitCode !== null) return fail(new Error(`nginx exited (${child.exitCode}): ${existsSync(log) ? readFileSync(log, 'utf8') : ''}`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        ok();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() - started > 15_000) fail(new Error(`nginx did not listen on ${port} in 15 s`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * nginx serving `root` (a folder holding the site at `prefix`): "/" uses the committed
 * deploy/nginx/khoj.conf as it is; another prefix its generated locations.
 */
export async function startNginx(root: string, prefix = '/'): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'khoj-nginx-'));
  // Workers run as nobody: they must reach the site and the prefix.
  chmodSync(dir, 0o755);
  const locations = prefix === '/' ? COMMITTED : join(dir, 'khoj.conf');
  if (prefix !== '/') writeFileSync(locations, nginxLocations(prefix));
  const log = join(dir, 'error.log');
  for (let attempt = 0; ; attempt++) {
    const port = await closedPort();
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `load_module ${BROTLI_MODULE};
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${log} warn;
${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
events { worker_connections 512; }
http {
    access_log off;
    sendfile on;
    # Load runs (npm run bench serve) keep their connections: the default 1000 requests per
    # connection would close them mid-run, which the load generator counts as errors.
    keepalive_requests 1000000;
    client_body_temp_path ${join(dir, 'body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    server {
        listen 127.0.0.1:${port};
        root ${resolve(root)};
        index index.html;
        include ${locations};
    }
}
`,
    );
    const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', log], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    try {
      await waitForPort(port, child, log);
    } catch (e) {
      child.kill('SIGKILL');
      // Another process took the port between our check and nginx's bind: try another.
      if (attempt < 3 && /Address already in use/.test(stderr + (existsSync(log) ? readFileSync(log, 'utf8') : ''))) continue;
      throw new Error(`${(e as Error).message}\n${stderr}`, { cause: e });
    }
    return {
      url: `http://127.0.0.1:${port}`,
      conf,
      close: () =>
        new Promise<void>((ok) => {
          if (child.exitCode !== null) return ok();
          child.once('exit', () => {
            rmSync(dir, { recursive: true, force: true });
            ok();
          });
          child.kill('SIGTERM');
        }),
    };
  }
}

/** `nginx -t` on a configuration: [ok, output]. */
export function nginxTest(conf: string): [boolean, string] {
  const r = spawnSync(NGINX, ['-t', '-p', resolve(conf, '..'), '-c', conf, '-e', join(resolve(conf, '..'), 'error.log')], { encoding: 'utf8' });
  return [r.status === 0, r.stderr];
}
