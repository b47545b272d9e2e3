// Work the first frame does not show waits for it: a cold start paints sooner when the page's
// questions to the worker, its storage reads and its network checks come after.

/** Runs `fn` once the page has painted (a hidden page paints nothing: then at once). */
export function afterFirstPaint(fn: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}

/** Where the browser reports when an element is shown (Element Timing: Chromium). */
const elementTiming = () => typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('element');

/**
 * Runs `fn` once the element marked `elementtiming={name}` is on screen: its Element Timing entry
 * comes when the frame that drew it is shown, where a frame callback (afterFirstPaint) runs before
 * that frame is drawn, and a frame can be shown a second later on a busy phone (Lighthouse's first
 * frames came a second apart in half its runs, and a symbol page's large files were then asked for
 * before its price was on screen). Without Element Timing, as afterFirstPaint; after `maxMs` at
 * the latest (an element never shown).
 */
export function afterShown(name: string, fn: () => void, maxMs = 3000): void {
  if (document.visibilityState === 'hidden' || !elementTiming()) return afterFirstPaint(fn);
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(latest);
    setTimeout(fn, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => (e as PerformanceEntry & { identifier?: string }).identifier === name)) run();
  });
  const latest = setTimeout(run, maxMs);
  observer.observe({ type: 'element', buffered: true });
}

/** Work a screen has said is coming (its large files, asked for once its first content is shown). */
let holds = 0;
const onReleased = new Set<() => void>();

/**
 * Tells afterSettled that the screen has more to fetch: it waits until the returned function is
 * called (then for the quiet again). A symbol page waits for its price to be on screen before it
 * asks for its large files; where the first frames came a second apart, the page was quiet
 * meanwhile and the first install began, its saving then competing with those files.
 */
export function holdSettled(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds > 0) return;
    for (const f of [...onReleased]) f();
  };
}

/**
 * Runs `fn` once the page has loaded, no screen holds it (holdSettled) and it has finished no
 * request for `quietMs` (and at the latest `maxMs` from now). A first install's saving (the shell,
 * every section's files) then does not compete with the first screen for the network and the CPU:
 * on a first visit to a share's page it delayed the price by seconds.
 */
export function afterSettled(fn: () => void, quietMs = 800, maxMs = 10_000): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const run = (force = false) => {
    if (done) return;
    if (holds > 0 && !force) return;
    done = true;
    observer?.disconnect();
    onReleased.delete(wait);
    clearTimeout(quiet);
    clearTimeout(latest);
    fn();
  };
  const wait = () => {
    clearTimeout(quiet);
    quiet = setTimeout(run, quietMs);
  };
  const latest = setTimeout(() => run(true), maxMs);
  const observer = typeof PerformanceObserver === 'undefined' ? undefined : new PerformanceObserver(() => quiet !== undefined && wait());
  observer?.observe({ type: 'resource' });
  onReleased.add(wait);
  if (document.readyState === 'complete') wait();
  else addEventListener('load', wait, { once: true });
}
