// What is on the device for offline use, per section: the worker's answer to `offline-status`.
// Each section declares its part's type (core/<id>/<id>-declaration.ts `offline`); a section with
// nothing stored, or whose worker could not say, has no entry.

import type { SectionStatuses } from './sections.ts';

/** Each section's part, under its id. */
export type SectionParts = Partial<SectionStatuses>;

export type OfflineStatus = SectionParts & {
  /** the small parts are being saved right now */
  saving?: boolean;
};
