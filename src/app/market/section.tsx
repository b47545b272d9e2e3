// The market's screens (issue 5): `#/market/<path…>?<params>`. This entry is all the start-up
// bundle carries; the screens, the market core and the HTML sanitiser load on first visit.

import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Failed, Loading } from '../ui/status.tsx';
import './market.css';

type Props = { path: string[]; params: URLSearchParams };
let loaded: ComponentType<Props> | undefined;
const load = () => import('./screens.tsx').then((m) => (loaded = m.Market));

export function MarketSection({ path, params }: Props) {
  const [Screens, setScreens] = useState(() => loaded);
  const [error, setError] = useState<Error>();
  useEffect(() => {
    if (!Screens) load().then((c) => setScreens(() => c), setError);
  }, []);
  if (error) return <Failed error={error} retry={() => location.reload()} />;
  return Screens ? <Screens path={path} params={params} /> : <Loading />;
}
