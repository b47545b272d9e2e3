// The textbook section of the app (#/books/…). Its screens are a separate chunk, loaded on
// the first visit (and precached by the service worker like the rest of the app), so the
// dictionary's first screen does not carry them.

import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from '../ui/status.tsx';

type Screens = typeof import('./screens.tsx');
let loading: Promise<Screens> | undefined;

export function BooksSection(props: { path: string[]; params: URLSearchParams }) {
  const [screens, setScreens] = useState<Screens>();
  const [error, setError] = useState<Error>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    (loading ??= import('./screens.tsx')).then(setScreens, (e: Error) => {
      loading = undefined;
      setError(e);
    });
  }, [attempt]);
  if (error) return <Failed error={error} retry={() => (setError(undefined), setAttempt((n) => n + 1))} />;
  if (!screens) return <Loading />;
  return <screens.BooksScreens {...props} />;
}
