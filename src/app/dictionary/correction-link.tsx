// "Suggest a correction" on an entry: a plain link built from the template the build was given
// (metadata.json's correctionUrl, core/dictionary/correction.ts); none when it was given none.
// Nothing leaves the device unless the reader follows the link.

import { correctionLink } from '../../core/dictionary/correction.ts';
import { ROOT_FILES } from '../../core/dictionary/paths.ts';
import type { Metadata } from '../../core/dictionary/types.ts';
import { useLang } from '../i18n.ts';
import { useLoad } from '../ui/use-load.ts';
import { getJson } from './api.ts';

let template: Promise<string | undefined> | undefined;
/** The template once read: drawn with the entry in its first render, not a frame after. */
let templateRead: { url: string | undefined } | undefined;
/** The template, read once per page; a failed read (offline, not saved) is asked again next time. */
function correctionTemplate(): Promise<string | undefined> {
  if (!template) {
    const read = getJson<Metadata>(ROOT_FILES.metadata).then((m) => m.correctionUrl);
    template = read;
    read.then(
      (url) => (templateRead = { url }),
      () => template === read && (template = undefined),
    );
  }
  return template;
}

const LABEL = { ne: 'सुधारको सुझाव दिनुहोस्', en: 'Suggest a correction' };
const NOTE = { ne: '(अर्को साइट खुल्छ)', en: '(opens another site)' };

export function CorrectionLink({ word }: { word: string }) {
  const lang = useLang();
  const { data: loaded } = useLoad(() => correctionTemplate().catch(() => undefined), []);
  const data = templateRead ? templateRead.url : loaded;
  if (!data) return null;
  return (
    <p class="correction">
      <a href={correctionLink(data, word)} id="suggest-correction" target="_blank" rel="noopener noreferrer external">
        {LABEL[lang]}
      </a>{' '}
      <small class="muted">{NOTE[lang]}</small>
    </p>
  );
}
