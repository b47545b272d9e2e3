// The textbook catalog's screens (issue 4): not built yet.

import { useT } from '../i18n.ts';

export function BooksSection(_props: { path: string[]; params: URLSearchParams }) {
  const t = useT();
  return <p class="muted">{t.books}</p>;
}
