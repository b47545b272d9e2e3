// The word of the day on the dictionary's home (core/dictionary/word-of-day.ts), a chunk of its
// own. Offline when its chunk is stored; otherwise the headword with the "not saved" offer a
// word's page makes (ui/not-saved.tsx). Shared through the Web Share API, else its link copied.

import { useState } from 'preact/hooks';
import { candidates, hasDefinitions, nepalDayKey } from '../../core/dictionary/word-of-day.ts';
import { senseParts } from '../../core/dictionary/senses.ts';
import type { Entry } from '../../core/dictionary/types.ts';
import { toDevanagariDigits } from '../../core/digits.ts';
import { isNotSaved } from '../client/offline.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { href } from './links.ts';
import { NotSaved } from './not-saved.tsx';
import { useLoad } from '../ui/use-load.ts';
import { entryAt, entryCount } from './api.ts';
import { wordsAt } from './search-client.ts';
import { saveWord } from './save-word.ts';

/** How many words are tried for one with definitions before the day shows the last one tried. */
const TRIES = 20;

const STRINGS = {
  ne: { title: 'आजको शब्द', share: 'बाँड्नुहोस्', copyLink: 'लिंक प्रतिलिपि गर्नुहोस्', copied: 'लिंक प्रतिलिपि भयो', more: 'पूरा अर्थ' },
  en: { title: 'Word of the day', share: 'Share', copyLink: 'Copy link', copied: 'Link copied', more: 'Full entry' },
};

type Day = { key: string; word: string; entry?: Entry; notSaved?: boolean };

/**
 * The day's word: its candidates are positions in the dictionary (core/dictionary/word-of-day.ts),
 * read from their chunk by the manifest's index ranges, so the home page needs no word list.
 * Offline, with the chunk not stored, the search worker names the word from the saved headword list.
 */
async function findDay(): Promise<Day> {
  const key = nepalDayKey(new Date());
  let word = '';
  let tries = 0;
  for (const i of candidates(key, await entryCount())) {
    let entry: Entry | undefined;
    try {
      entry = await entryAt(i);
    } catch (e) {
      if (!isNotSaved(e)) throw e;
      // Offline and its chunk is not stored: the headword, with the offer to save it.
      const [unsaved] = await wordsAt(i, 1);
      return unsaved ? { key, word: unsaved, notSaved: true } : { key, word };
    }
    word = entry?.word ?? word;
    if (hasDefinitions(entry)) return { key, word, entry };
    if (++tries >= TRIES) break;
  }
  return { key, word };
}

export default function WordOfDay() {
  const t = useDictionaryT();
  const s = STRINGS[useLang()];
  const { data, error, reload } = useLoad(findDay, []);
  const [copied, setCopied] = useState(false);
  // The home screen stays itself when the day cannot be found (no headword list in this build).
  if (error || !data?.word) return null;
  const link = new URL(href.word(data.word), location.href).href;
  const first = data.entry?.definitions.flatMap((d) => d.senses).find((x) => x.trim());
  return (
    <section class="word-of-day" aria-labelledby="wod-h" data-day={data.key}>
      <h2 id="wod-h">
        {s.title} <small class="muted">{toDevanagariDigits(data.key)}</small>
      </h2>
      <p class="wod-word" lang="ne">
        <a href={href.word(data.word)} id="wod-word">
          {data.word}
        </a>
        {first ? <span class="wod-sense"> — {senseParts(first, 0).text}</span> : null}
      </p>
      {data.notSaved ? <NotSaved what="word" id="wod-not-saved" saveOne={() => saveWord(data.word).then((r) => (r === 'saved' && reload(), r))} /> : null}
      <p class="actions">
        {data.entry ? <a href={href.word(data.word)}>{s.more}</a> : null}{' '}
        {'share' in navigator ? (
          <button type="button" id="wod-share" onClick={() => void navigator.share({ title: `${s.title}: ${data.word}`, url: link }).catch(() => undefined)}>
            {s.share}
          </button>
        ) : (
          <button
            type="button"
            id="wod-share"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? s.copied : s.copyLink}
          </button>
        )}
      </p>
      {copied ? (
        <span class="visually-hidden" role="status">
          {t.copied}
        </span>
      ) : null}
    </section>
  );
}
