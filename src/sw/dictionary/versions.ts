// Which dictionary build is current, and the switch to a newer one: the new build's
// files are fetched in full beside the old ones, then made current in one step.

import type { BuildIndex } from '../../core/dictionary/check-file.ts';
import { checkFile } from './check.ts';
import { HEADWORDS } from '../../core/dictionary/headwords.ts';
import { isMeaningsPath, MEANINGS_INDEX, type MeaningsIndexFile } from '../../core/dictionary/meanings/files.ts';
import { sha256Hex } from './digest.ts';
import { OWN_ROOT_FILES, ROOT_FILES } from '../../core/dictionary/paths.ts';
import { PACK_INDEX, type PackIndexFile } from '../../core/dictionary/pack/files.ts';
import { SIZES, type SizesFile } from '../../core/dictionary/sizes.ts';
import type { LettersFile, Manifest, Metadata } from '../../core/dictionary/types.ts';
import { currentVersion, dropFile, getFile, putFile, readRetry, storedSummary, switchTo, textOf, writeRetry } from './store.ts';
import { detailOf, KhojError } from '../../core/errors.ts';
import { mayReplace } from '../../core/packs/dictionary-part.ts';

let current: string | null | undefined;
const parsed = new Map<string, unknown>();

/** The current version, read from IndexedDB once and then kept in memory. */
export async function version(): Promise<string | null> {
  if (current === undefined) current = await currentVersion();
  return current;
}

export async function adopt(v: string): Promise<void> {
  await switchTo(v);
  current = v;
  parsed.clear();
}

/** A stored root file of the current build, parsed and checked once; a damaged row is dropped. */
async function root<T>(path: string): Promise<T | undefined> {
  const v = await version();
  if (!v) return undefined;
  const key = `${v}\n${path}`;
  if (!parsed.has(key)) {
    const row = await getFile(v, path);
    if (!row) return undefined;
    const c = checkFile(path, textOf(row), { version: v });
    if (!c.ok) {
      await dropFile(v, path);
      return undefined;
    }
    parsed.set(key, c.value);
  }
  return parsed.get(key) as T;
}

export const storedLetters = () => root<LettersFile>(ROOT_FILES.letters);
export const storedManifest = () => root<Manifest>(ROOT_FILES.manifest);
export const storedMeanings = () => root<MeaningsIndexFile>(MEANINGS_INDEX);
export const storedPack = () => root<PackIndexFile>(PACK_INDEX);
export const storedSizes = () => root<SizesFile>(SIZES);

/** What the current build says about its files, to check one against. */
export async function storedIndex(): Promise<BuildIndex> {
  const v = await version();
  return v ? { version: v, manifest: await storedManifest(), letters: await storedLetters(), meanings: await storedMeanings() } : {};
}

const MINUTE = 60_000;
/** Waits after a failed switch before an automatic try: 1, 2, 4 … minutes, at most 6 hours. */
export const retryDelay = (attempts: number) => Math.min(2 ** (attempts - 1), 360) * MINUTE;

// The stored problem (RetryState) is the error's own words: `manifest.json: HTTP 500`.
const message = detailOf;

let upgrading: Promise<boolean> | undefined;

/**
 * Fetches the network's metadata; if its build differs from ours, fetches and checks the new
 * build's copy of every file we hold (so offline use keeps working), then switches. One at a
 * time; resolves true when the current build changed. A failed switch keeps the old build whole
 * and is tried again only after a back-off (page loads and coming online included); `manual`
 * (the reader, or a test, asked with `force`) tries now.
 */
export async function checkForNewBuild(base: string, manual = false): Promise<boolean> {
  // Decided before joining a switch under way, so an automatic try in back-off never holds up the reader's.
  if (!manual && !upgrading) {
    const retry = await readRetry();
    if (retry && Date.now() < retry.retryAt) throw new KhojError('failed', retry.problem);
  }
  upgrading ??= upgrade(base).finally(() => (upgrading = undefined));
  return upgrading;
}

