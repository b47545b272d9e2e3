// Any component as a separate chunk, loaded when first rendered (and precached by the service
// worker like the rest of the app): the start-up bundle carries only this wrapper.
// ui/lazy-screens.tsx does the same for a section's screens.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from './status.tsx';

/** A lazy component, and how to ask for its chunk before it is first drawn. */
export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading its chunk; resolves once it is in (drawn at once from then on), or failed (the component shows that). */
  preload(): Promise<void>;
};

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType | null = Loading): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((c) => (loaded = c)));
  // A failed chunk load (offline, new deploy) can be retried.
  const preload = () =>
    start().then(
      () => undefined,
      () => void (loading = undefined),
    );
  return Object.assign(
    function Lazy(props: P) {
      const [C, setC] = useState(() => loaded);
      const [error, setError] = useState<Error>();
      const [attempt, setAttempt] = useState(0);
      useEffect(() => {
        if (C) return;
        start().then(
          (c) => setC(() => c),
          (e: Error) => {
            loading = undefined;
            setError(e);
          },
        );
      }, [attempt]);
      if (error) return <Failed error={error} retry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
      if (C) return <C {...props} />;
      const F = fallback;
      return F ? <F /> : null;
    },
    { preload },
  );
}
