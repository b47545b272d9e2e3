// The whole dictionary as a content pack's part, in the worker (core/packs/dictionary-part.ts is
// the format): made from the stored files, block by block, offline; and taken in from a pack
// block by block: each block verified by its SHA-256 and unpacked by the whole save's own reader
// (pack-fetch.ts verifiedBlock), each file checked as a new build's files are (the contract's
// validators, against the build's own manifest, letters and meaning index), then stored through
// the save's store (deps.put). A part of this phone's build fills in what it lacks; one of a newer
// build is staged under its own version and switched to only through the build check's switch;
// an older one is skipped.

import type { BuildIndex, FileCheck } from '../../../core/dictionary/check-file.ts';
import type { DictionaryPartPlan, DictionaryPartStart } from '../../../core/dictionary/messages.ts';
import { isMeaningsPath, MEANINGS_INDEX, type MeaningsIndexFile } from '../../../core/dictionary/meanings/files.ts';
import { type PackedFile, type PackIndexFile, packIndexProblem } from '../../../core/dictionary/pack/files.ts';
import { ROOT_FILES } from '../../../core/dictionary/paths.ts';
import type { LettersFile, Manifest } from '../../../core/dictionary/types.ts';
import { blockCounts, blockRecords, mayReplace, packOrder } from '../../../core/packs/dictionary-part.ts';
import { KhojError } from '../../../core/errors.ts';
import { verifiedBlock } from './pack-fetch.ts';
import { sha256Hex } from './letter.ts';

export interface PartDeps {
  version(): Promise<string | null>;
  /** every file of the whole dictionary is stored for the current build */
  whole(): Promise<boolean>;
  sizes(version: string): Promise<PackedFile[]>;
  bytes(version: string, path: string): Promise<Uint8Array | undefined>;
  put(version: string, path: string, bytes: Uint8Array): Promise<void>;
  /** the contract's check of one file (check.ts) */
  check(path: string, text: string, index: BuildIndex, sha256?: string): FileCheck;
  /** the build check's switch to a staged build (versions.ts switchToStaged): false when it is no longer newer */
  switchTo(version: string): Promise<boolean>;
  /** drops what was staged for a build that is not current */
  drop(version: string): Promise<void>;
}

/** The part's plan: the stored files (JSON only: the contract's files and Khoj's own beside them), in order, and their blocks. */
export async function partPlan(deps: PartDeps): Promise<DictionaryPartPlan> {
  const version = await deps.version();
  if (!version) return { version, whole: false, files: [], counts: [], bytes: 0 };
  const files = packOrder((await deps.sizes(version)).filter((f) => f.path.endsWith('.json')));
  return { version, whole: await deps.whole(), files, counts: blockCounts(files), bytes: files.reduce((n, f) => n + f.bytes, 0) };
}

/** One block of the part, gzip-compressed: the files of `paths`, read from storage (`files`: block 0's header's file count). */
export async function partBlock(deps: PartDeps, version: string, paths: readonly string[], files?: number): Promise<Uint8Array> {
  const read = await Promise.all(
    paths.map(async (path) => {
      const bytes = await deps.bytes(version, path);
      if (!bytes) throw new KhojError('storage', `${path} of ${version} is no longer stored`, { storage: 'other' });
      return { path, bytes };
    }),
  );
  const raw = blockRecords(read, files === undefined ? undefined : { generatedAt: version, files });
  const gz = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(gz).arrayBuffer());
}

interface Taking {
  index: PackIndexFile;
  version: string;
  mode: 'same' | 'newer';
  build: BuildIndex;
  stored: Set<string>;
  next: number;
}

const taking = new Map<string, Taking>();

/** A part coming in: its index checked; where it goes, or why not. */
export async function partStart(deps: PartDeps, index: PackIndexFile): Promise<DictionaryPartStart> {
  const problem = packIndexProblem(index);
  if (problem) throw new KhojError('damaged', `the dictionary part's index: ${problem}`);
  const current = await deps.version();
  const version = index.generatedAt;
  if (version !== current && !mayReplace(current, version)) return { skip: 'older' };
  const id = crypto.randomUUID();
  const stored = new Set((await deps.sizes(version)).map((f) => f.path));
  taking.set(id, { index, version, mode: version === current ? 'same' : 'newer', build: { version }, stored, next: 0 });
  return { take: version === current ? 'same' : 'newer', id };
}

const underway = (id: string): Taking => {
  const t = taking.get(id);
  if (!t) throw new KhojError('damaged', 'the dictionary part: no such part under way (the worker restarted?)');
  return t;
};

/** One block, in order: verified, each file checked against its build, then stored (files this phone has are kept as they are). */
export async function partTake(deps: PartDeps, id: string, block: number, bytes: Uint8Array): Promise<void> {
  const t = underway(id);
  if (block !== t.next) throw new KhojError('damaged', `the dictionary part: block ${block} came where block ${t.next} was expected`);
  const files = await verifiedBlock(t.index, block, bytes, sha256Hex);
  for (const f of files) {
    const shard = f.path !== MEANINGS_INDEX && isMeaningsPath(f.path);
    const c = deps.check(f.path, new TextDecoder().decode(f.bytes), t.build, shard ? await sha256Hex(f.bytes) : undefined);
    if (!c.ok) throw new KhojError('damaged', c.problem);
    if (f.path === ROOT_FILES.manifest) t.build.manifest = c.value as Manifest;
    else if (f.path === ROOT_FILES.letters) t.build.letters = c.value as LettersFile;
    else if (f.path === MEANINGS_INDEX) t.build.meanings = c.value as MeaningsIndexFile;
    if (t.stored.has(f.path)) continue;
    await deps.put(t.version, f.path, f.bytes);
    t.stored.add(f.path);
  }
  t.next++;
}

/** The part is whole and its digest matched: every file stored, then a newer build switched to. */
export async function partEnd(deps: PartDeps, id: string): Promise<{ version: string; switched: boolean }> {
  const t = underway(id);
  taking.delete(id);
  const missing = t.index.files.filter((f) => !t.stored.has(f.path));
  if (t.next !== t.index.blocks.length || missing.length)
    throw new KhojError('damaged', `the dictionary part ended after block ${t.next} of ${t.index.blocks.length} (${missing.length} files missing)`);
  for (const p of [ROOT_FILES.metadata, ROOT_FILES.manifest, ROOT_FILES.letters])
    if (!t.stored.has(p)) throw new KhojError('damaged', `the dictionary part has no ${p}`);
  return { version: t.version, switched: t.mode === 'newer' && (await deps.switchTo(t.version)) };
}

/** The part was refused: a staged build is dropped (what was stored into this phone's own build was each checked, and stays). */
export async function partDrop(deps: PartDeps, id: string): Promise<void> {
  const t = taking.get(id);
  taking.delete(id);
  if (t?.mode === 'newer' && (await deps.version()) !== t.version) await deps.drop(t.version);
}
