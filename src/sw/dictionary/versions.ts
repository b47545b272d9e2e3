// Which dictionary build is current, and the switch to a newer one: the new build's
// files are fetched in full beside the old ones, then made current in one step.

import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import type { LettersFile, Manifest } from '../../core/dictionary/types.ts';
import { currentVersion, getFile, putFile, storedSummary, switchTo } from './store.ts';

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

/** A stored root file of the current build, parsed once. */
async function root<T>(path: string): Promise<T | undefined> {
  const v = await version();
  if (!v) return undefined;
  const key = `${v}\n${path}`;
  if (!parsed.has(key)) {
    const row = await getFile(v, path);
    if (!row) return undefined;
    parsed.set(key, JSON.parse(row.body));
  }
  return parsed.get(key) as T;
}

export const storedLetters = () => root<LettersFile>(ROOT_FILES.letters);
export const storedManifest = () => root<Manifest>(ROOT_FILES.manifest);

/**
 * The build a fetched file belongs to: its generatedAt, or for a chunk (which has
 * none) the current build when the chunk matches the current manifest.
 */
export async function buildOf(path: string, body: string): Promise<string | undefined> {
  const data = JSON.parse(body) as { generatedAt?: string; chunk?: number; count?: number; firstWord?: string; lastWord?: string };
  if (typeof data.generatedAt === 'string') return data.generatedAt;
  const manifest = await storedManifest();
  const info = manifest?.chunks.find((c) => c.path === path);
  if (info && info.count === data.count && info.firstWord === data.firstWord && info.lastWord === data.lastWord) return (await version()) ?? undefined;
  return undefined;
}

let upgrading: Promise<boolean> | undefined;

/**
 * Fetches the network's metadata; if its build differs from ours, fetches the new
 * build's copy of every file we hold (so offline use keeps working), then switches.
 * One at a time; resolves true when the current build changed.
 */
export function checkForNewBuild(base: string): Promise<boolean> {
  upgrading ??= upgrade(base).finally(() => (upgrading = undefined));
  return upgrading;
}

async function upgrade(base: string): Promise<boolean> {
  const fetchText = async (path: string) => {
    const res = await fetch(base + path.split('/').map(encodeURIComponent).join('/'), { cache: 'no-store' });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.text();
  };
  const metadata = await fetchText(ROOT_FILES.metadata);
  const next = (JSON.parse(metadata) as { generatedAt: string }).generatedAt;
  const old = await version();
  if (next === old) return false;
  await putFile(next, ROOT_FILES.metadata, metadata);
  const manifestText = await fetchText(ROOT_FILES.manifest);
  const lettersText = await fetchText(ROOT_FILES.letters);
  await putFile(next, ROOT_FILES.manifest, manifestText);
  await putFile(next, ROOT_FILES.letters, lettersText);
  const wanted = new Set<string>();
  if (old) {
    const manifest = JSON.parse(manifestText) as Manifest;
    const letters = JSON.parse(lettersText) as LettersFile;
    const exists = new Set([...manifest.chunks.map((c) => c.path), ...letters.letters.map((l) => l.path), ROOT_FILES.sample]);
    for (const p of (await storedSummary(old)).paths) if (exists.has(p)) wanted.add(p);
  }
  for (const p of [ROOT_FILES.metadata, ROOT_FILES.manifest, ROOT_FILES.letters]) wanted.delete(p);
  const have = new Set((await storedSummary(next)).paths);
  // Resumable: files already fetched for this build on an earlier try are kept.
  for (const p of wanted) if (!have.has(p)) await putFile(next, p, await fetchText(p));
  await adopt(next);
  // Adopting the very first build is not news; replacing one is.
  return old !== null;
}

/** A chunk is filed under a build only against that build's manifest: fetch it if missing. */
export async function ensureManifest(base: string): Promise<void> {
  const v = await version();
  if (!v || (await storedManifest())) return;
  const res = await fetch(`${base}${ROOT_FILES.manifest}`);
  if (!res.ok) return;
  const text = await res.text();
  if ((JSON.parse(text) as Manifest).generatedAt === v) await putFile(v, ROOT_FILES.manifest, text);
}
