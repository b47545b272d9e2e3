// The market read worker's one call (core/rpc/protocol.ts): a file's text in, its value (or the
// problem, word for word as parse-file.ts words it) out.

import { call } from '../../core/rpc/protocol.ts';

export interface ReadAnswer {
  value?: unknown;
  problem?: string;
}

export const READ_PROTOCOL = {
  calls: {
    read: call<ReadAnswer>()({ kind: 'string', path: 'string', text: 'string' }),
  },
  broadcasts: {},
};
