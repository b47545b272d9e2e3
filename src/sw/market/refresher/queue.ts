// The refresher's queue: one job per path, the layout's detection first, then the refresh plan's
// order (core/market/refresh-plan.ts); and what was asked while the layout was still unknown.

import type { Layout } from '../../../core/market/types/index.ts';
import { type Job, jobOrder } from '../../../core/market/refresh-plan.ts';
import type { Ask } from './parts.ts';

export interface QueuedJob extends Job {
  /** finding the layout: the layouts still to try, this job's first */
  detect?: Layout[];
}

export class RefreshQueue {
  private jobs = new Map<string, QueuedJob>();
  /** What was asked for while the layout was still unknown, planned once it is found. */
  private waiting: Ask | undefined;

  get size(): number {
    return this.jobs.size;
  }
  has(path: string): boolean {
    return this.jobs.has(path);
  }
  paths(): string[] {
    return [...this.jobs.keys()];
  }
  all(): QueuedJob[] {
    return [...this.jobs.values()];
  }
  /** Adds a job; one already queued for its path stays forced if it was. */
  add(job: QueuedJob): void {
    const old = this.jobs.get(job.path);
    this.jobs.set(job.path, old ? { ...job, forced: job.forced || old.forced } : job);
  }
  /** The job to run next (left in the queue until taken). */
  next(): QueuedJob {
    return this.all().sort((x, y) => Number(!x.detect) - Number(!y.detect) || jobOrder(x, y))[0]!;
  }
  take(job: QueuedJob): void {
    this.jobs.delete(job.path);
  }
  detecting(): boolean {
    return this.all().some((j) => j.detect);
  }
  /** Holds an ask until the layout is known. */
  wait(ask: Ask): void {
    const w = this.waiting;
    this.waiting = { kinds: [...(w?.kinds ?? []), ...(ask.kinds ?? [])], paths: [...(w?.paths ?? []), ...(ask.paths ?? [])] };
  }
  /** What was held, now the layout is known. */
  takeWaiting(): Ask {
    const ask = this.waiting ?? {};
    this.waiting = undefined;
    return ask;
  }
  clear(): void {
    this.jobs.clear();
    this.waiting = undefined;
  }
}
