// A windowed list: only the rows in view (plus a margin) are in the DOM, so a letter
// with 11,395 words scrolls as lightly as one with ten.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

interface Props<T> {
  items: T[];
  rowHeight: number;
  render: (item: T, index: number) => ComponentChildren;
  overscan?: number;
  label?: string;
}

export function VirtualList<T>({ items, rowHeight, render, overscan = 8, label }: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  useEffect(() => {
    const el = box.current!;
    const update = () => setView({ top: el.scrollTop, height: el.clientHeight });
    update();
    el.addEventListener('scroll', update, { passive: true });
    addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      removeEventListener('resize', update);
    };
  }, []);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  const rows = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <li key={i} style={{ position: 'absolute', top: i * rowHeight, height: rowHeight, left: 0, right: 0 }}>
        {render(items[i]!, i)}
      </li>,
    );
  }
  return (
    <div ref={box} class="virtual" role="region" aria-label={label} tabIndex={0}>
      <ul style={{ position: 'relative', height: items.length * rowHeight, margin: 0, padding: 0, listStyle: 'none' }}>{rows}</ul>
    </div>
  );
}
