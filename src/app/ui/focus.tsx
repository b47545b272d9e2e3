// Keyboard and screen-reader plumbing shared by every screen (docs/accessibility.md):
// - ScreenHeading: the screen's one <h1>; it names the document (title) and, after a
//   navigation, takes the focus, so a screen reader announces the new screen and Tab starts
//   from it — unless the reader is typing in a field (the search box navigates as one types).
// - SkipLink: jumps past the header to the screen's heading (hash routes: no #id href).
// - Arrow keys: ArrowDown from the header's search field enters the results; ArrowUp/Down
//   move between the links of any list marked `data-arrows`, ArrowUp from the first goes back.
// - selectProps: a filter dropdown applies on change, but a change made by arrowing through a
//   closed select (Chromium fires one per key) waits for Enter or leaving the field.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useLang } from '../i18n.ts';

const APP = { ne: 'खोज', en: 'Khoj' };
const SKIP = { ne: 'मुख्य भागमा जानुहोस्', en: 'Skip to content' };

/** A navigation happened and no screen heading has taken the focus since. */
let navigated = false;
addEventListener('hashchange', () => (navigated = true));
// The reader acted since: moving the focus now would take it from under them.
for (const type of ['pointerdown', 'keydown'] as const) addEventListener(type, () => (navigated = false), true);

const typing = (el: Element | null) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

export function ScreenHeading({ children, title, class: cls, id }: { children: ComponentChildren; title?: string; class?: string; id?: string }) {
  const lang = useLang();
  const ref = useRef<HTMLHeadingElement>(null);
  const text = title ?? (typeof children === 'string' || typeof children === 'number' ? String(children) : undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    document.title = `${text ?? el.textContent ?? ''} · ${APP[lang]}`;
    if (!navigated) return;
    navigated = false;
    if (!typing(document.activeElement)) el.focus({ preventScroll: false });
  }, [text, lang]);
  return (
    <h1 ref={ref} tabIndex={-1} class={cls} id={id}>
      {children}
    </h1>
  );
}

export function SkipLink() {
  const lang = useLang();
  return (
    <a
      class="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
        target?.focus();
      }}
    >
      {SKIP[lang]}
    </a>
  );
}

function arrowKeys(e: KeyboardEvent): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const target = e.target as HTMLElement;
  const links = (list: Element | null) => (list ? [...list.querySelectorAll<HTMLElement>('a[href]')] : []);
  if (target.id === 'search-input') {
    const first = links(document.querySelector('main [data-arrows]'))[0];
    if (e.key === 'ArrowDown' && first) {
      e.preventDefault();
      first.focus();
    }
    return;
  }
  const list = target.closest('[data-arrows]');
  if (!list) return;
  const all = links(list);
  const i = all.indexOf(target);
  if (i < 0) return;
  e.preventDefault();
  const next = all[e.key === 'ArrowDown' ? i + 1 : i - 1];
  if (next) next.focus();
  else if (e.key === 'ArrowUp') document.getElementById('search-input')?.focus();
}
addEventListener('keydown', arrowKeys);

/** Keys that change a closed select's value one step at a time. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** Per select: the reader is stepping with keys; the value they stepped to, not applied yet. */
const selects = new WeakMap<EventTarget, { stepping: boolean; pending?: string }>();
const stateOf = (el: EventTarget | null) => {
  let s = selects.get(el!);
  if (!s) selects.set(el!, (s = { stepping: false }));
  return s;
};

/** Props for a filter <select>: `apply` runs on a pointer or typed choice, once per choice. */
export function selectProps(apply: (value: string) => void) {
  const flush = (el: EventTarget | null) => {
    const s = stateOf(el);
    if (s.pending === undefined) return;
    const v = s.pending;
    s.pending = undefined;
    apply(v);
  };
  return {
    onKeyDown: (e: KeyboardEvent) => {
      stateOf(e.currentTarget).stepping = STEP_KEYS.has(e.key) && !e.altKey;
      if (e.key === 'Enter') flush(e.currentTarget);
    },
    onKeyUp: (e: KeyboardEvent) => void (stateOf(e.currentTarget).stepping = false),
    onChange: (e: Event) => {
      const s = stateOf(e.currentTarget);
      const v = (e.currentTarget as HTMLSelectElement).value;
      if (s.stepping) {
        s.pending = v;
        return;
      }
      s.pending = undefined;
      apply(v);
    },
    onBlur: (e: FocusEvent) => flush(e.currentTarget),
  };
}

/** A region that scrolls on its own (a wide table, a long list): keyboard users reach and scroll it. */
export const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region' as const, 'aria-label': label });
