// The dictionary build: any input (raw dump, /api/v1 tree, embedded sample) through one
// path: read → check → normalise → merge → sort → chunk → self-check → write atomically.

import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { projectRoot } from '../root.ts';
import { checkTree } from '../../src/core/dictionary/check-tree.ts';
import { dictionaryFiles, type FileSet } from '../../src/core/dictionary/file-set.ts';
import { layOut, mergeDuplicates, sortEntries } from '../../src/core/dictionary/layout.ts';
import { decodeHeadwords, encodeHeadwords, HEADWORDS, type HeadwordsFile } from '../../src/core/dictionary/headwords.ts';
import { HeadwordIndex } from '../../src/core/dictionary/search/headword-index.ts';
import { MEANINGS_INDEX } from '../../src/core/dictionary/meanings/files.ts';
import { ROOT_FILES } from '../../src/core/dictionary/paths.ts';
import { type Oddity, readRawEntries } from '../../src/core/dictionary/raw.ts';
import { chunkSchema, SCHEMA_OF, type FileKind } from '../../src/core/dictionary/schemas.ts';
import type { Entry, Manifest, Metadata, Provenance, Stats } from '../../src/core/dictionary/types.ts';
import { DataError, type Problem, ProblemList, Tally } from '../../src/core/problems.ts';
import { type FileContent, writeSubtree } from '../output.ts';
import { schemaProblems } from '../schema.ts';
import { isUrl, type Location, locate, parseJson, readText } from '../source.ts';
import { checkMeaningFiles, meaningFileTexts } from './meanings.ts';
import { dictionaryOpenApi } from './openapi.ts';
import { buildPack, type BuiltPack, packProblem } from './pack.ts';
import { PACK_INDEX, packIndexProblem } from '../../src/core/dictionary/pack/files.ts';
import { loadTree } from './read-tree.ts';
import { assert } from '../../src/core/assert.ts';

export const SUBTREE = 'api/v1';
export const DEFAULT_CHUNK_SIZE = 500;
const SAMPLE_DIR = join(projectRoot(), 'data-build/dictionary/sample');

export interface DictionaryOptions {
  /** file, folder or URL; undefined for the embedded sample */
  source?: string;
  format?: 'dump' | 'tree';
  chunkSize?: number;
  /** ISO date-time; wins over SOURCE_DATE_EPOCH and the mirrored tree's own time */
  generatedAt?: string;
  sourceDateEpoch?: string;
  /** the "suggest a correction" URL template ({word}), written into metadata.json (core/dictionary/correction.ts) */
  correctionUrl?: string;
  /** skip the schema check of every output file (the consistency check still runs) */
  skipSchemaCheck?: boolean;
}

export interface DictionarySummary {
  input: string;
  kind: 'sample' | 'dump' | 'tree';
  stats: Stats;
  letters: number;
  chunks: number;
  chunkSize: number;
  files: number;
  bytes: number;
  generatedAt: string;
  oddities: Tally<Oddity>;
  warnings: Problem[];
  timings: Record<string, number>;
}

interface Input {
  kind: DictionarySummary['kind'];
  label: string;
  entries: Entry[];
  provenance: Provenance;
  generatedAt?: string;
  chunkSize?: number;
  warnings: Problem[];
}

export async function buildDictionary(opts: DictionaryOptions, outDir: string): Promise<DictionarySummary> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const oddities = new Tally<Oddity>();
  const input = await readInput(opts, oddities);
  lap('read');

  const chunkSize = opts.chunkSize ?? input.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const generatedAt = resolveGeneratedAt(opts, input.generatedAt);
  const entries = sortEntries(mergeDuplicates(input.entries, oddities));
  lap('merge+sort');
  let layout;
  try {
    layout = layOut(entries, chunkSize);
  } catch (e) {
    if (e instanceof RangeError) throw new DataError([{ file: input.label, message: e.message }]);
    throw e;
  }
  const provenance = { ...input.provenance };
  if (input.kind === 'tree' && input.chunkSize !== undefined && input.chunkSize !== chunkSize) {
    provenance.notes = [...(provenance.notes ?? []), `Re-chunked by Khoj data-build from ${input.chunkSize} to ${chunkSize} entries per chunk.`];
  }
  const files = dictionaryFiles(layout, generatedAt, provenance);
  if (opts.correctionUrl !== undefined) (files.get(ROOT_FILES.metadata) as Metadata).correctionUrl = opts.correctionUrl;
  lap('layout');
  // The chunk and letter files' text, made once: written, and packed (chunks) or listed with their digests (letters).
  const texts = new Map<string, string>();
  for (const info of layout.chunks) texts.set(info.path, JSON.stringify(files.get(info.path)));
  for (const info of layout.letters) texts.set(info.path, JSON.stringify(files.get(info.path)));
  const textsOf = (paths: string[]) => paths.map((p): [string, string] => [p, texts.get(p)!]);
  // Compressed on libuv's threads while this one builds the meaning index.
  const packing = buildPack(textsOf(layout.chunks.map((c) => c.path)), textsOf(layout.letters.map((l) => l.path)), generatedAt);
  lap('pack records');
  const meanings = meaningFileTexts(layout.entries, generatedAt);
  lap('meanings');
  const headwords = headwordsFile(layout.entries, generatedAt, files);
  lap('headwords');
  const openapi = dictionaryOpenApi(provenance.name);
  const pack = await packing;
  // Read back on libuv's threads while the files are serialised and checked.
  const packCheck = packProblem(pack);
  lap('pack');
  // The self-check runs while the writer thread finishes; nothing is swapped in unless it passes.
  const written = await writeSubtree(outDir, SUBTREE, serialise(files, texts, meanings, headwords, openapi, pack), async () => {
    lap('serialise');
    selfCheck(files, meanings, headwords, layout.entries, !opts.skipSchemaCheck);
    const shape = opts.skipSchemaCheck ? [] : schemaProblems(SCHEMA_OF.pack, pack.index, PACK_INDEX).map((p) => p.message);
    const problem = shape[0] ?? packIndexProblem(pack.index) ?? (await packCheck);
    assert(!problem, `the pack fails its own check: ${PACK_INDEX}: ${problem}`);
    lap('self-check');
  });
  lap('write');
  const stats = (files.get(ROOT_FILES.metadata) as Metadata).stats;
  return {
    input: input.label,
    kind: input.kind,
    stats,
    letters: layout.letters.length,
    chunks: layout.chunks.length,
    chunkSize,
    files: written.files,
    bytes: written.bytes,
    generatedAt,
    oddities,
    warnings: input.warnings,
    timings,
  };
}

