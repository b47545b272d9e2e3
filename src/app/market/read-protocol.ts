// The market read worker's calls (core/rpc/protocol.ts): a file's text in, the value its kind
// reads to out (or parse-file.ts's KhojError, on the call's error path), or none when it is the
// text of the read the page keeps (`seq` numbers this read, `kept` names the kept one: reread.ts);
// `pick`, one symbol's records of the dividend history (read-answers.ts);
// and a JSON file fetched and parsed there (a failure on the error path too: KhojError network,
// http with its status, or damaged, each with the answer's X-Khoj-* headers).

import type { AdapterValue } from '../../core/market/adapters/index.ts';
import { type FileKind, isFileKind } from '../../core/market/index.ts';
import { call, checked, keyedCall } from '../../core/rpc/protocol.ts';
import type { Unchanged } from './reread.ts';

/** What each kind of file reads to: the reply to `read`, by its `kind` (no value: the one the page keeps, reread.ts). */
export type ReadValues = { [K in FileKind]: AdapterValue<K> | Unchanged };

/** A file fetched by the worker: what the page's own fetch would have told it (client/fetch.ts). */
export interface FetchedAnswer {
  /** the file's JSON */
  value: unknown;
  /** the answer's X-Khoj-* headers, which the page notes (client/storage.ts) */
  headers: Record<string, string>;
}

export const READ_PROTOCOL = {
  calls: {
    read: keyedCall<ReadValues>()('kind', { kind: checked(isFileKind, 'a market file kind'), path: 'string', text: 'string', seq: 'number', kept: 'number' }),
    pick: call<AdapterValue<'dividendHistory'> | Unchanged>()({ path: 'string', text: 'string', seq: 'number', kept: 'number', symbol: 'string' }),
    fetchJson: call<FetchedAnswer>()({ url: 'string' }),
  },
  broadcasts: {},
};
