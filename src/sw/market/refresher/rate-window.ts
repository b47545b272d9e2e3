// The refresher's rate-limit window: the times of the requests sent to any upstream, kept across
// settings changes and in the stored meta, so no more than the core's limit (10 in any 60 s) go.

import { scheduleRequests } from '../../../core/market/refresh-policy.ts';
import { MINUTE } from './parts.ts';

export class RateWindow {
  private sent: number[] | undefined;

  /** The stored times, taken once (a later load keeps what this worker counted). */
  seed(stored: number[]): void {
    this.sent ??= stored;
  }
  /** When the next request may be sent. */
  nextAt(now: number): number {
    return scheduleRequests([now], this.times(), now)[0]!.at;
  }
  /** Counts a request sent now; the times to store. */
  record(now: number): number[] {
    this.sent = [...this.times().filter((t) => t > now - MINUTE), now];
    return this.sent;
  }
  times(): number[] {
    return this.sent ?? [];
  }
  lastMinute(now: number): number {
    return this.times().filter((t) => t > now - MINUTE).length;
  }
}
