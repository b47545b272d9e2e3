// The shared catalog API suite (tests/books/api-suite.ts) in the browser tests. It is written for
// vitest (`describe`, `it`, `expect` from 'vitest'): here the module 'vitest' resolves to
// Playwright's test, test.describe and expect, whose matchers are the same; nothing else
// imports 'vitest' in a Playwright process.

import { register } from 'node:module';
import { expect, test } from '@playwright/test';

(globalThis as { __khojBooksHarness?: unknown }).__khojBooksHarness = { describe: test.describe, it: test, expect };
const shim = 'const h = globalThis.__khojBooksHarness; export const describe = h.describe; export const it = h.it; export const expect = h.expect;';
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function resolve(s, c, next) { return s === 'vitest' ? { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(shim)}`)}, shortCircuit: true } : next(s, c); }`,
  )}`,
);

export const { booksApiSuite } = await import('../books/api-suite.ts');
