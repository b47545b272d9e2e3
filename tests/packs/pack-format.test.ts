// The content pack's format (src/core/packs/): what pack-writer.ts lays out pack-reader.ts reads
// back part for part, `tar` itself lists it, and every hostile pack issue 35 names ends in a named
// refusal after reading no more than its bounds (a stream of zeros is counted as it is pulled).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type PackPart, PackError, PACK_LIMITS, MANIFEST_NAME } from '../../src/core/packs/manifest.ts';
import { makeManifest, packLayout } from '../../src/core/packs/pack-writer.ts';
import { type PackSink, readPack } from '../../src/core/packs/pack-reader.ts';
import { BLOCK, entryHeader, padding } from '../../src/core/packs/tar.ts';

const hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const part = (name: string, bytes: Uint8Array, kind: PackPart['kind'] = 'book-file'): PackPart => ({ name, kind, size: bytes.length, sha256: hex(bytes) });

/** A whole pack's bytes (the page makes a Blob of the same pieces). */
function pack(parts: Array<{ p: PackPart; bytes: Uint8Array }>, build = 'b1'): Uint8Array {
  const m = makeManifest(
    build,
    parts.map((x) => x.p),
    new Date('2026-11-28T00:00:00Z'),
  );
  const pieces = packLayout(m).map((piece) => (piece instanceof Uint8Array ? piece : parts[piece.part]!.bytes));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  pieces.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

/** The bytes in chunks of `size`, counting what the reader pulled. */
function chunks(bytes: Uint8Array, size = 1000) {
  const seen = { pulled: 0 };
  const source = (async function* () {
    for (let at = 0; at < bytes.length; at += size) {
      seen.pulled += Math.min(size, bytes.length - at);
      yield bytes.subarray(at, at + size);
    }
  })();
  return { source, seen };
}

/** A sink keeping each committed part's bytes, and what it was told. */
function keeper() {
  const kept = new Map<string, Uint8Array>();
  const aborted: string[] = [];
  const sink: PackSink = {
    part: (p) => {
      const got: Uint8Array[] = [];
      return {
        write: (c) => void got.push(c.slice()),
        commit: async () => void kept.set(p.name, new Uint8Array(Buffer.concat(got))),
        abort: () => void aborted.push(p.name),
      };
    },
  };
  return { kept, aborted, sink };
}

const bytesOf = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

async function refusal(bytes: Uint8Array | AsyncIterable<Uint8Array>): Promise<PackError> {
  const source = bytes instanceof Uint8Array ? chunks(bytes).source : bytes;
  const e = await readPack(source, keeper().sink).then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PackError);
  return e as PackError;
}