async function upgrade(base: string): Promise<boolean> {
  const retry = await readRetry();
  /** A file of the new build, fetched whole and checked, or an error naming it; `optional`: undefined when the host has none (404). */
  async function fetchChecked(path: string, index: BuildIndex): Promise<{ text: string; value: unknown }>;
  async function fetchChecked(path: string, index: BuildIndex, optional: true): Promise<{ text: string; value: unknown } | undefined>;
  async function fetchChecked(path: string, index: BuildIndex, optional = false) {
    let text: string;
    try {
      const res = await fetch(base + path.split('/').map(encodeURIComponent).join('/'), { cache: 'no-store' });
      if (optional && res.status === 404) return undefined;
      if (!res.ok) throw new KhojError('http', `${path}: HTTP ${res.status}`, { status: res.status });
      text = await res.text();
    } catch (e) {
      // The host could not be reached, or the connection broke: KhojError "network".
      if (e instanceof KhojError) throw e;
      if (e instanceof TypeError) throw new KhojError('network', `${path}: ${e.message}`, { cause: e });
      throw new KhojError('failed', `${path}: ${message(e)}`, { cause: e });
    }
    const shard = path !== MEANINGS_INDEX && isMeaningsPath(path);
    const c = checkFile(path, text, index, shard ? await sha256Hex(new TextEncoder().encode(text)) : undefined);
    if (!c.ok) throw new KhojError('damaged', c.problem);
    return { text, value: c.value };
  }
  let next: string | undefined;
  let old: string | null | undefined;
  try {
    const metadata = await fetchChecked(ROOT_FILES.metadata, {});
    next = (metadata.value as Metadata).generatedAt;
    old = await version();
    if (next === old) {
      if (retry) await writeRetry(undefined);
      return false;
    }
    // A deploy under way may have a new metadata.json beside old files: every file must be of `next`.
    const manifest = await fetchChecked(ROOT_FILES.manifest, { version: next });
    const letters = await fetchChecked(ROOT_FILES.letters, { version: next });
    const index: BuildIndex = { version: next, manifest: manifest.value as Manifest, letters: letters.value as LettersFile };
    const wanted = new Set<string>();
    let meanings: { text: string; value: unknown } | undefined;
    if (old) {
      const exists = new Set([...index.manifest!.chunks.map((c) => c.path), ...index.letters!.letters.map((l) => l.path), ROOT_FILES.sample]);
      // The headword list too, when the new build's metadata lists it (a mirror of another host may have none).
      if (Object.values((metadata.value as Metadata).endpoints).includes(HEADWORDS)) exists.add(HEADWORDS);
      const stored = (await storedSummary(old)).paths;
      // The meaning index kept too, if it was: the new build's list says which shards still exist.
      if (stored.includes(MEANINGS_INDEX)) {
        meanings = await fetchChecked(MEANINGS_INDEX, { version: next });
        index.meanings = meanings.value as MeaningsIndexFile;
        for (const shard of index.meanings.shards) exists.add(shard.path);
      }
      for (const p of stored) if (exists.has(p) || OWN_ROOT_FILES.includes(p)) wanted.add(p);
    }
    await putFile(next, ROOT_FILES.metadata, metadata.text);
    await putFile(next, ROOT_FILES.manifest, manifest.text);
    await putFile(next, ROOT_FILES.letters, letters.text);
    if (meanings) await putFile(next, MEANINGS_INDEX, meanings.text);
    const have = new Set((await storedSummary(next)).paths);
    // Resumable: files already fetched (and checked) for this build on an earlier try are kept.
    // Khoj's own small files (the pack's index, sizes.json) are kept where the new build has them.
    for (const p of wanted) {
      if (have.has(p)) continue;
      const file = OWN_ROOT_FILES.includes(p) ? await fetchChecked(p, index, true) : await fetchChecked(p, index);
      if (file) await putFile(next, p, file.text);
    }
  } catch (e) {
    // Storage trouble is not the host's fault; neither is being offline before anything was learnt.
    if (KhojError.is(e, 'storage') || (next === undefined && KhojError.is(e, 'network'))) throw e;
    const attempts = retry && retry.version === (next ?? '') ? retry.attempts + 1 : 1;
    await writeRetry({ version: next ?? '', attempts, retryAt: Date.now() + retryDelay(attempts), problem: message(e) }).catch(() => undefined);
    throw e;
  }
  if (retry) await writeRetry(undefined);
  await adopt(next);
  // Adopting the very first build is not news; replacing one is.
  return old !== null;
}

/**
 * The same switch for a build staged from a content pack (whole/pack-part.ts), one at a time with
 * the network's: made current only when it is still newer than this phone's and its index files
 * are stored and pass their checks; false when it is not newer (then nothing changes).
 */
export async function switchToStaged(next: string): Promise<boolean> {
  while (upgrading) await upgrading.catch(() => undefined);
  const switching = (async () => {
    const old = await version();
    if (!mayReplace(old, next)) return false;
    for (const p of [ROOT_FILES.metadata, ROOT_FILES.manifest, ROOT_FILES.letters]) {
      const row = await getFile(next, p);
      const c = row && checkFile(p, textOf(row), { version: next });
      if (!c?.ok) throw new KhojError('damaged', c ? c.problem : `${p} of ${next} is not stored`);
    }
    const retry = await readRetry();
    if (retry && retry.version === next) await writeRetry(undefined);
    await adopt(next);
    return true;
  })();
  upgrading = switching.finally(() => (upgrading = undefined));
  return switching;
}

/** A chunk is filed under a build only against that build's manifest: fetch it if missing. */
export const ensureManifest = (base: string) => ensureRoot(base, ROOT_FILES.manifest, storedManifest);

/** A meaning shard is checked against its build's meaning index (its entries, its digest): fetch it if missing. */
export const ensureMeanings = (base: string) => ensureRoot(base, MEANINGS_INDEX, storedMeanings);

async function ensureRoot(base: string, path: string, stored: () => Promise<unknown>): Promise<void> {
  const v = await version();
  if (!v || (await stored())) return;
  const res = await fetch(`${base}${path}`);
  if (!res.ok) return;
  const text = await res.text();
  if (checkFile(path, text, { version: v }).ok) await putFile(v, path, text);
}
