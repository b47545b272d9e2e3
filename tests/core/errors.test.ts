// The app's one error type (src/core/errors.ts): a code from one table, what each code carries
// (the storage problem, an answer's status, a size limit), and the same error after a message
// boundary (toData → structured clone → fromData), as the page and its workers pass them.

import { describe, expect, it } from 'vitest';
import { detailOf, ERROR_CODES, type ErrorData, isErrorCode, KhojError, STORAGE_PROBLEMS } from '../../src/core/errors.ts';
import { classify, storageError } from '../../src/databases/storage-problem.ts';
import { storageTracker } from '../../src/sw/storage.ts';
import { readBounded } from '../../src/core/bounded-body.ts';
import { oldReason } from '../../src/core/market/reasons.ts';
import { answerError, errorMessage } from '../../src/app/client/fetch.ts';

/** What the other side of a postMessage gets. */
const across = (e: KhojError) => KhojError.fromData(structuredClone(e.toData()));

describe('KhojError', () => {
  it('has one code for each kind of failure the app reports, and nothing else is a code', () => {
    for (const code of ['http', 'too-large', 'not-pdf', 'not-epub', 'pdf-password', 'damaged', 'network', 'storage']) expect(ERROR_CODES).toContain(code);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('save-failed')).toBe(false);
  });

  it('says the code’s words, then the detail', () => {
    expect(new KhojError('not-epub').message).toBe('the file is not an EPUB');
    expect(new KhojError('damaged', 'no META-INF/container.xml').message).toBe('the file is damaged: no META-INF/container.xml');
    expect(new KhojError('http', 'no such book', { status: 404 })).toMatchObject({ code: 'http', status: 404, detail: 'no such book' });
  });

  it('tells codes apart, and an answer’s status with them', () => {
    const e: unknown = answerError(404, 'no such book');
    expect(KhojError.is(e, 'http')).toBe(true);
    expect(KhojError.is(e, 'http', 404)).toBe(true);
    expect(KhojError.is(e, 'http', 503)).toBe(false);
    expect(KhojError.is(e, 'damaged')).toBe(false);
    expect(KhojError.is(new Error('no such book'), 'http')).toBe(false);
  });

  it('crosses a message boundary with its code, detail, message, cause-free fields and all', () => {
    const errors = [
      new KhojError('http', 'the catalog is not saved on this device', { status: 503 }),
      new KhojError('storage', 'quota: disk full', { storage: 'quota' }),
      new KhojError('too-large', '1,024 bytes; stopped reading', { limit: 1024 }),
      new KhojError('pdf-password', 'No password given'),
      new KhojError('not-epub'),
    ];
    for (const e of errors) {
      const back = across(e);
      expect(back).toBeInstanceOf(KhojError);
      expect(back.toData()).toEqual(e.toData());
      expect({ code: back.code, detail: back.detail, message: back.message, storage: back.storage, status: back.status, limit: back.limit }).toEqual({
        code: e.code,
        detail: e.detail,
        message: e.message,
        storage: e.storage,
        status: e.status,
        limit: e.limit,
      });
    }
    expect(new KhojError('not-epub').toData()).toEqual({ code: 'not-epub', message: 'the file is not an EPUB' });
  });

  it('takes from the other side only what is well-formed', () => {
    const bad = { code: 'nonsense', message: 'm', detail: 7, storage: 'full', status: 'x', limit: NaN } as unknown as ErrorData;
    const e = KhojError.fromData(bad);
    expect(e.code).toBe('failed');
    expect(e.message).toBe('m');
    expect(e.toData()).toEqual({ code: 'failed', message: 'm' });
  });

  it('from(): a KhojError stays itself; anything else becomes the fallback code with its message and cause', () => {
    const http = answerError(500);
    expect(KhojError.from(http)).toBe(http);
    const plain = new TypeError('Failed to fetch');
    const e = KhojError.from(plain, 'network');
    expect(e).toMatchObject({ code: 'network', detail: 'Failed to fetch', message: 'the network failed: Failed to fetch', cause: plain });
    expect(KhojError.from('odd')).toMatchObject({ code: 'failed', detail: 'odd' });
    expect(across(KhojError.from(plain, 'network')).toData()).toEqual(e.toData());
  });

  it('detailOf: what went wrong without the code’s words', () => {
    expect(detailOf(new KhojError('damaged', 'no chapter 3'))).toBe('no chapter 3');
    expect(detailOf(new KhojError('not-pdf'))).toBe('the file is not a PDF');
    expect(detailOf(new Error('x'))).toBe('x');
    expect(detailOf('y')).toBe('y');
  });
});

describe('an answer’s error on the page (app/client/fetch.ts)', () => {
  it('keeps the status, and shows the answer’s own text as the screens did', () => {
    expect(answerError(503, 'the catalog is not saved on this device')).toMatchObject({ code: 'http', status: 503 });
    expect(errorMessage(answerError(503, 'the catalog is not saved on this device'))).toBe('the catalog is not saved on this device');
    expect(errorMessage(answerError(500))).toBe('HTTP 500');
    expect(errorMessage(new KhojError('timeout', 'offline-status'))).toBe('the worker did not answer in time: offline-status');
    expect(errorMessage(new SyntaxError('bad JSON'))).toBe('bad JSON');
  });
});

describe('device storage problems: one vocabulary', () => {
  it('a storage failure is a KhojError "storage" with its problem and cause, and classifies as that problem on either side', () => {
    const cause = new DOMException('the disk is full', 'QuotaExceededError');
    const e = storageError(classify(cause), cause);
    expect(e).toMatchObject({ code: 'storage', storage: 'quota', cause });
    expect(e.message).toBe('device storage failed: quota: the disk is full');
    expect(classify(e)).toBe('quota');
    expect(classify(across(storageError('corrupt', 'letters/क.json of v1')))).toBe('corrupt');
    expect(classify(new DOMException('x', 'InvalidStateError'))).toBe('unavailable');
    expect(classify(new Error('x'))).toBe('other');
  });

  it('the worker’s tracker takes every word of the one list, and classifies anything else', () => {
    for (const p of STORAGE_PROBLEMS) expect(storageTracker().failed(p)).toBe(p);
    expect(storageTracker().failed('full')).toBe('other');
    expect(storageTracker().failed(storageError('blocked', 'wait'))).toBe('blocked');
  });
});

describe('an answer over the limit (core/bounded-body.ts)', () => {
  it('is a KhojError "too-large" carrying the limit, read back by the market as its reason', async () => {
    const e = await readBounded(new Response('x'.repeat(2000)), 1024).catch((x: unknown) => x);
    expect(KhojError.is(e, 'too-large')).toBe(true);
    expect(e).toMatchObject({ limit: 1024 });
    // a stored reason of an older version, as it was worded then
    expect(oldReason((e as Error).message)).toMatchObject({ code: 'too-large', limit: 1024 });
    expect(across(e as KhojError).limit).toBe(1024);
  });
});

describe("a failed fetch on the page's behalf (the market read worker's fetchJson)", () => {
  it("crosses the message boundary as its code, its status and the answer's X-Khoj-* headers", () => {
    const headers = { 'x-khoj-storage': 'quota' };
    const e = across(new KhojError('http', 'not found', { status: 404, headers }));
    expect(e).toMatchObject({ code: 'http', status: 404, detail: 'not found', headers });
    expect(KhojError.fromData({ code: 'http', message: 'x', headers: { a: 1 } as unknown as Record<string, string> }).headers).toBeUndefined();
  });
});
