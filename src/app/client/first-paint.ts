// Work the first frame does not show waits for it: a cold start paints sooner when the page's
// questions to the worker, its storage reads and its network checks come after.

/** Runs `fn` once the page has painted (a hidden page paints nothing: then at once). */
export function afterFirstPaint(fn: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(fn, 0);
  else requestAnimationFrame(() => setTimeout(fn, 0));
}
