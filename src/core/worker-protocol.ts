// The service worker's whole protocol: the shell's calls and each section's, joined. A section
// with messages adds its protocol here (one line); its worker side serves it (sw/worker-section.ts calls).

import { BOOKS_PROTOCOL } from './books/messages.ts';
import { DICTIONARY_PROTOCOL } from './dictionary/messages.ts';
import { MARKET_PROTOCOL } from './market/messages.ts';
import { join } from './rpc/protocol.ts';
import { SHELL_PROTOCOL } from './shell-protocol.ts';

export const WORKER_PROTOCOL = join(join(join(SHELL_PROTOCOL, DICTIONARY_PROTOCOL), MARKET_PROTOCOL), BOOKS_PROTOCOL);
export type WorkerProtocol = typeof WORKER_PROTOCOL;
