// Pure HTTP negotiation for the static server: Accept-Encoding, If-None-Match, Range.

/** The encodings a client accepts (q > 0), from an Accept-Encoding header. `*` accepts the rest. */
export function acceptedEncodings(header: string | undefined): (name: string) => boolean {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  return (name) => {
    const v = q.get(name) ?? q.get('*');
    return v !== undefined && v > 0;
  };
}

/** Weak comparison (RFC 9110 13.1.2): true when If-None-Match names this ETag or is `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  // ETags are quoted strings and may hold commas only inside quotes: split on the quotes.
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((t) => bare(t) === want);
}

export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range from a Range header for a representation of `size` bytes. Several ranges,
 * other units or a malformed header get the whole file (allowed by RFC 9110 14.2);
 * `ifRange` false (the validator changed) also does.
 */
export function byteRange(header: string | undefined, size: number, ifRange = true): RangeAnswer {
  if (!header || !ifRange) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  }
  if (start >= size || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
