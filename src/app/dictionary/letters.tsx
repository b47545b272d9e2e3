import { href } from './links.ts';
import { count } from '../../core/digits.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { DICTIONARY_SHELL } from './section-strings.ts';
import { useLoad } from '../ui/use-load.ts';
import { Failed, Loading } from '../ui/status.tsx';
import { getLetters } from './api.ts';
import type { LettersFile } from '../../core/dictionary/types.ts';
import { type GridLetter, keepLetters, keptLetters } from './kept-letters.ts';
import { DictionaryLinks } from './tools.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { lazyComponent } from '../ui/lazy-component.tsx';

const WordOfDay = lazyComponent(() => import('./word-of-day.tsx').then((m) => m.default), null);

/** The read of letters.json started with the app, taken by the first grid; the last one read, to draw the grid at once when the reader comes back. */
let early: Promise<LettersFile> | undefined;
let lettersRead: readonly GridLetter[] | undefined;
function readLetters(): Promise<LettersFile> {
  const read = early ?? getLetters();
  early = undefined;
  void read
    .then((l) => {
      lettersRead = l.letters;
      keepLetters(l.letters);
    })
    .catch(() => undefined);
  return read;
}
/** A cold start's first frame draws the letters the last read kept (kept-letters.ts), not "loading". */
let kept: readonly GridLetter[] | undefined | null = null;
const keptOnce = () => (kept === null ? (kept = keptLetters()) : kept);
// Opened on the home screen with no letters kept: asked for now, while the app starts, not after
// its first frame (with letters kept, the grid's own read after that frame corrects them).
if (/^#?\/?$/.test(location.hash) && !keptOnce()) {
  early = getLetters();
  early.catch(() => undefined);
}

export function LettersGrid() {
  const t = useDictionaryT();
  const lang = useLang();
  const loaded = useLoad(readLetters, []);
  // Back on the home screen: drawn in the route change's own render, then as read again.
  const letters = loaded.data?.letters ?? lettersRead ?? keptOnce();
  const { error, reload } = loaded;
  if (error && !letters) return <Failed error={error} retry={reload} />;
  if (!letters) return <Loading />;
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
        {letters.map((l) => (
          <li key={l.letter}>
            <a href={href.letter(l.letter)} aria-label={`${l.letter}: ${t.wordsCount(count(l.count, lang))}`}>
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
