// Reads the catalog's per-source files (folder, single file or base URL, plain or gzipped)
// through source.ts, checks every record against the input schema and normalises it.
// Structural problems are fatal and name the file, the record and the field; oddities
// the normaliser can repair are counted.

import { readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { type GradewiseAudio, readGradewiseAudio } from '../../src/core/books/gradewise-audio.ts';
import { normaliseRecord, type NormalisedRecord, type Oddity, unknownFields, urlOddity } from '../../src/core/books/normalise.ts';
import { inputRecordSchema } from '../../src/core/books/schemas.ts';
import { KNOWN_SOURCES, MERGED_FILE, sourceOfFile } from '../../src/core/books/sources.ts';
import { DataError, type Problem, ProblemList } from '../../src/core/problems.ts';
import { publishUrls } from '../../src/core/url-policy.ts';
import { schemaProblems } from '../schema.ts';
import { child, isUrl, type Location, locate, parseJson, readText } from '../source.ts';
import { probeYoBook, readYoBook, type YoBookRead } from './read-yobook.ts';

export interface FileRead {
  /** path or URL */
  href: string;
  /** the source its name stands for, if any */
  source?: string;
  records: number;
}

export interface SourcesRead {
  kind: 'sample' | 'folder' | 'file' | 'api';
  /** what a YoBook API answered (kind "api") */
  api?: YoBookRead;
  label: string;
  files: FileRead[];
  /** per-source file names looked for and not found (folder and URL inputs) */
  missing: string[];
  records: NormalisedRecord[];
  oddities: OddityTally;
  /** fields we do not know: count and an example record */
  drift: DriftTally;
  /** the catalog helpers, when the source has them */
  helpers: Helpers;
}

export interface Helpers {
  /** gradewise_audio_links.json (or /api/gradewise-audio) */
  gradewiseAudio?: GradewiseAudio;
  /** TU research records as published: tu_reports.json, tucl_thesis_dissertations.json, records of source "tu", /api/research */
  research: Array<Record<string, unknown>>;
  /** where they were read */
  read: string[];
}

/** Fields no one told us about, so the next upstream change is seen the day it ships. */
export class DriftTally {
  readonly fields = new Map<string, { count: number; example: string }>();
  add(field: string, where: string): void {
    const f = this.fields.get(field);
    if (f) f.count++;
    else this.fields.set(field, { count: 1, example: where });
  }
}

/** The upstream's catalog helpers: not lists of books (README of ../shared/data/books/current). */
export const HELPER_FILES = {
  gradewiseAudio: 'gradewise_audio_links.json',
  research: ['tu_reports.json', 'tucl_thesis_dissertations.json'],
  /** ids the upstream drops from the catalog */
  excluded: 'pustakalaya_duplicates.json',
} as const;
const HELPER_NAMES = new Set<string>([HELPER_FILES.gradewiseAudio, ...HELPER_FILES.research, HELPER_FILES.excluded]);

/** Recoverable oddities: count and a few examples (file, index, id) per kind. */
export class OddityTally {
  readonly counts = new Map<Oddity, number>();
  readonly examples = new Map<Oddity, string[]>();
  add(kind: Oddity, where: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    const list = this.examples.get(kind) ?? [];
    if (list.length < 2) list.push(where);
    this.examples.set(kind, list);
  }
}

const PER_SOURCE_FILES = KNOWN_SOURCES.map((s) => s.file);

/** `undefined` reads the folder `sampleDir` (the embedded sample). */
export async function readSources(spec: string | undefined, sampleDir: string): Promise<SourcesRead> {
  const oddities = new OddityTally();
  const drift = new DriftTally();
  const helpers: Helpers = { research: [], read: [] };
  const problems = new ProblemList(50);
  const tallies = { oddities, drift, helpers };
  if (spec === undefined) {
    const base: Location = { kind: 'dir', href: sampleDir };
    const found = await probe(base);
    return { kind: 'sample', label: sampleDir, ...(await readFiles(found.present, tallies, problems)), missing: found.missing, ...tallies };
  }
  const loc = await locate(spec);
  const single = loc.kind === 'file' || (loc.kind === 'url' && /\.(json|gz)(\?.*)?$/i.test(loc.href));
  if (single) return { kind: 'file', label: loc.href, ...(await readFiles([loc], tallies, problems)), missing: [], ...tallies };
  const first = await probeYoBook(loc);
  if (first && !(first instanceof DataError)) {
    const api = await readYoBook(loc, first);
    // /api/textbooks and /api/teacher-guides repeat records of /api/books: each id is read once.
    const seen = new Set<string>();
    const lists = api.pages.map((p) => ({
      href: p.href,
      list: p.records.filter((r) => {
        const id = (r as { id?: unknown } | null)?.id;
        if (typeof id !== 'string') return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
    }));
    const read = checkLists(lists, tallies, problems);
    problems.throwIfAny();
    if (api.gradewiseAudio !== undefined) {
      const href = `${loc.href.replace(/\/$/, '')}/api/gradewise-audio`;
      const audio = readGradewiseAudio(helperUrls(api.gradewiseAudio, href, oddities));
      if (audio) helpers.gradewiseAudio = audio;
      helpers.read.push(`${loc.href.replace(/\/$/, '')}/api/gradewise-audio`);
    }
    if (api.research) {
      const href = `${loc.href.replace(/\/$/, '')}/api/research`;
      helpers.research.push(...researchRecords(api.research, href, oddities));
      helpers.read.push(`${loc.href.replace(/\/$/, '')}/api/research`);
    }
    return { kind: 'api', label: loc.href, api, ...read, missing: [], ...tallies };
  }
  const found = await probe(loc);
  if (!found.present.length) {
    // Neither files nor an API answered: an API that is down says more than "no files".
    if (first instanceof DataError) throw first;
    throw new DataError([{ file: loc.href, message: `no catalog files found: looked for ${[...PER_SOURCE_FILES, MERGED_FILE].join(', ')}` }]);
  }
  return { kind: 'folder', label: loc.href, ...(await readFiles(found.present, tallies, problems)), missing: found.missing, ...tallies };
}

/** Which per-source files a folder or base URL holds (the merged all_books.json only when there are none). */
async function probe(base: Location): Promise<{ present: Location[]; missing: string[] }> {
  const present: Location[] = [];
  const missing: string[] = [];
  if (base.kind === 'dir') {
    // A local folder: every JSON file in it, as the upstream reads its data/ folder (sorted,
    // sub-folders too), the helpers included; the merged file only when nothing else is there.
    const names = (await readdir(base.href, { recursive: true, withFileTypes: true }))
      // Any entry with a catalog file's name, not only plain files: a folder or a link in that
      // place is then refused by name when read, never a source quietly left out.
      .filter((d) => /\.json(\.gz)?$/i.test(d.name) && !d.name.startsWith('.'))
      .map((d) => relative(base.href, join(d.parentPath, d.name)).split(sep).join('/'))
      .sort();
    const base1 = (n: string) => n.replace(/^.*\//, '');
    // The known per-source files first, in merge priority (as for a base URL), then the others.
    const rank = (n: string) => {
      const i = PER_SOURCE_FILES.indexOf(base1(n));
      return i < 0 ? PER_SOURCE_FILES.length : i;
    };
    names.sort((a, b) => rank(a) - rank(b));
    for (const n of names) if (base1(n) !== MERGED_FILE) present.push(child(base, n));
    for (const name of PER_SOURCE_FILES) if (!names.some((n) => base1(n) === name)) missing.push(name);
    if (!present.some((l) => !HELPER_NAMES.has(base1(l.href)))) {
      const merged = names.find((n) => base1(n) === MERGED_FILE);
      if (merged) present.push(child(base, merged));
    }
    if (present.every((l) => HELPER_NAMES.has(base1(l.href)))) return { present: [], missing };
    return { present, missing };
  }
  for (const name of PER_SOURCE_FILES) {
    const loc = child(base, name);
    if (await exists(loc)) present.push(loc);
    else missing.push(name);
  }
  if (!present.length) {
    const merged = child(base, MERGED_FILE);
    if (await exists(merged)) present.push(merged);
  }
  return { present, missing };
}

const cache = new Map<string, string>();

/** Something exists at a local path; a URL answers (404/410 mean absent, any other failure is fatal). The text is kept for the read. */
async function exists(loc: Location): Promise<boolean> {
  if (loc.kind !== 'url') {
    // Anything there counts as present: a folder (or a link out of the source folder) in a
    // source file's place is then an error when read, never a source quietly left out.
    try {
      await locate(loc.href);
      return true;
    } catch {
      return false;
    }
  }
  try {
    cache.set(loc.href, await readText(loc));
    return true;
  } catch (e) {
    if (e instanceof DataError && /^HTTP 40[34]|^HTTP 410/.test(e.problems[0]?.message ?? '')) return false;
    throw e;
  }
}

interface Tallies {
  oddities: OddityTally;
  drift: DriftTally;
  helpers: Helpers;
}

async function readFiles(locs: Location[], tallies: Tallies, problems: ProblemList): Promise<{ files: FileRead[]; records: NormalisedRecord[] }> {
  const lists: Array<{ href: string; list: unknown[] }> = [];
  let excluded = new Set<string>();
  for (const loc of locs) {
    const text = cache.get(loc.href) ?? (await readText(loc));
    cache.delete(loc.href);
    const name = loc.href.replace(/^.*[\\/]/, '');
    const data = parseJson(text, loc.href);
    if (name === HELPER_FILES.gradewiseAudio) {
      const audio = readGradewiseAudio(helperUrls(data, loc.href, tallies.oddities));
      if (!audio)
        throw new DataError([{ file: loc.href, message: 'expected {"grades": [{grade, subjects: [{subject, chapters: […]}]}]} (or a list of grades)' }]);
      tallies.helpers.gradewiseAudio = audio;
      tallies.helpers.read.push(loc.href);
    } else if ((HELPER_FILES.research as readonly string[]).includes(name)) {
      tallies.helpers.research.push(...researchRecords(recordsOf(data, loc.href), loc.href, tallies.oddities));
      tallies.helpers.read.push(loc.href);
    } else if (name === HELPER_FILES.excluded) {
      excluded = new Set(recordsOf(data, loc.href).filter((x): x is string => typeof x === 'string'));
      tallies.helpers.read.push(loc.href);
    } else lists.push({ href: loc.href, list: recordsOf(data, loc.href) });
  }
  if (excluded.size) for (const l of lists) l.list = l.list.filter((r) => !excluded.has((r as { id?: unknown } | null)?.id as string));
  const read = checkLists(lists, tallies, problems);
  problems.throwIfAny();
  return read;
}

/** Checks and normalises the records of each file (or API page); problems are collected, not thrown. */
function checkLists(
  lists: Array<{ href: string; list: unknown[] }>,
  tallies: Tallies,
  problems: ProblemList,
): { files: FileRead[]; records: NormalisedRecord[] } {
  const { oddities, drift, helpers } = tallies;
  const files: FileRead[] = [];
  const records: NormalisedRecord[] = [];
  for (const { href, list } of lists) {
    const loc = { href };
    const fileSource = isUrl(href) && /\/api\/[\w-]+\?/.test(href) ? undefined : sourceOfFile(href);
    const read: FileRead = { href: loc.href, records: list.length };
    if (fileSource) read.source = fileSource;
    files.push(read);
    list.forEach((raw, index) => {
      const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : undefined;
      const ref = id === undefined ? { index } : { index, word: id };
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        problems.add({ file: loc.href, record: ref, message: `expected a book record (an object), found ${describe(raw)}` });
        return;
      }
      // Only a record without a usable id or title is refused: any other odd value is counted and kept.
      const found = recordProblems(schemaProblems(inputRecordSchema, raw, loc.href), raw as Record<string, unknown>, ref);
      for (const p of found) problems.add(p);
      if (found.length) return;
      const rec = raw as Record<string, unknown>;
      const where = `${loc.href}: entry ${index}${id === undefined ? '' : ` "${id}"`}`;
      for (const field of unknownFields(rec)) drift.add(field, where);
      // The upstream serves TU research only through /api/research, never as books.
      if (rec.source === 'tu') {
        helpers.research.push(...researchRecords([rec], loc.href, oddities, index));
        return;
      }
      const ctx = fileSource ? { file: loc.href, index, fileSource } : { file: loc.href, index };
      records.push(normaliseRecord(rec, ctx, (kind) => oddities.add(kind, where)));
    });
  }
  return { files, records };
}

/** A catalog helper with every URL in it through the URL policy (core/url-policy.ts); what is dropped is counted. */
function helperUrls<T>(value: T, href: string, oddities: OddityTally): T {
  return publishUrls(value, (why, path) => oddities.add(urlOddity(why), `${href}: ${path}`));
}

/** The research records (objects) of a list, each with its URLs through the URL policy. */
function researchRecords(list: readonly unknown[], href: string, oddities: OddityTally, first = 0): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  list.forEach((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return;
    const id = (r as { id?: unknown }).id;
    const where = `${href}: entry ${first + i}${typeof id === 'string' ? ` "${id}"` : ''}`;
    out.push(publishUrls(r as Record<string, unknown>, (why, path) => oddities.add(urlOddity(why), `${where}: ${path}`)));
  });
  return out;
}

/** A per-source file is an array of records; the upstream API envelope {"data": […]} and {"books": […]} are accepted too. */
function recordsOf(data: unknown, file: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    for (const key of ['data', 'books']) {
      const inner = (data as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return inner;
    }
  }
  throw new DataError([{ file, message: `expected an array of book records (or {"data": […]}), found ${describe(data)}` }]);
}

/** One problem per field, in words: ajv reports an anyOf failure once per alternative. */
function recordProblems(found: Problem[], raw: Record<string, unknown>, record: { index: number; word?: string }): Problem[] {
  const byPath = new Map<string, Problem>();
  for (const p of found) {
    const path = p.path ?? '';
    if (byPath.has(path)) continue;
    const field = path.split(/[.[]/)[0]!;
    const allowed = ANY_OF_TEXT[path];
    let message = allowed ? `${allowed}, found ${describe(raw[field])}` : p.message;
    message = message
      .replace(/^expected string,null\b/, 'expected a string or null')
      .replace(/^expected integer,null\b/, 'expected a whole number or null')
      .replace(/^expected string\b/, 'expected a string')
      .replace(/^must match pattern "\\S"$/, 'is blank');
    const out: Problem = { file: p.file, record, message };
    if (path) out.path = path;
    byPath.set(path, out);
  }
  // An item's own problem says more than its list's anyOf failure.
  return [...byPath.values()].filter(
    (p) => ![...byPath.keys()].some((k) => p.path !== undefined && (k.startsWith(`${p.path}[`) || k.startsWith(`${p.path}.`))),
  );
}

const ANY_OF_TEXT: Record<string, string> = {
  author: 'expected a string, a list of strings or null',
  grade: 'expected a whole number, a string ("5", "Grade 5") or null',
  language: 'expected a string, a list of strings or null',
  keywords: 'expected a list of strings or null',
  description: 'expected a string, a list of strings or null',
  chapters: 'expected a list of strings or null',
  publishedYear: 'expected a string, a whole number or null',
};

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v).slice(0, 30)}`;

/** Where a relative pdfUrl (or an upstream cover) of a record read from `file` lives. */
export function besideFile(file: string, rel: string): Location {
  // A page of a YoBook API (https://host/api/books?page=2…): its covers are at https://host/covers/.
  if (isUrl(file) && /\/api\/[\w-]+$/.test(new URL(file).pathname)) return { kind: 'url', href: new URL(rel, new URL('..', file)).href };
  if (isUrl(file)) return { kind: 'url', href: new URL(rel, file).href };
  return { kind: 'file', href: join(dirname(file), ...rel.split('/')) };
}
