// The phone audit's checks of one view, run inside the page (phone-audit.spec.ts): what a person
// holding the phone would see wrong. Measured against the device (screen.width, the viewport
// Playwright sets with isMobile), never innerWidth, which a too-wide page widens itself.
//
// - width: the page, and every element not clipped by a scroller, inside the device's width;
// - bars: a fixed bar inside the screen;
// - overlap: no two controls of the same layer (the page, or one fixed/sticky/raised box) overlap,
//   by their client rectangles (an inline link's line boxes), not a hit test at the centre;
// - cut: no text cut inside a control (scrollWidth past clientWidth; a placeholder or a chosen
//   option wider than its field);
// - words: in Nepali, the interface's own words (text, placeholder, aria-label, title, alt) have no
//   English word and no Latin digit outside an allow list; data is not the interface: anything inside
//   an element with another `lang`, `translate="no"`, or <code>;
// - junk: no "[object Object]", "undefined", "NaN", "Invalid Date" on screen;
// - targets: every control at least 24×24 CSS px (WCAG 2.2, 2.5.8: an inline link in a sentence, and
//   a small target with room around it, excepted), the main ones at least 44×44.
// The function is handed to page.evaluate whole: it uses nothing from outside its body.

export interface AuditOptions {
  lang: 'ne' | 'en';
  /** the dark colour scheme is on */
  dark: boolean;
  /** the device's height (the viewport Playwright set): a fixed bar ends above it */
  height: number;
  /** Latin-letter words allowed in the Nepali interface: names (NEPSE, PDF), the market's symbols */
  allow: string[];
  /** the main controls, which need 44×44 */
  main: string;
}

