// A sentence of the interface with parts that are not its words: "{columns}" in a help line
// becomes a <code> of column names, a quoted page name its own <span lang="en">, so the screen
// says which words are data (tests/e2e/audit.ts) and a screen reader reads each in its language.

import type { ComponentChildren } from 'preact';
import { Fragment } from 'preact';

/** `text` with each `{name}` replaced by `parts[name]` (left as written when not given). */
export function fill(text: string, parts: Record<string, ComponentChildren>): ComponentChildren {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}
