import { getLetters, getWords } from './api.ts';

/** A word chosen uniformly from the whole dictionary: a letter by its share, then a word. */
export async function randomWord(rand = Math.random): Promise<string> {
  const { letters } = await getLetters();
  const total = letters.reduce((n, l) => n + l.count, 0);
  let pick = Math.floor(rand() * total);
  const letter = letters.find((l) => (pick -= l.count) < 0) ?? letters[0]!;
  const { words } = await getWords(letter.letter);
  return words[Math.floor(rand() * words.length)]!.word;
}
