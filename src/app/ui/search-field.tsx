// The one search field of the app (the dictionary's, the catalog's, the market's filters). It is
// uncontrolled while the reader types: a controlled value written back on each keystroke can eat
// a Devanagari vowel sign being composed. `value` is written into the field only when it changed
// from elsewhere (Back, a link) and the field is not being typed in.

import type { InputHTMLAttributes, Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onInput' | 'ref' | 'type'>;

export interface SearchFieldProps extends InputAttributes {
  value: string;
  /** every keystroke's text */
  onText: (text: string) => void;
  /** the input element, for callers that read it or keep it */
  inputRef?: Ref<HTMLInputElement>;
}

export function SearchField({ value, onText, inputRef, ...attributes }: SearchFieldProps) {
  const own = useRef<HTMLInputElement>(null);
  const ref = (inputRef as { current: HTMLInputElement | null } | undefined) ?? own;
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== value && document.activeElement !== el) el.value = value;
  }, [value]);
  return (
    <input
      autocomplete="off"
      autocapitalize="off"
      spellcheck={false}
      {...attributes}
      ref={ref}
      type="search"
      defaultValue={value}
      onInput={(e) => onText((e.target as HTMLInputElement).value)}
    />
  );
}