export function auditView(o: AuditOptions): string[] {
  // What the page's disclosures hold is the interface too (a book's technical details): open while checked.
  const opened = [...document.querySelectorAll<HTMLDetailsElement>('main details:not([open])')];
  for (const d of opened) d.open = true;
  try {
    return check(o);
  } finally {
    for (const d of opened) d.open = false;
  }

  function check(o: AuditOptions): string[] {
    const W = screen.width;
    const H = o.height;
    const out: string[] = [];
    const allow = new Set(o.allow);
    const name = (e: Element) => {
      const text = (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const label = e.getAttribute('aria-label') ?? e.getAttribute('placeholder') ?? '';
      return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''} "${text || label}"`;
    };
    type Box = { left: number; top: number; right: number; bottom: number };
    const cut = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const area = (r: Box) => (r.right - r.left > 1 && r.bottom - r.top > 1 ? (r.right - r.left) * (r.bottom - r.top) : 0);
    const UNBOUNDED: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };

    // The page no wider than the device.
    const doc = document.documentElement.scrollWidth;
    if (doc > W) out.push(`width: the page is ${doc} px wide on a ${W} px screen`);
    if (innerWidth > W) out.push(`width: the layout viewport grew to ${innerWidth} px on a ${W} px screen (the page is zoomed out)`);

    // Every visible element: its boxes as clipped by the scrollers around it, and its layer.
    const CONTROL = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    type Seen = { e: Element; boxes: Box[]; layer: Element | null; style: CSSStyleDeclaration };
    const seen: Seen[] = [];
    const wide: Seen[] = [];
    const walk = (e: Element, clip: Box, layer: Element | null) => {
      const style = getComputedStyle(e);
      if (style.display === 'none') return;
      let own = layer;
      let clipHere = clip;
      if (style.position === 'fixed') {
        own = e;
        clipHere = UNBOUNDED;
      } else if (style.position === 'sticky' || (style.position === 'absolute' && style.zIndex !== 'auto')) own = e;
      const boxes = [...e.getClientRects()].map((r) => cut(r, clipHere)).filter((r) => area(r) > 0);
      const shown = style.visibility !== 'hidden' && boxes.length > 0;
      if (shown) {
        const s: Seen = { e, boxes, layer: own, style };
        seen.push(s);
        if (boxes.some((b) => b.right > W + 0.5 || b.left < -0.5)) wide.push(s);
      }
      // What it clips, its children are clipped to (a scroller, a box with overflow hidden).
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const r = e.getBoundingClientRect();
        const box = {
          left: r.left + e.clientLeft,
          top: r.top + e.clientTop,
          right: r.left + e.clientLeft + e.clientWidth,
          bottom: r.top + e.clientTop + e.clientHeight,
        };
        clipHere = cut(clipHere, {
          left: style.overflowX === 'visible' ? -1e9 : box.left,
          right: style.overflowX === 'visible' ? 1e9 : box.right,
          top: style.overflowY === 'visible' ? -1e9 : box.top,
          bottom: style.overflowY === 'visible' ? 1e9 : box.bottom,
        });
      }
      if (e instanceof HTMLDetailsElement && !e.open) {
        for (const c of e.children) if (c.tagName === 'SUMMARY') walk(c, clipHere, own);
        return;
      }
      for (const c of e.children) walk(c, clipHere, own);
    };
    walk(document.body, UNBOUNDED, null);

    // Past the screen's edge: the innermost elements only (their ancestors say the same).
    const innermost = wide.filter((s) => !wide.some((t) => t !== s && s.e.contains(t.e)));
    for (const s of innermost.slice(0, 5))
      out.push(`width: ${name(s.e)} reaches ${Math.round(Math.max(...s.boxes.map((b) => b.right)))} px on a ${W} px screen`);

    // A fixed bar inside the screen.
    for (const s of seen)
      if (s.style.position === 'fixed') {
        const r = s.e.getBoundingClientRect();
        if (r.left < -0.5 || r.right > W + 0.5 || r.top < -0.5 || r.bottom > H + 0.5)
          out.push(
            `bars: ${name(s.e)} is fixed at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}, outside the ${W}×${H} screen`,
          );
      }

    const controls = seen.filter((s) => s.e.matches(CONTROL) && !(s.e instanceof HTMLInputElement && s.e.type === 'file' && s.boxes.every((b) => area(b) < 4)));

    // No two controls of one layer overlap (a label holding its field, or a control inside another, is one).
    for (let i = 0; i < controls.length; i++)
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!;
        const b = controls[j]!;
        if (a.layer !== b.layer || a.e.contains(b.e) || b.e.contains(a.e)) continue;
        const hit = a.boxes.some((x) => b.boxes.some((y) => area(cut(x, y)) > 2));
        if (hit) out.push(`overlap: ${name(a.e)} and ${name(b.e)} are drawn over each other`);
      }

    // No text cut inside a control.
    const canvas = document.createElement('canvas').getContext('2d')!;
    const textWidth = (text: string, style: CSSStyleDeclaration) => {
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return canvas.measureText(text).width;
    };
    const inner = (e: HTMLElement, style: CSSStyleDeclaration) => e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const { e, style } of seen) {
      if (!(e instanceof HTMLElement)) continue;
      if (e instanceof HTMLInputElement) {
        if (!/^(search|text|number|url)$/.test(e.type)) continue;
        // The field's own measure of its text: an empty one's placeholder written in as its value a
        // moment, as a plain text field (an empty search field has no clear button: style.css).
        const shown = e.value || e.placeholder;
        if (!shown) continue;
        const empty = e.value === '';
        const type = e.type;
        if (empty) {
          e.type = 'text';
          e.value = e.placeholder;
        }
        const over = e.scrollWidth > e.clientWidth + 1;
        if (empty) {
          e.value = '';
          e.type = type;
        }
        if (over) out.push(`cut: ${name(e)} shows "${shown}" in ${e.clientWidth} px, too narrow`);
        continue;
      }
      if (e instanceof HTMLSelectElement) {
        const text = e.selectedOptions[0]?.text ?? '';
        // Room for the arrow (about 20 px in Chromium).
        if (text && textWidth(text, style) > inner(e, style) - 18) out.push(`cut: ${name(e)} shows "${text}" in ${Math.round(inner(e, style))} px, too narrow`);
        continue;
      }
      // A scroller (a wide table's frame) shows the rest as it is scrolled: nothing is cut.
      const scrolls = /auto|scroll/.test(style.overflowX);
      const control = e.matches(CONTROL) || e.matches('label, th, [role="tab"]');
      const clipped = !scrolls && control && style.display !== 'inline';
      if (clipped && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0) out.push(`cut: ${name(e)} needs ${e.scrollWidth} px and has ${e.clientWidth}`);
    }

    // Words: what the reader sees, and what a screen reader says.
    // Content declares its language (lang on it or a container below <html>) or says it is not to be
    // translated (a name, a number, an address); the interface's words inherit the page's language.
    const isData = (e: Element | null) => !!e && (e.closest('[lang]') !== document.documentElement || !!e.closest('[translate="no"], code, kbd, samp, pre'));
    const shown = new Set(seen.map((s) => s.e));
    const texts: Array<{ text: string; where: Element; data: boolean }> = [];
    for (const s of seen)
      for (const n of s.e.childNodes)
        if (n.nodeType === Node.TEXT_NODE && n.textContent!.trim()) texts.push({ text: n.textContent!.trim(), where: s.e, data: isData(s.e) });
    for (const s of seen) {
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt', 'aria-valuetext']) {
        const v = s.e.getAttribute(attr);
        if (v?.trim()) texts.push({ text: v.trim(), where: s.e, data: isData(s.e) && attr !== 'aria-label' && attr !== 'placeholder' });
      }
      if (s.e instanceof HTMLSelectElement) for (const opt of s.e.options) texts.push({ text: opt.text, where: s.e, data: isData(opt) });
      // A value the app wrote (a number, a page, a price); what the reader types in a search is theirs.
      if (s.e instanceof HTMLInputElement && /^(text|number)$/.test(s.e.type) && s.e.value) texts.push({ text: s.e.value, where: s.e, data: isData(s.e) });
    }
    // A control's name from elsewhere (aria-labelledby) is checked where it is: here only what is shown.
    void shown;
    const junk = /\[object \w+\]|\bundefined\b|\bNaN\b|Invalid Date/;
    const reported = new Set<string>();
    for (const { text, where, data } of texts) {
      const m = junk.exec(text);
      if (m && !reported.has(`junk${text}`)) {
        reported.add(`junk${text}`);
        out.push(`junk: "${m[0]}" in "${text.slice(0, 80)}" (${name(where)})`);
      }
      if (o.lang !== 'ne' || data) continue;
      const english = (text.match(/[A-Za-z][A-Za-z'’.-]*/g) ?? []).map((w) => w.replace(/[.'’-]+$/, '')).filter((w) => w && !allow.has(w));
      const latin = /[0-9]/.test(text);
      if ((english.length || latin) && !reported.has(`ne${text}`)) {
        reported.add(`ne${text}`);
        out.push(
          `words: ${english.length ? `English ${JSON.stringify(english.slice(0, 4))}` : ''}${english.length && latin ? ' and ' : ''}${latin ? 'Latin digits' : ''} in the Nepali interface: "${text.slice(0, 80)}" (${name(where)})`,
        );
      }
    }

    // Dark mode: no field or button left white.
    if (o.dark)
      for (const { e, style } of controls)
        if (e.matches('input:not([type="checkbox"], [type="radio"], [type="range"], [type="file"]), select, textarea, button')) {
          const [r = 0, g = 0, b = 0, a = 1] = (style.backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
          if (a > 0.5 && (r + g + b) / 3 > 160) out.push(`dark: ${name(e)} stays light (${style.backgroundColor}) in dark mode`);
        }

    // Tap targets: 24×24 at least; the main ones 44×44.
    const inSentence = (e: Element, style: CSSStyleDeclaration) => {
      if (style.display !== 'inline' || e.tagName !== 'A') return false;
      const block = e.parentElement;
      return !!block && (block.textContent ?? '').trim().length > (e.textContent ?? '').trim().length + 1;
    };
    const targets = controls.filter((s) => !(s.e instanceof HTMLInputElement && (s.e.type === 'checkbox' || s.e.type === 'radio') && s.e.closest('label')));
    const rect = (s: Seen) => s.e.getBoundingClientRect();
    for (const s of targets) {
      const r = rect(s);
      const main = s.e.matches(o.main);
      const need = main ? 44 : 24;
      if (r.width + 0.5 >= need && r.height + 0.5 >= need) continue;
      if (!main) {
        if (inSentence(s.e, s.style)) continue;
        // The spacing exception: a 24 px circle at its centre meets no other target.
        const cx = (r.left + r.right) / 2;
        const cy = (r.top + r.bottom) / 2;
        const crowded = targets.some((t) => {
          if (t === s || t.layer !== s.layer || t.e.contains(s.e) || s.e.contains(t.e)) return false;
          const q = rect(t);
          const dx = Math.max(q.left - cx, 0, cx - q.right);
          const dy = Math.max(q.top - cy, 0, cy - q.bottom);
          return Math.hypot(dx, dy) < 12;
        });
        if (!crowded) continue;
      }
      out.push(`target: ${name(s.e)} is ${Math.round(r.width)}×${Math.round(r.height)} px, under ${need}×${need}${main ? ' (a main control)' : ''}`);
    }
    return out;
  }
}

/**
 * Nothing drawn over what a tap should reach: the element at the centre of the first heading, the
 * first list item or row, and each button, once scrolled into view (which honours scroll-padding),
 * is that element itself. Scroll positions are put back after. (Was tests/e2e/hit-testing.spec.ts.)
 */
export function coveredElements(): string[] {
  const visible = (e: Element) => {
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('details:not([open]) > :not(summary)');
  };
  const name = (e: Element) =>
    `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.classList.length ? `.${[...e.classList].join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
  const checked: Element[] = [];
  const first = (selector: string) => {
    const e = [...document.querySelectorAll(selector)].find(visible);
    if (e) checked.push(e);
  };
  first('main :is(h1, h2)');
  first('main :is(ol, ul) > li, main tbody tr');
  for (const e of document.querySelectorAll(
    'main button, main a.button, .banners button, .banners a.button, .section-banner button, .section-banner a.button, header.top button',
  ))
    if (visible(e) && !checked.includes(e)) checked.push(e);
  const scrollers = [...document.querySelectorAll('*')]
    .filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
    .map((e) => [e, e.scrollLeft, e.scrollTop] as const);
  const problems: string[] = [];
  for (const e of checked) {
    e.scrollIntoView({ block: 'start', behavior: 'instant' });
    const r = e.getClientRects()[0] ?? e.getBoundingClientRect();
    const x = (Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2;
    const y = (Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === e || e.contains(hit)))
      problems.push(`covered: ${name(e)} at ${Math.round(x)},${Math.round(y)} is covered by ${hit ? name(hit) : 'nothing'}`);
  }
  scrollTo(0, 0);
  for (const [e, left, top] of scrollers) e.scrollTo(left, top);
  return problems;
}
