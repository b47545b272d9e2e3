// The one limit on a file read from outside, and the reader that holds an answer to it: the data
// build's default for an input or a download (data-build/limits.ts, raised there by
// --max-file-mb), and the service worker's for a market upstream's answer, which the reader may
// point anywhere (sw/market/refresh.ts). Read as it streams in and stopped at the limit, so a
// huge or endless answer never sits in memory whole. Pure web streams: Node and browsers alike.

import { KhojError } from './errors.ts';

const MB = 1024 * 1024;

/** The most bytes one file read from outside may hold, unless the reader raised it: near the real
 * data (the largest real input, the dictionary dump, is 31 MB), so a bomb stays bounded. */
export const MAX_FILE_BYTES = 64 * MB;

/** An answer over the limit: reading stopped there (KhojError "too-large", carrying the limit). */
export const tooLarge = (limit: number): KhojError => new KhojError('too-large', `${limit.toLocaleString('en-US')} bytes; stopped reading`, { limit });

export interface ReadOptions {
  /** what to throw when the stream itself fails after `size` bytes (default: its own error) */
  brokeOff?: (error: unknown, size: number) => unknown;
  /** told of each piece as it arrives; what it throws stops the read there (a limit of the caller's own) */
  onBytes?: (bytes: number) => void;
}

/** The body's bytes, read as they stream in; throws KhojError "too-large" (the rest unread, the stream cancelled) past `maxBytes`. */
export async function readBounded(res: Response, maxBytes: number, opts: ReadOptions = {}): Promise<Uint8Array> {
  // fetch() decodes gzip/br, so a declared length is of the encoded bytes: trusted only unencoded.
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (!res.headers.get('content-encoding') && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (e) {
        throw opts.brokeOff ? opts.brokeOff(e, size) : e;
      }
      if (chunk.done) break;
      size += chunk.value.length;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      try {
        opts.onBytes?.(chunk.value.length);
      } catch (e) {
        await reader.cancel().catch(() => undefined);
        throw e;
      }
      parts.push(chunk.value);
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The body as text (UTF-8, as Response.text() reads it), read under `maxBytes`. */
export const readTextBounded = async (res: Response, maxBytes: number): Promise<string> => new TextDecoder().decode(await readBounded(res, maxBytes));
