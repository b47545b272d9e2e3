import { useEffect, useState } from 'preact/hooks';
import type { Entry, LettersFile, WordsByLetterFile } from '../../core/dictionary/types.ts';
import { getLetters, getWords, lookUp } from './api.ts';

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: string } {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    setState({});
    load().then(
      (data) => live && setState({ data }),
      (e: Error) => live && setState({ error: e.message }),
    );
    return () => {
      live = false;
    };
  }, deps);
  return state;
}

const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function Letters() {
  const { data, error } = useLoad<LettersFile>(getLetters, []);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p>…</p>;
  return (
    <ul class="letters">
      {data.letters.map((l) => (
        <li key={l.letter}>
          <a href={href('letter', l.letter)}>
            <span class="letter">{l.letter}</span> <small>{l.count}</small>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Words({ letter }: { letter: string }) {
  const { data, error } = useLoad<WordsByLetterFile>(() => getWords(letter), [letter]);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p>…</p>;
  return (
    <section>
      <h2>{letter}</h2>
      <ul class="words">
        {data.words.map((w) => (
          <li key={w.index}>
            <a href={href('word', w.word)}>{w.word}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Word({ word }: { word: string }) {
  const { data, error } = useLoad<Entry | undefined>(() => lookUp(word), [word]);
  if (error) return <p role="alert">{error}</p>;
  if (data === undefined) return <p>…</p>;
  return (
    <article class="entry">
      <h2>{data.word}</h2>
      {data.definitions.map((d, i) => (
        <section key={i} class="block">
          {d.grammar?.trim() ? <span class="grammar">{d.grammar}</span> : null} {d.etymology ? <span class="etymology">{d.etymology}</span> : null}
          <ol>
            {d.senses.map((s, j) => (
              <li key={j}>{s.replace(/^[०-९]+\.\s*/, '')}</li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}
