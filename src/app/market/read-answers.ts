// What the market read worker answers (read.worker.ts), apart from its messages: pure, so that a
// unit test asks it as the page does. A file's text is parsed and checked once per text (its
// digest, reread.ts); `pick` answers one symbol's part of it, not the whole value.

import type { AdapterValue } from '../../core/market/adapters/index.ts';
import type { FileKind } from '../../core/market/index.ts';
import { parseFile } from './parse-file.ts';
import { createWorkerRereads, type Unchanged } from './reread.ts';
import { groupBySymbol, isDividends, pickSymbol } from './select.ts';

/** A read as the page asks it: the file's text, this read's number and the one whose value the page keeps. */
export interface TextAsk {
  path: string;
  text: string;
  seq: number;
  kept: number;
}

/** The key a pick's answers are kept under (one per symbol of a path). */
export const pickKey = (path: string, symbol: string) => `${path}\n${symbol}`;

export function createReadAnswers() {
  const rereads = createWorkerRereads();
  /** The last value parsed per path, by its text's digest: the picks of many symbols parse it once. */
  const parsed = new Map<string, { digest: string; value: unknown }>();
  const parse = <K extends FileKind>(kind: K, path: string, text: string, digest: string): AdapterValue<K> => {
    const was = parsed.get(path);
    if (was?.digest === digest) return was.value as AdapterValue<K>;
    const value = parseFile(kind, path, text);
    // Grouped here and sent with it: on the page it was most of a symbol page's longest task.
    if (kind === 'dividendHistory' && isDividends(value)) value.bySymbol = groupBySymbol(value);
    parsed.set(path, { digest, value });
    return value;
  };
  return {
    /** The value the text reads to as a file of `kind`, or UNCHANGED when it is the kept read's text. */
    read: <K extends FileKind>({ kind, path, text, seq, kept }: TextAsk & { kind: K }): AdapterValue<K> | Unchanged =>
      rereads.read(path, text, { seq, kept }, (t, digest) => parse(kind, path, t, digest)),
    /** The dividend history's records of `symbol` alone (select.ts pickSymbol), or UNCHANGED. */
    pick: ({ path, text, seq, kept, symbol }: TextAsk & { symbol: string }): AdapterValue<'dividendHistory'> | Unchanged =>
      rereads.read(pickKey(path, symbol), text, { seq, kept }, (t, digest) => pickSymbol(parse('dividendHistory', path, t, digest), symbol)),
  };
}