describe('a pack written and read back', () => {
  it('gives back every part, byte for byte, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 6 }), fc.integer({ min: 1, max: 2000 }), async (blobs, size) => {
        const parts = blobs.map((bytes, i) => ({ p: part(`books/f${i}.pdf`, bytes), bytes }));
        const { kept, sink } = keeper();
        const result = await readPack(chunks(pack(parts), size).source, sink);
        expect(result.parts.map((r) => r.state)).toEqual(parts.map(() => 'taken'));
        for (const { p, bytes } of parts) expect(kept.get(p.name)).toEqual(bytes);
      }),
      { numRuns: 60 },
    );
  });

  it("tells each part's sink where its bytes begin in the pack, and needs no chunk after lending it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 5 }), fc.integer({ min: 1, max: 1500 }), async (blobs, size) => {
        const parts = blobs.map((bytes, i) => ({ p: part(`books/f${i}.pdf`, bytes), bytes }));
        const bytes = pack(parts);
        const starts = new Map<string, number>();
        const { kept, sink } = keeper();
        const told: PackSink = { part: (p, at) => (starts.set(p.name, at), sink.part(p, at)) };
        // One buffer read into again for every chunk, as app/packs/chunks.ts reads a file.
        const reused = (async function* () {
          const buffer = new Uint8Array(size);
          for (let at = 0; at < bytes.length; at += size) {
            const n = Math.min(size, bytes.length - at);
            buffer.set(bytes.subarray(at, at + n));
            yield buffer.subarray(0, n);
            buffer.fill(0xee);
          }
        })();
        const result = await readPack(reused, told);
        expect(result.parts.map((r) => r.state)).toEqual(parts.map(() => 'taken'));
        for (const { p, bytes: b } of parts) {
          expect(kept.get(p.name)).toEqual(b);
          expect(bytes.subarray(starts.get(p.name)!, starts.get(p.name)! + b.length)).toEqual(b);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('is a tar that `tar` lists, the manifest first', () => {
    const bytes = pack([{ p: part('books/a.pdf', bytesOf(700)), bytes: bytesOf(700) }]);
    const dir = mkdtempSync(join(tmpdir(), 'khoj-pack-'));
    writeFileSync(join(dir, 'p.khoj'), bytes);
    expect(
      execFileSync('tar', ['-tf', join(dir, 'p.khoj')], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toEqual([MANIFEST_NAME, 'books/a.pdf']);
    expect(execFileSync('tar', ['-xOf', join(dir, 'p.khoj'), 'books/a.pdf']).equals(Buffer.from(bytesOf(700)))).toBe(true);
  });

  it('refuses an altered part by name, aborts only it, and keeps the rest', async () => {
    const a = bytesOf(5000, 1);
    const b = bytesOf(5000, 2);
    const c = bytesOf(10, 3);
    const bytes = pack([
      { p: part('books/a.pdf', a), bytes: a },
      { p: part('books/b.epub', b), bytes: b },
      { p: part('market/c.json', c, 'market-file'), bytes: c },
    ]);
    // One byte of b's bytes changed, after its header (the manifest is 1 block + its body).
    const at = findEntry(bytes, 'books/b.epub') + BLOCK + 100;
    bytes[at]! ^= 0xff;
    const { kept, aborted, sink } = keeper();
    const result = await readPack(chunks(bytes).source, sink);
    expect(result.parts.map((r) => [r.name, r.state, r.problem])).toEqual([
      ['books/a.pdf', 'taken', undefined],
      ['books/b.epub', 'refused', 'digest'],
      ['market/c.json', 'taken', undefined],
    ]);
    expect(aborted).toEqual(['books/b.epub']);
    expect([...kept.keys()]).toEqual(['books/a.pdf', 'market/c.json']);
  });
});

/** Where the entry named `name` starts. */
function findEntry(bytes: Uint8Array, name: string): number {
  const want = new TextEncoder().encode(name);
  for (let at = 0; at < bytes.length; at += BLOCK) if (want.every((b, i) => bytes[at + i] === b) && bytes[at + want.length] === 0) return at;
  throw new Error(`no entry ${name}`);
}

/** A pack whose manifest is `manifest` (any JSON, unchecked) followed by `rest`. */
function rawPack(manifest: unknown, rest: Uint8Array[] = [new Uint8Array(2 * BLOCK)]): Uint8Array {
  const body = new TextEncoder().encode(JSON.stringify(manifest));
  return Buffer.concat([entryHeader(MANIFEST_NAME, body.length), body, new Uint8Array(padding(body.length)), ...rest]);
}
const manifestOf = (parts: unknown[]) => ({ format: 'khoj-content-pack', version: 1, build: 'b', made: '2026-11-28T00:00:00Z', parts });

describe('a hostile pack ends in a named refusal', () => {
  it('a compressed pack (a gzip bomb: 100 MB of zeros in 100 KB) is refused at its first bytes, never inflated', async () => {
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024));
    const { source, seen } = chunks(bomb, 4096);
    const e = await refusal(source);
    expect([e.problem, e.part]).toEqual(['compressed', MANIFEST_NAME]);
    expect(seen.pulled).toBeLessThanOrEqual(4096);
  });

  it('a manifest that lies about a size: the entry disagrees and the part is named', async () => {
    const a = bytesOf(3000);
    const lying = { ...part('books/a.pdf', a), size: 100 };
    const e = await refusal(rawPack(manifestOf([lying]), [entryHeader('books/a.pdf', a.length), a, new Uint8Array(padding(a.length) + 2 * BLOCK)]));
    expect([e.problem, e.part]).toEqual(['mismatch', 'books/a.pdf']);
    expect(e.message).toContain('3000');
  });

  it('a manifest promising a part larger than the limit is refused before a part is read', async () => {
    const e = await refusal(rawPack(manifestOf([{ ...part('books/a.pdf', bytesOf(1)), size: 10 * 1024 ** 3 }])));
    expect([e.problem, e.part]).toEqual(['too-large', 'books/a.pdf']);
  });

  it.each(['../evil.pdf', 'books/../../x', '/etc/passwd', 'a\\b', 'books//a', 'Books/A.pdf', ''])('a part named %j', async (name) => {
    const e = await refusal(rawPack(manifestOf([{ ...part('x', bytesOf(1)), name }])));
    expect(e.problem).toBe('bad-name');
    expect(e.message).toContain(JSON.stringify(name));
  });

  it('an entry named with ../ where the manifest names another is refused by the manifest’s name', async () => {
    const a = bytesOf(10);
    const e = await refusal(rawPack(manifestOf([part('books/a.pdf', a)]), [entryHeader('../a.pdf', a.length), a, new Uint8Array(padding(10) + 2 * BLOCK)]));
    expect([e.problem, e.part]).toEqual(['mismatch', 'books/a.pdf']);
  });

  it('a million tiny parts: the manifest is refused at its count', async () => {
    const one = part('p/0', new Uint8Array(0));
    const e = await refusal(rawPack({ ...manifestOf([]), parts: Array.from({ length: 1_000_000 }, (_, i) => ({ ...one, name: `p/${i}` })) }));
    expect(['too-many', 'too-large']).toContain(e.problem);
  });

  it('a million tiny entries the manifest does not name: refused at the first', async () => {
    const entries = Array.from({ length: 1000 }, (_, i) => entryHeader(`p/${i}`, 0));
    const e = await refusal(rawPack(manifestOf([]), entries));
    expect([e.problem, e.part]).toEqual(['trailing', MANIFEST_NAME]);
  });

  it('10 GB of nothing is refused after its first block', async () => {
    const seen = { pulled: 0 };
    const zeros = (async function* () {
      const chunk = new Uint8Array(1 << 20);
      for (let i = 0; i < 10 * 1024; i++) {
        seen.pulled += chunk.length;
        yield chunk;
      }
    })();
    const e = await refusal(zeros);
    expect(e.problem).toBe('not-a-pack');
    expect(seen.pulled).toBe(1 << 20);
  });

  it('10 GB of nothing after the last part: refused after a record of zeros, the parts kept', async () => {
    const a = bytesOf(10);
    const good = pack([{ p: part('books/a.pdf', a), bytes: a }]);
    const seen = { pulled: 0 };
    const source = (async function* () {
      yield good;
      const chunk = new Uint8Array(1 << 16);
      for (let i = 0; i < 160_000; i++) {
        seen.pulled += chunk.length;
        yield chunk;
      }
    })();
    const { kept, sink } = keeper();
    const e = await readPack(source, sink).catch((err: PackError) => err);
    expect((e as PackError).problem).toBe('trailing');
    expect([...kept.keys()]).toEqual(['books/a.pdf']);
    expect(seen.pulled).toBeLessThanOrEqual(2 << 16);
  });

  it('a link or a sparse file where a part should be', async () => {
    for (const type of ['2', 'S', '5']) {
      const h = entryHeader('books/a.pdf', 0);
      h[156] = type.charCodeAt(0);
      // the checksum again, with the new type
      h.fill(0x20, 148, 156);
      const sum = h.reduce((n, b) => n + b, 0);
      h.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0`), 148);
      const e = await refusal(rawPack(manifestOf([part('books/a.pdf', new Uint8Array(0))]), [h, new Uint8Array(2 * BLOCK)]));
      expect([e.problem, e.part]).toEqual(['mismatch', 'books/a.pdf']);
    }
  });

  it('a pack cut short names the part it ends in, and aborts it', async () => {
    const a = bytesOf(5000);
    const bytes = pack([{ p: part('books/a.pdf', a), bytes: a }]).subarray(0, 2 * BLOCK + 2000);
    const { aborted, sink } = keeper();
    const e = await readPack(chunks(bytes).source, sink).catch((err: PackError) => err);
    expect([(e as PackError).problem, (e as PackError).part]).toEqual(['truncated', 'books/a.pdf']);
    expect(aborted).toEqual(['books/a.pdf']);
  });

  it('a manifest larger than its limit, or of a newer version, or not a pack', async () => {
    const big = Buffer.concat([entryHeader(MANIFEST_NAME, PACK_LIMITS.manifestBytes + 1), new Uint8Array(BLOCK)]);
    expect((await refusal(big)).problem).toBe('too-large');
    expect((await refusal(rawPack({ ...manifestOf([]), version: 2 }))).problem).toBe('newer-version');
    expect((await refusal(rawPack({ format: 'zip' }))).problem).toBe('not-a-pack');
    expect((await refusal(Buffer.concat([entryHeader('readme.txt', 0), new Uint8Array(2 * BLOCK)]))).problem).toBe('not-a-pack');
  });
});
