/// <reference lib="webworker" />
// What a section plugs into the service worker: which of its requests it answers and how, the
// page messages of its namespace, and what it does when the worker installs, activates or is
// woken by a periodic sync. Which paths are whose is declared in src/core/sections.ts; the calls
// a section answers are in its protocol (core/worker-protocol.ts joins them); sw.ts only routes to
// the registered sections (sections.ts).

import type { Handlers } from '../core/rpc/serve.ts';
import type { SectionDeclaration } from '../core/section-declaration.ts';
import type { SectionId, StatusOf } from '../core/sections.ts';
import type { WorkerProtocol } from '../core/worker-protocol.ts';
import type { Broadcast } from './broadcast.ts';
import type { StorageTracker } from './storage.ts';

export interface WorkerContext {
  /** the section's declaration (prefixes, databases, storage policy: core/section.ts) */
  declaration: SectionDeclaration;
  /** the app's base URL (the worker's scope), ending in "/" */
  base: string;
  /** which app build this worker is */
  build: string;
  /** the section's device storage: its failures, for its answers and status (storage.ts) */
  storage: StorageTracker;
  /** a message to every window of the app, of the protocol's broadcasts */
  broadcast: Broadcast;
}

export interface WorkerSection<Id extends SectionId = SectionId> {
  id: Id;
  /**
   * Answers a request for one of the section's paths (`rel`: decoded, below the base, under
   * `prefix`, one of the declaration's); undefined to leave it to the network.
   */
  answer(rel: string, prefix: string, request: Request, ctx: WorkerContext): Promise<Response> | undefined;
  /** The handlers of the section's calls (its part of core/worker-protocol.ts); each answers the asker only. */
  calls?(ctx: WorkerContext): Partial<Handlers<WorkerProtocol>>;
  /** At install, synchronously: throwing fails the install (a worker without what it needs is not installed). */
  onInstall?(ctx: WorkerContext): void;
  onActivate?(ctx: WorkerContext): Promise<void>;
  /** Saves the section's small part for offline use at the first visit (install-save.ts); best effort. */
  saveOffline?(ctx: WorkerContext): Promise<void>;
  /** What of the section is on the device for offline use: its entry in `offline-status`. */
  offlineStatus?(ctx: WorkerContext): Promise<StatusOf<Id>>;
  /** A periodic background sync; undefined when the tag is not the section's. */
  onPeriodicSync?(tag: string, ctx: WorkerContext): Promise<void> | undefined;
}

/** Any one registered section, its own status type kept (a union, not WorkerSection<SectionId>). */
export type AnyWorkerSection = { [K in SectionId]: WorkerSection<K> }[SectionId];
