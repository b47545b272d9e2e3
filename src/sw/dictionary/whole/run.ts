// "Save the whole dictionary", the run itself (in the on-demand script save-script.ts; the worker's
// save-whole.ts starts it and gives it its storage and route: deps.ts): the letters' word lists made
// from the headword list, every entry from the pack (pack-fetch.ts: one download, resumed where it
// stopped), the meaning index made from the entries as they come (device-meanings.ts). A build
// without a pack, or a pack that does not match its digests, is saved file by file through the
// worker's route (checked). Whatever is stored stays: a save stopped by the reader, the connection
// or the worker resumes.

import type { WholeSaveProgress } from '../../../core/dictionary/messages.ts';
import { DICTIONARY_SAMPLE_PATHS, wholeDictionaryPaths } from '../../../core/dictionary/offline.ts';
import { blocksLeft, type PackIndexFile } from '../../../core/dictionary/pack/files.ts';
import { classifyApiPath } from '../../../core/dictionary/paths.ts';
import { type SizesFile, transferOf } from '../../../core/dictionary/sizes.ts';
import type { ChunkFile, ChunkInfo, LettersFile, Manifest } from '../../../core/dictionary/types.ts';
import { codeOf, type SaveDeps } from './deps.ts';
import { detailOf, KhojError } from '../../../core/errors.ts';
import { breathe, DeviceMeanings } from './device-meanings.ts';
import { fetchPack } from './pack-fetch.ts';
import { letterBytes, sha256Hex } from './letter.ts';

/** What the steps of one save share: its dependencies, its build, the paths stored, its progress. */
interface Save {
  deps: SaveDeps;
  signal: AbortSignal;
  v: string;
  stored: Set<string>;
  progress: WholeSaveProgress;
  tell: (force?: boolean) => void;
  step: (s: WholeSaveProgress['step']) => void;
}

/** Runs the save, telling `report` its progress (`force`: a step's start or end); resolves with how it ended. */
export async function runWholeSave(deps: SaveDeps, signal: AbortSignal, report: (p: WholeSaveProgress, force: boolean) => void): Promise<WholeSaveProgress> {
  const progress: WholeSaveProgress = { step: 'letters', received: 0, total: 0 };
  const tell = (force = false) => report({ ...progress }, force);
  const step = (s: WholeSaveProgress['step']) => {
    progress.step = s;
    tell(true);
  };
  tell(true);
  try {
    const v = await deps.build();
    const save: Save = { deps, signal, v, stored: await deps.stored(v), progress, tell, step };
    // The small part first (the first visit saved it: nothing is fetched then); a file the host lacks is skipped.
    for (const p of DICTIONARY_SAMPLE_PATHS)
      if (!save.stored.has(p)) await fetchFile(save, p).catch((e: unknown) => (codeOf(e) === 'http' ? 0 : Promise.reject(e)));
    const files = await deps.files();
    const { manifest, letters, meanings, pack, sizes } = files;
    if (!manifest || !letters) throw new KhojError('network', 'the index files are not stored');
    save.stored = await deps.stored(v);

    // 1. The letters' lists, from the headword list.
    await makeLetters(save, manifest, letters, pack);

    // 2. The entries, and the meaning index made from them as they come.
    const shardsLeft = meanings?.shards.filter((s) => !save.stored.has(s.path)).map((s) => s.path) ?? [];
    const device = meanings && shardsLeft.length ? new DeviceMeanings(meanings) : undefined;
    const catchUp = catchingUp(save, manifest, device);
    const chunksLeft = () => manifest.chunks.filter((c) => !save.stored.has(c.path));
    // A browser without gzip streams (before Safari 16.4, Firefox 113) takes the files one by one.
    if (pack && chunksLeft().length && typeof DecompressionStream === 'function') await savePack(save, pack, manifest, device, catchUp);
    await saveOneByOne(save, chunksLeft(), sizes);

    // 3. The meaning index, from every entry.
    if (device) {
      step('meanings');
      await catchUp(manifest.chunks.at(-1)!.end + 1);
      for (const p of await device.store(v, new Set(shardsLeft), deps)) progress.received += await fetchFile(save, p);
    }
    // 4. Anything still missing (a letter's list that could not be made): from the network.
    save.stored = await deps.stored(v);
    for (const p of wholeDictionaryPaths(manifest, letters, meanings))
      if (!save.stored.has(p) && classifyApiPath(p) !== 'root') progress.received += await fetchFile(save, p);
    step('done');
  } catch (e) {
    const code = codeOf(e);
    if (signal.aborted) progress.step = 'cancelled';
    else if (code === 'network') progress.step = 'offline';
    else {
      progress.step = 'failed';
      progress.problem = detailOf(e);
    }
    tell(true);
  }
  return { ...progress };
}

