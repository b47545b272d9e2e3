import type { ComponentChildren } from 'preact';
import { errorMessage } from '../client/fetch.ts';
import { isNotSaved } from '../client/offline.ts';
import { useT } from '../i18n.ts';
import { ScreenHeading } from './focus.tsx';

export function Loading() {
  return (
    <p class="muted" aria-busy="true">
      {useT().loading}
    </p>
  );
}

export function Failed({ error, retry }: { error: Error; retry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" class="alert">
      {/* Offline and not on the device: said in the reader's words, never the worker's text. */}
      <p>{isNotSaved(error) ? t.notSaved.page : `${t.error}: ${errorMessage(error)}`}</p>
      {retry ? <button onClick={retry}>{t.retry}</button> : null}
    </div>
  );
}

/**
 * A screen whose subject is not there (an unknown word, book or symbol) is still a screen: its
 * heading is what was asked for, so it names the document and takes the focus as every screen's
 * does (ScreenHeading), and `why` says what is wrong; `children` follow it (a way on).
 */
export function NotFound({ what, why, children }: { what: string; why: string; children?: ComponentChildren }) {
  return (
    <>
      <ScreenHeading title={`${why}: ${what}`}>{what}</ScreenHeading>
      <p role="status" class="alert">
        {why}
        {children}
      </p>
    </>
  );
}
