/// <reference lib="webworker" />
// The market read worker: parses and checks the large market files (dividend history, price and
// index months, hundreds of KB each) off the main thread. On a phone's CPU each took 50–250 ms of
// one task on the page, the long tasks of the symbol and history screens' first views
// (bench/RESULTS.md, "Lighthouse (mobile): history, portfolio, symbol").

import type { FileKind } from '../../core/market/index.ts';
import { serve } from '../../core/rpc/serve.ts';
import { parseFile } from './parse-file.ts';
import { READ_PROTOCOL } from './read-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (e: MessageEvent) =>
  void serve(
    READ_PROTOCOL,
    {
      read: ({ kind, path, text }) => {
        try {
          return { value: parseFile(kind as FileKind, path, text) };
        } catch (err) {
          return { problem: (err as Error).message };
        }
      },
    },
    e.data,
    e.ports[0],
  );
