/// <reference lib="webworker" />
// Offline by default (src/core/offline-promise.ts): at the first visit the page asks, and every
// section that has a small part saves it in its own storage (WorkerSection.saveOffline), so that
// after one visit the app keeps what its banner promises; `offline-status` says what is on the
// device, per section (WorkerSection.offlineStatus).

import type { OfflineStatus } from '../core/offline-promise.ts';
import type { FromWorker } from '../core/sw-protocol.ts';
import type { WorkerContext, WorkerSection } from './section.ts';

type Registered = ReadonlyArray<{ section: WorkerSection; ctx: WorkerContext }>;

let saving: Promise<void> | undefined;

/** Saves what is saved without asking; one run at a time; never fails (each part is best effort). */
export function saveSmallParts(sections: Registered): Promise<void> {
  saving ??= (async () => {
    await Promise.all(sections.map(({ section, ctx }) => section.saveOffline?.(ctx).catch(() => undefined)));
    // Sent from inside the run: the status must not say it is still saving.
    const status = await offlineStatus(sections, false);
    await sections[0]?.ctx.broadcast({ type: 'offline-saved', status } satisfies FromWorker);
  })().finally(() => (saving = undefined));
  return saving;
}

/** What is on the device now, per section. */
export async function offlineStatus(sections: Registered, inProgress = saving !== undefined): Promise<OfflineStatus> {
  const status = { dictionary: { letters: false, sampleWords: 0, entries: 0, whole: false, files: 0, totalFiles: 0 }, books: 0, market: 0 } as OfflineStatus;
  if (inProgress) status.saving = true;
  await Promise.all(
    sections.map(async ({ section, ctx }) => {
      const part = await section.offlineStatus?.(ctx).catch(() => undefined);
      if (part !== undefined) (status as unknown as Record<string, unknown>)[section.id] = part;
    }),
  );
  return status;
}

/** The page asks what is saved, or to save it: true when the message was this module's. */
export function onOfflineMessage(event: ExtendableMessageEvent, sections: Registered): boolean {
  const m = event.data as { type?: string; id?: number } | null;
  if (m?.type === 'offline-save') {
    event.waitUntil(saveSmallParts(sections));
    return true;
  }
  if (m?.type !== 'offline-status') return false;
  event.waitUntil(
    offlineStatus(sections).then((status) =>
      event.source?.postMessage({ type: 'offline-status', ...(m.id !== undefined ? { id: m.id } : {}), status } satisfies FromWorker),
    ),
  );
  return true;
}
