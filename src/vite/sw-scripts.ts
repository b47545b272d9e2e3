// A script the service worker imports on demand (importScripts), built beside sw.js for the
// worker's own build: an IIFE, minified like the worker, named by a hash of its content. The
// worker learns the name through a define, so a change to the script changes sw.js too and the
// browser installs the new pair together.

import { createHash } from 'node:crypto';
import { build, type Plugin, type Rolldown } from 'vite';

export function workerScript(opts: { entry: string; name: string; define: string; sourcemap?: boolean; alias?: Record<string, string> }): Plugin {
  let code = '';
  let map = '';
  let fileName = '';
  return {
    name: 'khoj-worker-script',
    async config() {
      const out = (await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        // The worker's own substitutions (vite.config.ts), so a script brings what the worker would.
        resolve: { alias: opts.alias ?? {} },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          sourcemap: opts.sourcemap ?? false,
          // The script sets its own global; the IIFE's name (required) is only a valid identifier.
          lib: {
            entry: opts.entry,
            formats: ['iife'],
            name: opts.name.replace(/\W+(\w)/g, (_, c: string) => c.toUpperCase()),
            fileName: () => `${opts.name}.js`,
          },
        },
      })) as Rolldown.RolldownOutput[];
      const chunk = out[0]!.output.find((o): o is Rolldown.OutputChunk => o.type === 'chunk')!;
      const body = chunk.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      fileName = `${opts.name}-${createHash('sha256').update(body).digest('hex').slice(0, 10)}.js`;
      map = opts.sourcemap && chunk.map ? JSON.stringify({ ...chunk.map, file: fileName }) : '';
      code = map ? `${body}//# sourceMappingURL=${fileName}.map\n` : body;
      return { define: { [opts.define]: JSON.stringify(fileName) } };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
      if (map) this.emitFile({ type: 'asset', fileName: `${fileName}.map`, source: map });
    },
  };
}
