/// <reference lib="webworker" />
// Offline by default (docs/service-worker.md): at the first visit the page asks, and every
// section that has a small part saves it in its own storage (WorkerSection.saveOffline), so that
// after one visit the app keeps what its banner promises; `offline-status` says what is on the
// device, per section (WorkerSection.offlineStatus).

import type { OfflineStatus, SectionParts } from '../core/offline-status.ts';
import type { SectionId } from '../core/sections.ts';
import type { Handlers } from '../core/rpc/serve.ts';
import type { SHELL_PROTOCOL } from '../core/shell-protocol.ts';
import type { AnyWorkerSection, WorkerContext, WorkerSection } from './worker-section.ts';

type Registered = ReadonlyArray<{ section: AnyWorkerSection; ctx: WorkerContext }>;

let saving: Promise<OfflineStatus> | undefined;

/** Saves what is saved without asking; one run at a time; never fails (each part is best effort). What is saved then. */
export function saveSmallParts(sections: Registered): Promise<OfflineStatus> {
  saving ??= (async () => {
    await Promise.all(sections.map(({ section, ctx }) => section.saveOffline?.(ctx).catch(() => undefined)));
    // Sent from inside the run: the status must not say it is still saving.
    const status = await offlineStatus(sections, false);
    await sections[0]?.ctx.broadcast('offline-saved', status);
    return status;
  })().finally(() => (saving = undefined));
  return saving;
}

/** What is on the device now, per section: each section's own part, none where it has nothing to say. */
export async function offlineStatus(sections: Registered, inProgress = saving !== undefined): Promise<OfflineStatus> {
  const status: OfflineStatus = {};
  if (inProgress) status.saving = true;
  await Promise.all(sections.map(({ section, ctx }) => partOf(section, ctx, status)));
  return status;
}

/** One section's part, under its id (a failing section leaves no entry). */
async function partOf<K extends SectionId>(section: WorkerSection<K>, ctx: WorkerContext, parts: SectionParts): Promise<void> {
  const part = await section.offlineStatus?.(ctx).catch(() => undefined);
  if (part !== undefined) parts[section.id] = part;
}

/** The shell's calls: what is saved, and to save it (answered with the status once saved). */
export function shellCalls(sections: Registered): Omit<Handlers<typeof SHELL_PROTOCOL>, 'skip-waiting'> {
  return {
    'offline-status': () => offlineStatus(sections),
    // The status the run ended with, not read again: reading it (every section's stores) is the
    // worker's longest step, and a page opened meanwhile waits for its files behind it.
    'offline-save': () => saveSmallParts(sections),
  };
}
