// A market file read again with the text it had gives back the value already read. The page
// reads every file on screen again when the worker takes control (first visit) and when it says
// files changed, which on a first visit is mostly the same bytes: parsing and checking them
// again (the dividend history and price months are hundreds of KB) cost seconds of main thread
// on a phone, and new objects re-ran every chart and table drawn from them.
// Only a digest of each text is kept, not the text (the "all" range holds many months). The large
// files' digests are taken in the read worker (createWorkerRereads), the small ones' on the page.

/**
 * A 53-bit digest of the text (two 32-bit multiplicative hashes mixed, as cyrb53 does), with its
 * length: a loop over the characters, a few milliseconds for a large file where SHA-256 through
 * TextEncoder took ten times as long. Not a defence against a chosen text, which no upstream
 * gains anything by: a file that changed and kept its digest would show its old value until the next change.
 */
export function digestOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

export function createRereads() {
  const last = new Map<string, { digest: string; value: unknown }>();
  return {
    /** The value `parse` reads from `text`, or the one read before from the same text under this path. */
    read<V>(path: string, text: string, parse: (text: string) => V): V {
      const digest = digestOf(text);
      const kept = last.get(path);
      if (kept?.digest === digest) return kept.value as V;
      const value = parse(text);
      last.set(path, { digest, value });
      return value;
    },
  };
}

/** The read worker's answer when the text is the one whose value the page keeps. */
export interface Unchanged {
  readonly unchanged: true;
}
export const UNCHANGED: Unchanged = { unchanged: true };
export const isUnchanged = (v: unknown): v is Unchanged =>
  typeof v === 'object' && v !== null && Object.keys(v).length === 1 && 'unchanged' in v && v.unchanged === true;

/**
 * The read worker's side, for the large files: the digest is taken there, off the page's thread.
 * The page numbers each read (`seq`) and says which read's value it keeps for the path (`kept`,
 * 0: none); only a text with that read's digest comes back UNCHANGED. A number names one text,
 * so a page that kept an older read, or none, always gets a value.
 */
export function createWorkerRereads() {
  const last = new Map<string, { digest: string; seq: number }>();
  return {
    read<V>(path: string, text: string, ask: { seq: number; kept: number }, parse: (text: string, digest: string) => V): V | Unchanged {
      const digest = digestOf(text);
      const was = last.get(path);
      if (ask.kept > 0 && was?.seq === ask.kept && was.digest === digest) return UNCHANGED;
      const value = parse(text, digest);
      last.set(path, { digest, seq: ask.seq });
      return value;
    },
  };
}