/** Every headword, front-coded (core/dictionary/headwords.ts): what offline search needs, in one file. */
function headwordsFile(entries: readonly Entry[], generatedAt: string, files: FileSet): HeadwordsFile {
  const { apiVersion } = files.get(ROOT_FILES.metadata) as Metadata;
  const words = entries.map((e) => e.word);
  const index = new HeadwordIndex(words).ship();
  return { apiVersion, generatedAt, count: entries.length, words: encodeHeadwords(words), ...(index ? { index } : {}) };
}

function* serialise(
  files: FileSet,
  texts: Map<string, string>,
  meanings: Map<string, string>,
  headwords: HeadwordsFile,
  openapi: string,
  pack: BuiltPack,
): Generator<[string, FileContent]> {
  for (const [path, value] of files) yield [path, texts.get(path) ?? JSON.stringify(value)];
  yield* meanings;
  yield [HEADWORDS, JSON.stringify(headwords)];
  yield [ROOT_FILES.openapi, openapi];
  yield [PACK_INDEX, pack.indexText];
  yield [pack.index.path, pack.bytes];
}

// Entries were checked one by one when read; the build re-checks every file's frame.
const SHALLOW_CHUNK = { ...chunkSchema, properties: { ...(chunkSchema.properties as object), entries: { type: 'array' } } };

/** Our own output must pass the contract before it replaces anything. */
function selfCheck(files: FileSet, meanings: Map<string, string>, headwords: HeadwordsFile, entries: readonly Entry[], schemas: boolean): void {
  const problems = new ProblemList(20);
  if (schemas) {
    for (const [path, value] of files) {
      const kind = kindOf(path);
      for (const p of schemaProblems(kind === 'chunk' ? SHALLOW_CHUNK : SCHEMA_OF[kind], value, path)) problems.add(p);
    }
  }
  checkTree(files, (p) => problems.add(p));
  checkMeaningFiles(meanings, entries.length, schemas, (p) => problems.add(p));
  if (schemas) for (const p of schemaProblems(SCHEMA_OF.headwords, headwords, HEADWORDS)) problems.add(p);
  const words = decodeHeadwords(headwords.words);
  const wrong = entries.findIndex((e, i) => words[i] !== e.word);
  if (words.length !== entries.length || wrong !== -1)
    problems.add({ file: HEADWORDS, message: `does not decode to the entries' words (at word ${wrong === -1 ? words.length : wrong})` });
  else if (!headwords.index) problems.add({ file: HEADWORDS, message: 'has no index: its words are not in dictionary order' });
  else {
    try {
      new HeadwordIndex(words, headwords.index);
    } catch (e) {
      problems.add({ file: HEADWORDS, message: `index: ${(e as Error).message}` });
    }
  }
  assert(!problems.count, `the built files fail their own check:\n${new DataError(problems.items, problems.more).message}`);
}

export function kindOf(path: string): FileKind {
  if (path === MEANINGS_INDEX) return 'meaningsIndex';
  if (path === PACK_INDEX) return 'pack';
  if (path === HEADWORDS) return 'headwords';
  if (path.startsWith('meanings/')) return 'meaningShard';
  if (path.startsWith('chunks/')) return 'chunk';
  if (path.startsWith('words-by-letter/')) return 'wordsByLetter';
  return path.replace(/\.json$/, '') as FileKind;
}

