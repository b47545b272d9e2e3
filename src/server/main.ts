// `npm start`: serves the built app and data from dist/ on http://localhost:4173
// (PORT and HOST change it).

import { existsSync } from 'node:fs';
import { khojServer } from './server.ts';

const root = process.env.KHOJ_DIST ?? 'dist';
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? 'localhost';

if (!existsSync(root)) {
  process.stderr.write(`no ${root}/ folder: run "npm run build" first\n`);
  process.exit(1);
}
khojServer(root).listen(port, host, () => {
  process.stdout.write(`Khoj is serving ${root}/ on http://${host}:${port}/\n`);
});
