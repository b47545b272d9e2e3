// What the page asks the service worker for the whole app, not one section: what is on the
// device for offline use (core/offline-status.ts), to save each section's small part, and the
// update's step: a waiting worker taking over.

import type { OfflineStatus } from './offline-status.ts';
import { call, carries } from './rpc/protocol.ts';

export const SHELL_PROTOCOL = {
  calls: {
    /** what is on the device for offline use, per section */
    'offline-status': call<OfflineStatus>()({}),
    /** save each section's small part now, if not saved yet; answered when done, with the status */
    'offline-save': call<OfflineStatus>()({}),
    /** asked of the waiting worker when the reader takes the update: it takes over now */
    'skip-waiting': call<null>()({}),
  },
  broadcasts: {
    /** the install-time saving finished, or a section's saved state changed */
    'offline-saved': carries<OfflineStatus>(),
  },
};
