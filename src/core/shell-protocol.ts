// What the page asks the service worker for the whole app, not one section: what is on the
// device for offline use (core/offline-status.ts), and to save each section's small part.

import type { OfflineStatus } from './offline-status.ts';
import { call, carries } from './rpc/protocol.ts';

export const SHELL_PROTOCOL = {
  calls: {
    /** what is on the device for offline use, per section */
    'offline-status': call<OfflineStatus>()({}),
    /** save each section's small part now, if not saved yet; answered when done, with the status */
    'offline-save': call<OfflineStatus>()({}),
  },
  broadcasts: {
    /** the install-time saving finished, or a section's saved state changed */
    'offline-saved': carries<OfflineStatus>(),
  },
};
