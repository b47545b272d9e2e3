// A section's screens as a separate chunk, loaded on the first visit (and precached by the
// service worker like the rest of the app), so the start-up bundle does not carry them.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from './status.tsx';

import type { ScreenProps } from '../page-section.ts';

export type { ScreenProps };

export function lazyScreens(load: () => Promise<ComponentType<ScreenProps>>): ComponentType<ScreenProps> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  return function LazyScreens(props: ScreenProps) {
    const [Screens, setScreens] = useState(() => loaded);
    const [error, setError] = useState<Error>();
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (Screens) return;
      (loading ??= load().then((c) => (loaded = c))).then(
        (c) => setScreens(() => c),
        (e: Error) => {
          loading = undefined; // a failed chunk load (offline, new deploy) can be retried
          setError(e);
        },
      );
    }, [attempt]);
    if (error) return <Failed error={error} retry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
    return Screens ? <Screens {...props} /> : <Loading />;
  };
}
