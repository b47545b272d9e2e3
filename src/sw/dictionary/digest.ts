// The digest a stored file is verified by when read: SHA-256 of its bytes (native, a few
// milliseconds for a 1 MB letter file, where parsing and checking it costs tens).

export const sha256 = (bytes: BufferSource): Promise<ArrayBuffer> => crypto.subtle.digest('SHA-256', bytes);

export function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  return x.length === y.length && x.every((n, i) => n === y[i]);
}

/** The SHA-256 of the bytes in lowercase hex, as meanings/index.json lists each shard's. */
export async function sha256Hex(bytes: BufferSource): Promise<string> {
  return [...new Uint8Array(await sha256(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
