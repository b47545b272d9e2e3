// The refresher's settings epoch: the settings and the upstream's layout one refresh works with,
// loaded once; a settings change starts a new epoch, and answers to requests made before it are
// dropped (their job asks `current()` when they come back).

import { upstreamOf } from '../../../core/market/settings.ts';
import type { Context, RefresherDeps } from './parts.ts';
import type { RateWindow } from './rate-window.ts';

export class SettingsEpoch {
  private n = 0;
  private context: Promise<Context> | undefined;

  constructor(
    private store: RefresherDeps['store'],
    private window: RateWindow,
  ) {}

  /** The context of this epoch, loaded on first use (again after a failed load). */
  get(): Promise<Context> {
    const c = (this.context ??= this.load());
    c.catch(() => (this.context = undefined));
    return c;
  }

  /** Marks now: the returned test is true while the settings stay as they are. */
  mark(): () => boolean {
    const at = this.n;
    return () => at === this.n;
  }

  /** The settings changed: a new epoch, its context loaded anew. */
  change(): void {
    this.n++;
    this.context = undefined;
  }

  private async load(): Promise<Context> {
    const [settings, meta] = await Promise.all([this.store.readSettings(), this.store.readMeta()]);
    this.window.seed(meta.sent);
    const upstream = upstreamOf(settings);
    const layout = settings.layout !== 'auto' ? settings.layout : meta.upstream === upstream ? meta.layout : undefined;
    return layout ? { settings, upstream, layout, meta } : { settings, upstream, meta };
  }
}
