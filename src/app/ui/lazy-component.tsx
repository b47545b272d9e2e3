// Any component as a separate chunk, loaded when first rendered (and precached by the service
// worker like the rest of the app): the start-up bundle carries only this wrapper.
// ui/lazy-screens.tsx does the same for a section's screens.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from './status.tsx';

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType | null = Loading): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  return function Lazy(props: P) {
    const [C, setC] = useState(() => loaded);
    const [error, setError] = useState<Error>();
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (C) return;
      (loading ??= load().then((c) => (loaded = c))).then(
        (c) => setC(() => c),
        (e: Error) => {
          loading = undefined; // a failed chunk load (offline, new deploy) can be retried
          setError(e);
        },
      );
    }, [attempt]);
    if (error) return <Failed error={error} retry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
    if (C) return <C {...props} />;
    const F = fallback;
    return F ? <F /> : null;
  };
}
