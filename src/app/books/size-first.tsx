// A save button that, with the data saver on (client/data-saver.ts), first says what the download
// costs and asks: the catalog's size where it gives one, else the host's (downloads.ts
// sizeBeforeSaving), else that it is unknown. With the data saver off it saves at once.

import { useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { useDataSaver } from '../client/data-saver.ts';
import { useLang } from '../i18n.ts';
import { sizeBeforeSaving } from './downloads.ts';
import { useFilesT } from './files-strings.ts';
import { size } from './strings.ts';

interface Props {
  url: string;
  /** the size the catalog gives, when it gives one */
  bytes?: number;
  class: string;
  label: string;
  onSave: () => void;
  named?: JSX.HTMLAttributes<HTMLButtonElement>;
}

export function SizeFirst({ url, bytes, class: cls, label, onSave, named }: Props) {
  const ft = useFilesT();
  const lang = useLang();
  const saver = useDataSaver();
  /** undefined: not asking; null: asking, the size unknown */
  const [asking, setAsking] = useState<number | null>();
  const [looking, setLooking] = useState(false);
  const start = () => {
    if (!saver) return onSave();
    if (bytes !== undefined) return setAsking(bytes);
    setLooking(true);
    void sizeBeforeSaving(url).then((b) => (setLooking(false), setAsking(b)));
  };
  if (asking === undefined)
    return (
      <button type="button" class={cls} disabled={looking} {...named} onClick={start}>
        {label}
      </button>
    );
  return (
    <span role="alertdialog" class="size-ask" aria-label={label}>
      <span class="size-ask-q">{asking === null ? ft.sizeAskUnknown : ft.sizeAsk(size(asking, lang))}</span>{' '}
      <button type="button" class="size-yes" onClick={() => (setAsking(undefined), onSave())}>
        {ft.sizeYes}
      </button>{' '}
      <button type="button" class="size-no" onClick={() => setAsking(undefined)}>
        {ft.sizeNo}
      </button>
    </span>
  );
}