/** A file through the worker's route, which checks and stores it: the bytes it took on the wire. */
async function fetchFile({ deps, signal }: Save, path: string): Promise<number> {
  signal.throwIfAborted();
  const url = deps.base + path.split('/').map(encodeURIComponent).join('/');
  const res = await deps.answer(path, new Request(url));
  if (res.status === 503) throw new KhojError('network', `${path}: offline`);
  if (!res.ok) {
    const error = ((await res.json().catch(() => ({}))) as { error?: string }).error ?? `HTTP ${res.status}`;
    throw new KhojError('http', `${path}: ${error}`, { status: res.status });
  }
  const size = (await res.arrayBuffer()).byteLength;
  return measured(url) ?? size;
}

/** 1. The letters' lists not yet stored, made from the headword list (none without it or a pack). */
async function makeLetters({ deps, signal, v, stored }: Save, manifest: Manifest, letters: LettersFile, pack: PackIndexFile | undefined): Promise<void> {
  const words = await deps.headwords(v).catch(() => undefined);
  if (!words || !pack) return;
  for (const l of letters.letters) {
    if (stored.has(l.path)) continue;
    signal.throwIfAborted();
    const made = await letterBytes(l.path, { words, manifest, letters, pack });
    if (made) {
      await deps.put(v, l.path, made);
      stored.add(l.path);
    }
    await breathe();
  }
}

/** Adds the stored chunks to the meaning index, in order, up to (not including) entry `upTo`. */
const catchingUp =
  ({ deps, v }: Save, manifest: Manifest, device: DeviceMeanings | undefined) =>
  async (upTo: number): Promise<void> => {
    if (!device) return;
    for (const c of manifest.chunks) {
      if (c.start < device.entries || c.start >= upTo) continue;
      const text = await deps.text(v, c.path);
      if (text === undefined) throw new KhojError('storage', `${c.path} is not stored`, { storage: 'other' });
      device.add(c.start, JSON.parse(text) as ChunkFile);
      await breathe();
    }
  };

/** 2. The entries from the pack, from the first block with a file not stored; each chunk also into the meaning index. */
async function savePack(
  save: Save,
  pack: PackIndexFile,
  manifest: Manifest,
  device: DeviceMeanings | undefined,
  catchUp: (upTo: number) => Promise<void>,
): Promise<void> {
  const { deps, signal, v, stored, progress, tell } = save;
  const chunkAt = new Map(manifest.chunks.map((c) => [c.path, c]));
  const first = blocksLeft(pack, stored)[0]!;
  progress.total = pack.bytes - pack.blocks[first]!.offset;
  save.step('pack');
  let writing: Promise<unknown> = Promise.resolve();
  try {
    await fetchPack({
      url: deps.base + pack.path,
      index: pack,
      blocks: pack.blocks.map((_, i) => i).filter((i) => i >= first),
      signal,
      sha256Hex,
      retryMs: deps.retryMs,
      onBytes: (received) => {
        progress.received = received;
        tell();
      },
      onBlock: async (_block, unpacked) => {
        const writes: Array<Promise<void>> = [];
        for (const f of unpacked) {
          if (!stored.has(f.path)) writes.push(deps.put(v, f.path, f.bytes).then(() => void stored.add(f.path)));
          const info = chunkAt.get(f.path);
          if (device && info) {
            await catchUp(info.start);
            if (info.start === device.entries) device.add(info.start, chunkOf(f.bytes, info));
          }
        }
        // One block's writes under way while the next is read: memory stays at a block or two.
        await writing;
        writing = Promise.all(writes);
        await breathe();
      },
    });
  } catch (e) {
    await writing.catch(() => undefined);
    // A pack that is not what its index says is set aside: the files are fetched one by one.
    if (codeOf(e) !== 'damaged') throw e;
    progress.problem = detailOf(e);
  }
  await writing;
}

/** 2, without the pack (or past a damaged one): the chunks left, each file through the route. */
async function saveOneByOne(save: Save, left: readonly ChunkInfo[], sizes: SizesFile | undefined): Promise<void> {
  const { progress } = save;
  const rest = left.map((c) => c.path);
  if (!rest.length) return;
  progress.total = progress.received + rest.reduce((n, p) => n + (transferOf(sizes, p) ?? 0), 0);
  save.step('files');
  for (const p of rest) {
    progress.received += await fetchFile(save, p);
    save.stored.add(p);
    save.tell();
  }
}

/** Bytes the last fetch of `url` took on the wire, where the browser says (its resource timing). */
function measured(url: string): number | undefined {
  const entry = (self as unknown as { performance?: Performance }).performance?.getEntriesByName?.(url).at(-1) as PerformanceResourceTiming | undefined;
  return entry && entry.encodedBodySize > 0 ? entry.encodedBodySize : undefined;
}

/** A chunk from the pack, parsed for the meaning index (its bytes were verified with their block). */
function chunkOf(bytes: Uint8Array, info: ChunkInfo): ChunkFile {
  const chunk = JSON.parse(new TextDecoder().decode(bytes)) as ChunkFile;
  if (chunk.entries.length !== info.count) throw new KhojError('damaged', `${info.path}: ${chunk.entries.length} entries, manifest.json says ${info.count}`);
  return chunk;
}
