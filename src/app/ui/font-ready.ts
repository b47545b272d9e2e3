// The shipped Devanagari font (src/app/fonts.css) before the first render, where the service
// worker has it. A render before it has loaded is laid out in the fallback (boxes, on machines
// with no Devanagari font) and laid out again when it comes: a cold start's trace showed 119 ms
// then 82 ms of layout, where one layout with the font took 53 ms. The preload in index.html
// fetches the file; asking for it here makes it ready by the time the page is drawn.

const FONT = '16px "Noto Sans Devanagari"';
/** With the worker, the file is on the device (precached): the wait is a task or two, this only its bound. */
const MAX_WAIT_MS = 500;

/** Resolves once the font can draw Devanagari, or at once with no worker (the first visit: over the network, it is not waited for). */
export function devanagariReady(): Promise<void> {
  const fonts = document.fonts as FontFaceSet | undefined;
  if (!fonts?.load || !navigator.serviceWorker?.controller || fonts.check(FONT, 'क')) return Promise.resolve();
  return Promise.race([
    fonts.load(FONT, 'क').then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((ok) => setTimeout(ok, MAX_WAIT_MS)),
  ]);
}
