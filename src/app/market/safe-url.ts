// A link from the market's data, used only when it is http(s): apart from html.ts so that screens
// that show links but no HTML (the listings) do not load the sanitiser.

/** The URL if it is an absolute http(s) URL, else undefined (no javascript:, data: or relative links from data). */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
