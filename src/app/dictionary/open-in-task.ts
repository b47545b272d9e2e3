// A plain tap on a result link opens its route in the tap's own task. Followed by the browser, the
// fragment navigation queues its hashchange as a task of its own, and Chromium draws a frame (the
// link's pressed state) before it runs: the entry then shows a frame later. Here the URL changes as
// the search box changes it (history.pushState and a hashchange event, search.tsx), so the new
// screen is in the DOM before that frame. Clicks with a modifier key (new tab, new window) and
// other buttons keep the browser's own behaviour.

export function openInTask(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href^="#/"]');
  if (!(a instanceof HTMLAnchorElement) || a.target) return;
  e.preventDefault();
  const hash = a.getAttribute('href')!;
  if (location.hash === hash) return;
  history.pushState(null, '', hash);
  dispatchEvent(new HashChangeEvent('hashchange'));
}
