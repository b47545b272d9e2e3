// The market read worker's calls (core/rpc/protocol.ts): a file's text in, its value (or the
// problem, word for word as parse-file.ts words it) out; and a JSON file fetched and parsed there.

import { call } from '../../core/rpc/protocol.ts';

export interface ReadAnswer {
  value?: unknown;
  problem?: string;
  /** the dividend history's records by symbol (select.ts groupBySymbol), the same objects as the value's */
  bySymbol?: Map<string, unknown[]>;
}

/** A file fetched by the worker: what the page's own fetch would have told it (client/fetch.ts). */
export interface FetchedAnswer {
  /** the HTTP status; 0 when the fetch itself failed (no network, and the service worker has no copy) */
  status: number;
  /** the file's JSON, for a 2xx answer */
  value?: unknown;
  /** why there is no value: the answer's JSON error text, the fetch's failure, or the JSON's problem */
  error?: string;
  /** the answer's X-Khoj-* headers, which the page notes (client/storage.ts) */
  headers: Record<string, string>;
}

export const READ_PROTOCOL = {
  calls: {
    read: call<ReadAnswer>()({ kind: 'string', path: 'string', text: 'string' }),
    fetchJson: call<FetchedAnswer>()({ url: 'string' }),
  },
  broadcasts: {},
};
