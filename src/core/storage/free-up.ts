// "Free up space" on the storage screen: of the files the reader saved, the largest not opened for
// a while. When a file was last used is the latest of its saving, the reader's place in it (a
// page, an audio position) and its book's shelf; the page reads those, this only decides.

/** Days without opening after which a saved file is suggested. */
export const IDLE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface KeptFile {
  id: string;
  /** its record, when the file was saved alone (a chapter, an audio track) */
  bookId?: string;
  /** bytes on the device; null when unknown (those are never suggested: nothing to say they free) */
  bytes: number | null;
  /** when it was saved (ms) */
  savedAt: number;
}

export interface Suggestion {
  id: string;
  bytes: number;
  /** whole days since it was last opened (or saved, when never opened) */
  idleDays: number;
  /** it was never opened, only saved */
  neverOpened: boolean;
}

/**
 * The files idle for IDLE_DAYS or more, largest first, at most `max`. `usedAt` maps a file's id or
 * its book's id to the last time it was opened (ms).
 */
export function freeUpSuggestions(files: readonly KeptFile[], usedAt: ReadonlyMap<string, number>, now: number, max = 5): Suggestion[] {
  const out: Suggestion[] = [];
  for (const f of files) {
    if (f.bytes === null || f.bytes <= 0) continue;
    const opened = Math.max(usedAt.get(f.id) ?? 0, f.bookId ? (usedAt.get(f.bookId) ?? 0) : 0);
    const last = Math.max(opened, f.savedAt);
    const idleDays = Math.floor((now - last) / DAY_MS);
    if (idleDays < IDLE_DAYS) continue;
    out.push({ id: f.id, bytes: f.bytes, idleDays, neverOpened: opened === 0 });
  }
  return out.sort((a, b) => b.bytes - a.bytes || b.idleDays - a.idleDays).slice(0, max);
}

/** The latest of the times under each key (several rows may name one book: its place, its shelf). */
export function latestBy(rows: ReadonlyArray<{ id: string; at: number }>): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) if (r.at > (m.get(r.id) ?? 0)) m.set(r.id, r.at);
  return m;
}
