// bench/RESULTS.md is written by several scripts: each owns one section between its
// markers and keeps everything else in the file as it was.

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS = join(import.meta.dirname, 'RESULTS.md');

const HEADER = '# Benchmark results\n\nWritten by the scripts named in each section; measured on the 2-core development machine.\n';

/** The file's text with the section `name` replaced by (or, if missing, appended as) body. */
export function replaceSection(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) return text.slice(0, i) + block + text.slice(j + end.length);
  return `${text.trimEnd()}\n\n${block}\n`;
}

export function writeSection(name: string, body: string, file = RESULTS): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, replaceSection(text, name, body));
  renameSync(tmp, file);
}
