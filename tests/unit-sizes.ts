// `npm run checks`' size check (issue 37 item 6): no function over 80 lines and no file over 400 in
// src and data-build, so each unit fits a screen. Functions are found with the TypeScript compiler's
// parser: declarations, function expressions, arrows (components too), methods, accessors and
// constructors, each measured from its first line to its last, nested functions included. A data
// table is let through only when tests/unit-sizes.allow.json names it with a reason; an entry holds
// the length it was allowed at, may not grow, and is reported once it is no longer needed.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const MAX_FUNCTION = 80;
export const MAX_FILE = 400;
export const FOLDERS = ['src', 'data-build'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|js)$/;

/** One unit over its limit: a file (`unit` null) or a function in it. */
export interface Long {
  file: string;
  unit: string | null;
  lines: number;
}
/** An allowed unit: a data table, with the reason it is one. */
export interface Allowed extends Long {
  reason: string;
}

const lineOf = (source: ts.SourceFile, pos: number) => source.getLineAndCharacterOfPosition(pos).line;

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = (n: ts.Node): string | undefined => {
    const name = (n as { name?: ts.Node }).name;
    return name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
  };
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = named(node);
  if (own) return own;
  // An arrow or function expression takes the name of what holds it: `const X = () =>`, `{ x: () => }`,
  // `x = () =>`, or the call it is handed to (`describe(…, () =>`).
  const parent = node.parent;
  const held = parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) ? named(parent) : undefined;
  if (held) return held;
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText(source);
  if (parent && ts.isCallExpression(parent)) return `(function handed to ${parent.expression.getText(source)})`;
  return `(function at line ${lineOf(source, node.getStart(source)) + 1})`;
}

/** The length of every function in a file's text, outermost first. */
export function functionLengths(path: string, text: string): { unit: string; lines: number; line: number }[] {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: { unit: string; lines: number; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
      const first = lineOf(source, node.getStart(source));
      found.push({ unit: nameOf(node, source), lines: lineOf(source, node.getEnd()) - first + 1, line: first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export const fileLength = (text: string) => text.replace(/\n$/, '').split('\n').length;

function* sources(root: string, folder: string): Generator<string> {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(root, path);
    else if (EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Every file and function over its limit under `folders` of `root`. */
export function longUnits(root: string, folders = FOLDERS): Long[] {
  const long: Long[] = [];
  for (const folder of folders)
    for (const path of sources(root, folder)) {
      const text = readFileSync(join(root, path), 'utf8');
      const file = relative(root, join(root, path));
      const lines = fileLength(text);
      if (lines > MAX_FILE) long.push({ file, unit: null, lines });
      for (const f of functionLengths(path, text)) if (f.lines > MAX_FUNCTION) long.push({ file, unit: f.unit, lines: f.lines });
    }
  return long;
}

const describeUnit = (u: Long) => `${u.file}${u.unit ? ` ${u.unit}()` : ''}`;

/** The problems: units over their limit that are not allowed, allowed ones that grew, and entries no longer needed. */
export function sizeProblems(long: Long[], allowed: Allowed[]): string[] {
  const problems: string[] = [];
  const key = (u: Long) => `${u.file}\0${u.unit ?? ''}`;
  const allow = new Map(allowed.map((a) => [key(a), a]));
  const seen = new Set<string>();
  for (const u of long) {
    const a = allow.get(key(u));
    seen.add(key(u));
    const limit = u.unit ? `${MAX_FUNCTION} for a function` : `${MAX_FILE} for a file`;
    if (!a) problems.push(`${describeUnit(u)}: ${u.lines} lines (at most ${limit}); split it along a seam that has a name`);
    else if (u.lines > a.lines) problems.push(`${describeUnit(u)}: ${u.lines} lines, more than the ${a.lines} tests/unit-sizes.allow.json allows`);
  }
  for (const a of allowed) if (!seen.has(key(a))) problems.push(`${describeUnit(a)}: no longer over its limit; remove it from tests/unit-sizes.allow.json`);
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(import.meta.dirname, '..');
  const allowed = JSON.parse(readFileSync(join(root, 'tests/unit-sizes.allow.json'), 'utf8')) as Allowed[];
  const problems = sizeProblems(longUnits(root), allowed);
  for (const p of problems) console.log(p);
  process.exit(problems.length > 0 ? 1 : 0);
}
