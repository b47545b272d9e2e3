// The words of many texts, as terms.ts's WORD finds them, each distinct word kept once and
// numbered: for the data build, which reads every sense of the dictionary (a million words). It
// scans each text by character class and finds a word in its own hash table by the text itself,
// so no string is made for a word it has seen before (splitting and a Map cost three times as much).

const OTHER = 0;
const LETTER = 1;
const COLON = 2;
const SURROGATE = 3;

let classes: Uint8Array | undefined;
/** Each UTF-16 code unit's class: a letter, mark, digit or joiner; the colon; half a surrogate pair; anything else. */
function classTable(): Uint8Array {
  if (classes) return classes;
  classes = new Uint8Array(0x10000);
  const word = /[\p{L}\p{M}\p{N}\u200c\u200d]/u;
  for (let c = 0; c < 0x10000; c++) classes[c] = c >= 0xd800 && c <= 0xdfff ? SURROGATE : word.test(String.fromCharCode(c)) ? LETTER : OTHER;
  classes[0x3a] = COLON;
  return classes;
}

const isJoiner = (c: number) => c === 0x200c || c === 0x200d;
/** A Devanagari letter or sign: a colon between two is a visarga (not after a danda or a digit). */
const isDevanagariLetter = (c: number) => (c >= 0x900 && c <= 0x963) || (c >= 0x971 && c <= 0x97f);

/** The code unit before `i` (`step` −1) or after it (+1), joiners skipped, is a Devanagari letter or sign. */
function devanagariBeside(text: string, i: number, step: 1 | -1): boolean {
  let j = i + step;
  while (j >= 0 && j < text.length && isJoiner(text.charCodeAt(j))) j += step;
  return j >= 0 && j < text.length && isDevanagariLetter(text.charCodeAt(j));
}

/** FNV-1a over the code units of text[start, end). */
function hash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

export class WordTable {
  /** the distinct words, by number */
  readonly words: string[] = [];
  private slots = new Int32Array(1 << 16).fill(-1);

  /** Calls `each` with the number of every word of `text`, in order. */
  scan(text: string, each: (word: number) => void): void {
    const cls = classTable();
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 0x20;
      let k = cls[c]!;
      if (k === SURROGATE) {
        // A character beyond the BMP: a word character if it is a letter, mark or digit.
        const cp = text.codePointAt(i)!;
        k = cp > 0xffff && /[\p{L}\p{M}\p{N}]/u.test(String.fromCodePoint(cp)) ? LETTER : OTHER;
        if (k === LETTER) {
          if (start < 0) start = i;
          i++;
          continue;
        }
      }
      if (k === COLON && devanagariBeside(text, i, -1) && devanagariBeside(text, i, 1)) k = LETTER;
      if (k === LETTER) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        each(this.number(text, start, i));
        start = -1;
      }
    }
  }

  /** The number of text[start, end): open addressing on its hash. */
  private number(text: string, start: number, end: number): number {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let s = hash(text, start, end) & mask; ; s = (s + 1) & mask) {
      const n = this.slots[s]!;
      if (n < 0) {
        this.slots[s] = this.words.push(text.slice(start, end)) - 1;
        if (this.words.length * 2 > this.slots.length) this.grow();
        return this.words.length - 1;
      }
      const word = this.words[n]!;
      if (word.length === length && text.startsWith(word, start)) return n;
    }
  }

  /** Twice the slots, every word put in again: the table stays at most half full. */
  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    this.words.forEach((word, n) => {
      let s = hash(word, 0, word.length) & mask;
      while (this.slots[s]! >= 0) s = (s + 1) & mask;
      this.slots[s] = n;
    });
  }
}
