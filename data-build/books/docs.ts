// docs/: the interface documentation page, Swagger UI from swagger-ui-dist (copied, so it
// works offline and from any static host: no CDN), reading docs/openapi.json beside it.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DataError } from '../../src/core/problems.ts';
import { cspMetaValue } from '../../src/core/http-policy.ts';
import { booksOpenApiJson, booksOpenApiYaml, CREDIT } from './openapi.ts';

const ASSETS: Array<[from: string, to: string]> = [
  ['swagger-ui.css', 'swagger-ui.css'],
  ['swagger-ui-bundle.js', 'swagger-ui-bundle.js'],
  ['swagger-ui-bundle.js.LICENSE.txt', 'swagger-ui-bundle.js.LICENSE.txt'],
  ['LICENSE', 'LICENSE.swagger-ui.txt'],
  ['NOTICE', 'NOTICE.swagger-ui.txt'],
  ['favicon-32x32.png', 'favicon-32x32.png'],
];

function swaggerDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    throw new DataError([{ file: 'swagger-ui-dist', message: 'the swagger-ui-dist package is not installed (npm install)' }]);
  }
}

const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function docsPage(sample: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(cspMetaValue())}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Textbook catalog API · Khoj</title>
<link rel="icon" type="image/png" href="favicon-32x32.png">
<link rel="stylesheet" href="swagger-ui.css">
<link rel="stylesheet" href="docs.css">
</head>
<body>
<header class="khoj-credit">Khoj · textbook catalog API — <strong>${escapeHtml(CREDIT)}</strong> ·
  <a href="../api/books/LICENSE.upstream.txt">LICENSE</a> · <a href="../api/books/NOTICE.upstream.txt">NOTICE</a> ·
  <a href="openapi.json">openapi.json</a> · <a href="openapi.yaml">openapi.yaml</a></header>
${sample ? '<p class="khoj-sample">This build serves the embedded <strong>sample</strong> catalog, written by the Khoj team to show the format: not real book records.</p>\n' : ''}<div id="swagger-ui"><noscript><p class="khoj-noscript">The interactive view needs JavaScript; the description itself is <a href="openapi.json">openapi.json</a>.</p></noscript></div>
<script src="swagger-ui-bundle.js"></script>
<script src="docs.js"></script>
</body>
</html>
`;
}

// The page's own styles: a file, not a <style> element, so the site's CSP needs no 'unsafe-inline'.
const CSS = `body { margin: 0; font-family: system-ui, sans-serif; }
.khoj-credit { padding: .6rem 1rem; background: #1d4e89; color: #fff; font-size: .9rem; }
.khoj-credit a { color: #fff; }
.khoj-sample { background: #fff4ce; color: #3d2f00; padding: .4rem 1rem; font-size: .85rem; }
.khoj-noscript { padding: 1rem; }
`;

// validatorUrl null: the default badge would fetch from validator.swagger.io. The server is
// set to this site's root as an absolute URL: Swagger UI does not resolve the relative ".."
// of openapi.json against the document's location, and the site may live under a sub-path.
const INIT = `window.addEventListener('load', function () {
  var root = new URL('..', window.location.href).href.replace(/\\/$/, '');
  fetch('openapi.json')
    .then(function (r) { return r.json(); })
    .then(function (spec) {
      spec.servers = [{ url: root, description: 'this site' }];
      window.ui = SwaggerUIBundle({
        spec: spec,
        dom_id: '#swagger-ui',
        deepLinking: true,
        validatorUrl: null,
        presets: [SwaggerUIBundle.presets.apis],
        layout: 'BaseLayout',
      });
    });
});
`;

/** The files of docs/ (relative to it). */
export function docsFiles(sample: boolean): Map<string, string | Uint8Array> {
  const dir = swaggerDir();
  const files = new Map<string, string | Uint8Array>();
  files.set('index.html', docsPage(sample));
  files.set('docs.js', INIT);
  files.set('docs.css', CSS);
  for (const [from, to] of ASSETS) {
    const bytes = readFileSync(join(dir, from));
    // The source maps are not shipped: drop the comments that point at them (a script's `//#`, a style's `/*#  */`).
    const text = () => bytes.toString('utf8');
    files.set(
      to,
      from.endsWith('.js')
        ? text().replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n')
        : from.endsWith('.css')
          ? text().replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
          : bytes,
    );
  }
  files.set('openapi.json', booksOpenApiJson());
  files.set('openapi.yaml', booksOpenApiYaml());
  return files;
}
