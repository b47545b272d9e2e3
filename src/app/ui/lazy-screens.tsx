// A section's screens as a separate chunk, loaded on the first visit (and precached by the
// service worker like the rest of the app), so the start-up bundle does not carry them.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from './status.tsx';

import type { ScreenProps } from '../page-section.ts';

export type { ScreenProps };

/** Starts loading the screens `Screens` stands for, where it is lazy (a first visit's chunk asked for before the first render). */
export function preloadScreens(Screens: ComponentType<ScreenProps>): void {
  (Screens as { preload?: () => void }).preload?.();
}

export function lazyScreens(load: () => Promise<ComponentType<ScreenProps>>): ComponentType<ScreenProps> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  const start = () => (loading ??= load().then((c) => (loaded = c)));
  // Asked for by main.tsx as the page starts, on the route that opens it: the chunk (and what it
  // fetches first) then no longer waits for the first render and its effects, a link less in a
  // first visit's chain under a phone's network (issue 38). A failure is the component's to show.
  const preload = () => void start().catch(() => (loading = undefined));
  return Object.assign(
    function LazyScreens(props: ScreenProps) {
      const [Screens, setScreens] = useState(() => loaded);
      const [error, setError] = useState<Error>();
      const [attempt, setAttempt] = useState(0);
      useEffect(() => {
        if (Screens) return;
        start().then(
          (c) => setScreens(() => c),
          (e: Error) => {
            loading = undefined; // a failed chunk load (offline, new deploy) can be retried
            setError(e);
          },
        );
      }, [attempt]);
      if (error) return <Failed error={error} retry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
      return Screens ? <Screens {...props} /> : <Loading />;
    },
    { preload },
  );
}