function resolveGeneratedAt(opts: DictionaryOptions, fromInput?: string): string {
  const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, 'Z');
  if (opts.generatedAt !== undefined) {
    const d = new Date(opts.generatedAt);
    if (Number.isNaN(d.getTime())) throw new DataError([{ file: '--generated-at', message: `"${opts.generatedAt}" is not an ISO 8601 date-time` }]);
    return iso(d);
  }
  if (opts.sourceDateEpoch !== undefined && opts.sourceDateEpoch !== '') {
    if (!/^\d+$/.test(opts.sourceDateEpoch))
      throw new DataError([{ file: 'SOURCE_DATE_EPOCH', message: `"${opts.sourceDateEpoch}" is not a whole number of seconds` }]);
    return iso(new Date(Number(opts.sourceDateEpoch) * 1000));
  }
  return fromInput ?? iso(new Date());
}

async function readInput(opts: DictionaryOptions, oddities: Tally<Oddity>): Promise<Input> {
  if (opts.source === undefined) {
    const file = join(SAMPLE_DIR, 'dictionary.json');
    const provenance = parseJson(await readText({ kind: 'file', href: join(SAMPLE_DIR, 'provenance.json') }), 'provenance.json') as Provenance;
    return { kind: 'sample', label: file, ...readDump(await readText({ kind: 'file', href: file }), file, oddities), provenance, warnings: [] };
  }
  const loc = await locate(opts.source);
  const format = opts.format ?? guessFormat(loc);
  if (format === 'dump') {
    if (loc.kind === 'dir')
      throw new DataError([{ file: loc.href, message: 'is a folder; a raw dump is a JSON file (use --dictionary-format tree for an /api/v1 folder)' }]);
    return { kind: 'dump', label: loc.href, ...readDump(await readText(loc), loc.href, oddities), provenance: dumpProvenance(loc), warnings: [] };
  }
  return readMirror(treeRoot(loc), oddities);
}

function readDump(text: string, file: string, oddities: Tally<Oddity>): { entries: Entry[] } {
  return { entries: readRawEntries(parseJson(text, file), file, oddities).entries };
}

const guessFormat = (loc: Location): 'dump' | 'tree' =>
  loc.kind === 'dir' || (loc.kind === 'url' && !/\.(json|gz)(\?.*)?$/i.test(loc.href)) ? 'tree' : 'dump';

/** A site root holding api/v1 (such as our own output folder) stands for that tree. */
function treeRoot(loc: Location): Location {
  if (loc.kind === 'dir' && !existsSync(join(loc.href, ROOT_FILES.metadata)) && existsSync(join(loc.href, SUBTREE, ROOT_FILES.metadata))) {
    return { kind: 'dir', href: join(loc.href, SUBTREE) };
  }
  return loc;
}

function dumpProvenance(loc: Location): Provenance {
  const name = isUrl(loc.href) ? new URL(loc.href).pathname.split('/').pop() || loc.href : basename(loc.href);
  return {
    name: 'Nepali dictionary',
    description: 'A Nepali dictionary as static JSON files: letters.json → words-by-letter/<letter>.json → chunks/<NNNN>.json.',
    license: 'Dictionary text: rights not established; review before redistributing.',
    sourceDataset: `raw dictionary dump ${name}`,
    notes: [
      'Headwords are trimmed and in NFC, in Unicode code point order (the printed dictionary order); each is filed under its first code point.',
      'Duplicate headwords are merged into one entry whose definition blocks keep their source order; blocks repeated verbatim are kept once.',
    ],
  };
}

async function readMirror(root: Location, oddities: Tally<Oddity>): Promise<Input> {
  const { files, problems } = await loadTree(root);
  checkTree(files, (p) => problems.push(p));
  const fatal = problems.filter((p) => !p.warning);
  if (fatal.length)
    throw new DataError(
      fatal.slice(0, 50).map((p) => ({ ...p, file: `${root.href}/${p.file}` })),
      Math.max(0, fatal.length - 50),
    );
  const metadata = files.get(ROOT_FILES.metadata) as Metadata;
  const manifest = files.get(ROOT_FILES.manifest) as Manifest;
  // Each chunk's entries go through the same reader as a dump, naming the chunk file.
  const entries: Entry[] = [];
  for (const info of manifest.chunks) {
    const chunk = files.get(info.path) as { entries: unknown[] };
    entries.push(...readRawEntries(chunk.entries, `${root.href}/${info.path}`, oddities).entries);
  }
  const provenance: Provenance = { name: metadata.name, description: metadata.description };
  if (metadata.license !== undefined) provenance.license = metadata.license;
  if (metadata.sourceDataset !== undefined) provenance.sourceDataset = metadata.sourceDataset;
  if (metadata.notes !== undefined) provenance.notes = metadata.notes;
  return { kind: 'tree', label: root.href, entries, provenance, generatedAt: metadata.generatedAt, chunkSize: manifest.chunkSize, warnings: problems };
}
