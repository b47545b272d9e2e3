import { useT } from '../i18n.ts';
import { href } from '../router.ts';

/** Offline, and this part of the dictionary is not on the device: what is missing, and the way to save it. */
export function NotSaved({ what, id = 'not-saved' }: { what: 'word' | 'letter' | 'search' | 'meanings' | 'results'; id?: string }) {
  const t = useT();
  return (
    <div role="status" class="alert not-saved" id={id}>
      <p>{t.notSaved[what]}</p>
      <a href={href.saved()} id={`${id}-action`} class="button">
        {t.notSaved.action}
      </a>
    </div>
  );
}
