// Choosing a file, as the app's own button in the reader's language: the browser's file field
// draws its own "Choose File" and "No file chosen" in the browser's language. The field stays in
// the page (for the keyboard, a screen reader and its label), drawn as nothing; the label is the
// button (style.css .file-button).

import type { ComponentChildren } from 'preact';

export function FileButton({
  id,
  accept,
  disabled,
  onFile,
  children,
}: {
  id: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  children: ComponentChildren;
}) {
  return (
    <label class={`file-button${disabled ? ' disabled' : ''}`}>
      {children}
      <input
        type="file"
        id={id}
        accept={accept}
        disabled={disabled}
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = ''; // the same file again is a new choice
          if (f) onFile(f);
        }}
      />
    </label>
  );
}
