import { useEffect, useState } from 'preact/hooks';
import { toDevanagariDigits } from '../../core/digits.ts';
import { expandLabel } from '../../core/dictionary/labels.ts';
import { senseParts } from '../../core/dictionary/senses.ts';
import type { Definition } from '../../core/dictionary/types.ts';
import { useLang } from '../i18n.ts';
import { useDictionaryT } from './strings.ts';
import { href } from './links.ts';
import { isNotSaved } from '../client/offline.ts';
import { NotSaved } from './not-saved.tsx';
import { Failed, Loading, NotFound } from '../ui/status.tsx';
import { isBookmarked, remember, setBookmark } from './user-db.ts';
import { useEntry } from './use-entry.ts';
import { saveWord } from './save-word.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { CorrectionLink } from './correction-link.tsx';

const senseText = (s: string) => senseParts(s, 0).text;

export function WordPage({ word }: { word: string }) {
  const t = useDictionaryT();
  const { data, error, loading, reload } = useEntry(word);
  useEffect(() => {
    if (data) void remember(word);
  }, [data, word]);
  if (error)
    return isNotSaved(error) ? (
      // The word stays the screen's heading (it takes the focus), then why it is not here.
      <section class="word-not-saved">
        <ScreenHeading>{word}</ScreenHeading>
        <NotSaved what="word" saveOne={() => saveWord(word).then((r) => (r === 'saved' && reload(), r))} />
      </section>
    ) : (
      <Failed error={error} retry={reload} />
    );
  if (loading) return <Loading />;
  if (!data)
    return (
      <NotFound what={word} why={t.notFound}>
        {' · '}
        <a href={href.search(word)}>{t.search}</a>
      </NotFound>
    );
  return (
    // The entry's own text is Nepali whatever the interface's language; the buttons are the interface's.
    <article class="entry">
      <header class="entry-head">
        <ScreenHeading title={data.word}>
          <span lang="ne">{data.word}</span>
        </ScreenHeading>
        <WordActions word={data.word} text={`${data.word}\n${data.definitions.map((d) => d.senses.map(senseText).join(' ')).join('\n')}`} />
      </header>
      {data.definitions.map((d, i) => (
        <Block key={i} d={d} n={data.definitions.length > 1 ? i + 1 : undefined} />
      ))}
      <CorrectionLink word={data.word} />
    </article>
  );
}

function Block({ d, n }: { d: Definition; n: number | undefined }) {
  return (
    <section class="block" lang="ne">
      <p class="labels">
        {n ? <span class="homograph">{toDevanagariDigits(String(n))}</span> : null}
        {d.grammar?.trim() ? <Label text={d.grammar} kind="grammar" /> : null}
        {d.etymology?.trim() ? <Label text={d.etymology} kind="etymology" /> : null}
      </p>
      {d.senses.length > 0 ? (
        <ol class="senses">
          {d.senses.map((s, j) => {
            // The source's own numbers, never renumbered; text only, never HTML (some senses carry markup).
            const { number, text } = senseParts(s, j);
            return (
              <li key={j}>
                <span class="sense-n">{number}.</span> {text}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

/** A grammar or etymology label that expands to its full form on demand. */
function Label({ text, kind }: { text: string; kind: 'grammar' | 'etymology' }) {
  const lang = useLang();
  const t = useDictionaryT();
  const [open, setOpen] = useState(false);
  const parts = expandLabel(text);
  const known = parts.some((p) => p.meaning);
  return (
    <span class={`label ${kind}`}>
      <button type="button" class="label-button" aria-expanded={open} disabled={!known} title={known ? t.expand : undefined} onClick={() => setOpen(!open)}>
        {text}
      </button>
      {open ? (
        <span class="expanded">
          {parts.map((p) => (p.meaning ? (lang === 'ne' ? p.meaning.ne : `${p.meaning.ne} (${p.meaning.en})`) : p.abbr)).join(' / ')}
        </span>
      ) : null}
    </span>
  );
}

function WordActions({ word, text }: { word: string; text: string }) {
  const t = useDictionaryT();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    void isBookmarked(word).then(setSaved);
  }, [word]);
  const url = location.href;
  return (
    <div class="actions">
      <button type="button" aria-pressed={saved} onClick={() => void setBookmark(word, !saved).then(() => setSaved(!saved))}>
        {saved ? `★ ${t.unbookmark}` : `☆ ${t.bookmark}`}
      </button>
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(`${text}\n${url}`).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t.copied : t.copy}
      </button>
      {'share' in navigator ? (
        <button type="button" onClick={() => void navigator.share({ title: word, text, url }).catch(() => undefined)}>
          {t.share}
        </button>
      ) : null}
    </div>
  );
}
