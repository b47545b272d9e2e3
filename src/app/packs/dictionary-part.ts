// The whole dictionary in a content pack, the page's side (core/packs/dictionary-part.ts is the
// format; the worker reads and stores it: sw/dictionary/whole/pack-part.ts). Making: the worker
// gives the stored build's blocks one at a time, each kept as a Blob (the browser's, not this
// page's memory) and hashed on the way for the part's own index. Taking: the index part, checked
// by its digest, tells the worker what comes; the pack part is cut into its blocks as it streams
// and each handed to the worker, which verifies, checks and stores it before the next.

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { BlockCutter, DICTIONARY_PARTS, partIndex, readPartIndex } from '../../core/packs/dictionary-part.ts';
import type { DictionaryPartPlan } from '../../core/dictionary/messages.ts';
import type { PackIndexFile } from '../../core/dictionary/pack/files.ts';
import { PackError, type PackPart } from '../../core/packs/manifest.ts';
import type { PartSink, Skip } from '../../core/packs/pack-reader.ts';
import { askReadyWorker } from '../client/rpc.ts';

/** What the pack screen offers: the stored build's dictionary, when all of it is on this phone. */
export const dictionaryPlan = (): Promise<DictionaryPartPlan> => askReadyWorker('dictionary-part-plan', {}, { timeoutMs: 60_000 });

export interface MadePart {
  blob: Blob;
  part: Omit<PackPart, 'size' | 'sha256'>;
}

/** The dictionary's two parts (its index, then its pack) from the worker, block by block; `progress` gets the stored bytes done. */
export async function dictionaryParts(plan: DictionaryPartPlan, signal: AbortSignal, progress: (bytes: number) => void): Promise<MadePart[]> {
  const v = plan.version!;
  const blobs: Blob[] = [];
  const blocks: Array<{ bytes: number; sha256: string }> = [];
  const whole = sha256.create();
  let at = 0;
  for (const [i, count] of plan.counts.entries()) {
    signal.throwIfAborted();
    const files = plan.files.slice(at, (at += count));
    const bytes = await askReadyWorker(
      'dictionary-part-block',
      { version: v, paths: files.map((f) => f.path), ...(i === 0 ? { files: plan.files.length } : {}) },
      { timeoutMs: 60_000 },
    );
    whole.update(bytes);
    blocks.push({ bytes: bytes.length, sha256: bytesToHex(sha256(bytes)) });
    blobs.push(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    progress(files.reduce((n, f) => n + f.bytes, 0));
  }
  const index = partIndex(v, plan.files, plan.counts, blocks, bytesToHex(whole.digest()));
  const meta = { build: v, files: plan.files.length };
  return [
    { blob: new Blob([JSON.stringify(index)], { type: 'application/json' }), part: { name: DICTIONARY_PARTS.index, kind: 'dictionary', meta } },
    { blob: new Blob(blobs), part: { name: DICTIONARY_PARTS.pack, kind: 'dictionary', meta } },
  ];
}

/** Why a dictionary part was read through and not kept. */
export type DictionarySkip = 'older' | 'no-index';

/** The index part's text is at most this (the full-size dictionary's is about 0.3 MB). */
const INDEX_BYTES = 16 * 1024 * 1024;

/** Takes a pack's dictionary parts: the index (held until its digest is checked), then the pack, streamed to the worker block by block. */
export function dictionaryTaker() {
  let started: { index: PackIndexFile; id: string } | undefined;
  let skip: DictionarySkip | undefined = 'no-index';
  const refuse = (p: PackPart, e: unknown) => new PackError('not-kind', p.name, String((e as Error).message ?? e));

  function indexSink(p: PackPart): PartSink {
    const got: Uint8Array[] = [];
    return {
      write: (c) => void (p.size <= INDEX_BYTES && got.push(c.slice())),
      async commit() {
        if (p.size > INDEX_BYTES) throw new PackError('too-large', p.name, `${p.size} bytes, more than ${INDEX_BYTES}`);
        let index: PackIndexFile;
        try {
          index = readPartIndex(await new Blob(got as Uint8Array<ArrayBuffer>[]).text());
        } catch (e) {
          throw refuse(p, e);
        }
        const start = await askReadyWorker('dictionary-part-start', { index }, { timeoutMs: 60_000 }).catch((e: unknown) => Promise.reject(refuse(p, e)));
        if ('skip' in start) return (skip = start.skip);
        started = { index, id: start.id };
        skip = undefined;
      },
      abort: () => void (got.length = 0),
    };
  }

  function packSink(p: PackPart): PartSink | Skip {
    const s = started;
    if (!s) return { skip: skip ?? 'no-index' };
    started = undefined;
    const cutter = new BlockCutter(s.index);
    let wrong: PackError | undefined;
    const drop = () => askReadyWorker('dictionary-part-drop', { id: s.id }, { timeoutMs: 60_000 }).catch(() => undefined);
    return {
      async write(c) {
        if (wrong) return;
        try {
          for (const b of cutter.push(c)) await askReadyWorker('dictionary-part-take', { id: s.id, block: b.block, bytes: b.bytes }, { timeoutMs: 120_000 });
        } catch (e) {
          // Refused by name when the reader commits it; the rest of the pack reads on.
          wrong = refuse(p, e);
        }
      },
      async commit() {
        try {
          if (wrong) throw wrong;
          cutter.end();
          await askReadyWorker('dictionary-part-end', { id: s.id }, { timeoutMs: 120_000 });
        } catch (e) {
          await drop();
          throw e instanceof PackError ? e : refuse(p, e);
        }
      },
      abort: async () => void (await drop()),
    };
  }

  return {
    part: (p: PackPart): PartSink | Skip =>
      p.name === DICTIONARY_PARTS.index ? indexSink(p) : p.name === DICTIONARY_PARTS.pack ? packSink(p) : { skip: 'not-taken' },
  };
}
