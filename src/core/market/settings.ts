// The market's upstream setting, as the reader types it and the worker reads it. No DOM, no
// worker globals: both sides import it.

import type { Layout } from './types/index.ts';

/** The public upstream (the scraper's static host, layout A); files live at `{base}/data/…`. */
export const PUBLIC_UPSTREAM = 'https://shubhamnpk.github.io/yonepse';

// `VITE_MARKET_UPSTREAM` at build time replaces the public upstream as the default.
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env;
export const DEFAULT_UPSTREAM = normaliseUpstream(env?.VITE_MARKET_UPSTREAM ?? '') ?? PUBLIC_UPSTREAM;

export type LayoutSetting = 'auto' | Layout;

/** The reader's choice, stored in IndexedDB (`meta` row "settings"); "" = the default upstream. */
export interface MarketSettings {
  upstream: string;
  layout: LayoutSetting;
}
export const DEFAULT_SETTINGS: MarketSettings = { upstream: '', layout: 'auto' };

/**
 * A base URL as people type it: trimmed, http(s) only, without a trailing slash, `/data` or a
 * file name under it (`…/yonepse/data/market/status.json` → `…/yonepse`). Undefined when it is
 * blank or not an absolute http(s) URL.
 */
export function normaliseUpstream(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  url.search = '';
  let path = url.pathname.replace(/\/+$/, '');
  const data = path.search(/\/data(\/|$)/);
  if (data >= 0) path = path.slice(0, data);
  return `${url.origin}${path}`;
}

/** The upstream a setting means. */
export const upstreamOf = (s: MarketSettings): string => normaliseUpstream(s.upstream) ?? DEFAULT_UPSTREAM;
