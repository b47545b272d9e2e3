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

/**
 * Runs `fn` once the page has loaded and finished no request for `quietMs` (and at the latest
 * `maxMs` from now). A first install's saving (the shell, every section's files) then does not
 * compete with the first screen for the network and the CPU: on a first visit to a share's page
 * it delayed the price by seconds.
 */
export function afterSettled(fn: () => void, quietMs = 800, maxMs = 10_000): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(quiet);
    clearTimeout(latest);
    fn();
  };
  const wait = () => {
    clearTimeout(quiet);
    quiet = setTimeout(run, quietMs);
  };
  const latest = setTimeout(run, maxMs);
  const observer = typeof PerformanceObserver === 'undefined' ? undefined : new PerformanceObserver(() => quiet !== undefined && wait());
  observer?.observe({ type: 'resource' });
  if (document.readyState === 'complete') wait();
  else addEventListener('load', wait, { once: true });
}
