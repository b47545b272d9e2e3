// Paths under /api/ that no service answers get a JSON 404 in the YoBook envelope, never
// the app shell: a client of the upstream API (which also calls /api/gradewise-audio and
// /api/research) must see "not here", not an HTML page with status 200.

import type { ApiResponse } from './types.ts';

/** Upstream paths the catalog knows of but no source carries yet. */
const NOT_CARRIED: Record<string, string> = {
  'gradewise-audio': 'Grade-wise audio is not available: no source of this catalog carries it',
  research: 'Research papers are not available: no source of this catalog carries them',
};

/** The JSON 404 for an /api/ path (as sent) that nothing answered; undefined for paths outside /api/ and for /api/v1/ (the dictionary's own 404). */
export function unknownApi(pathname: string): ApiResponse | undefined {
  const m = /^\/api\/([^/]*)/.exec(pathname);
  if (!m || m[1] === 'v1') return undefined;
  return { status: 404, body: { success: false, error: NOT_CARRIED[m[1]!] ?? 'Not found' } };
}
