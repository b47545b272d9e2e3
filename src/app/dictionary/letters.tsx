import { href } from './links.ts';
import { count } from '../../core/digits.ts';
import { useLang, useT } from '../i18n.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';
import { useLoad } from '../ui/use-load.ts';
import { Failed, Loading } from '../ui/status.tsx';
import { getLetters } from './api.ts';
import { DictionaryLinks } from './tools.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { lazyComponent } from '../ui/lazy-component.tsx';

const WordOfDay = lazyComponent(() => import('./word-of-day.tsx').then((m) => m.default), null);

export function LettersGrid() {
  const t = useT();
  const lang = useLang();
  const { data, error, reload } = useLoad(getLetters, []);
  if (error) return <Failed error={error} retry={reload} />;
  if (!data) return <Loading />;
  return (
    <section aria-labelledby="letters-h">
      <ScreenHeading id="letters-h" title={DICTIONARY_SHELL[lang].name}>
        {t.letters}
      </ScreenHeading>
      {/* On phones the header has no room for these: they sit on the dictionary's home screen. */}
      <p class="phone-tools">
        <DictionaryLinks />
      </p>
      <ul class="letters">
        {data.letters.map((l) => (
          <li key={l.letter}>
            <a href={href.letter(l.letter)} aria-label={`${l.letter}: ${l.count} ${t.words}`}>
              <span class="letter">{l.letter}</span>
              <small>{count(l.count, lang)}</small>
            </a>
          </li>
        ))}
      </ul>
      <WordOfDay />
    </section>
  );
}
