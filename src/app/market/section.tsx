// The market's screens (issue 5): not built yet.

import { useT } from '../i18n.ts';

export function MarketSection(_props: { path: string[]; params: URLSearchParams }) {
  const t = useT();
  return <p class="muted">{t.market}</p>;
}
