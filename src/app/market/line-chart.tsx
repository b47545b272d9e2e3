// A line chart drawn as SVG for the width it gets on screen: the points are first thinned to at
// most four a pixel column (core/market/decimate.ts), so 29 years of daily closes draw as about
// 1,400 points on a phone. Its text alternative is the caller's (a summary and a table).

import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { decimateIndices } from '../../core/market/decimate.ts';
import { type Lang } from '../../core/market/format.ts';
import { linePath } from './line-path.ts';
import { price } from './ui.tsx';

const H = 200;
export interface LineChartProps {
  id: string;
  values: readonly number[];
  /** the first and last labels under the chart (dates or times, already written) */
  from: string;
  to: string;
  /** what the chart shows, in words; or `labelledBy`, the id of an element that says it (a name in it marked as data) */
  label?: string;
  labelledBy?: string;
  /** the id of the element that describes the chart (its summary) */
  describedBy?: string;
  lang: Lang;
}

/**
 * The width a chart last measured: a chart drawn anew (a range switched, the chart unmounted while
 * its months load) starts at it, so it is not decimated and drawn twice in one task (360, then its width).
 */
let lastWidth = 360;

export function LineChart({ id, values, from, to, label, labelledBy, describedBy, lang }: LineChartProps) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(lastWidth);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth((lastWidth = Math.max(100, Math.round(el.clientWidth || 360))));
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);
  const drawn = useMemo(() => {
    const idx = decimateIndices(values, width);
    const v = new Float64Array(idx.length);
    idx.forEach((x, i) => (v[i] = values[x]!));
    return { ...linePath(v, width, H), count: idx.length };
  }, [values, width]);
  const up = values.length > 1 && values.at(-1)! >= values[0]!;
  return (
    <figure class="chart line-chart" ref={ref} tabIndex={0} aria-label={label} aria-labelledby={labelledBy} aria-describedby={describedBy} id={id}>
      <svg
        viewBox={`-2 -6 ${width + 4} ${H + 12}`}
        role="img"
        aria-label={label}
        aria-labelledby={labelledBy}
        data-points={values.length}
        data-drawn={drawn.count}
        preserveAspectRatio="none"
      >
        <path d={drawn.d} class={`line ${up ? 'up' : 'down'}`} fill="none" vector-effect="non-scaling-stroke" />
      </svg>
      <span class="axis max">{price(drawn.max, lang)}</span>
      <span class="axis min">{price(drawn.min, lang)}</span>
      <p class="axis dates">
        <span>{from}</span>
        <span>{to}</span>
      </p>
    </figure>
  );
}
