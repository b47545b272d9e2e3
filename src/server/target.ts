// The URL a request names, however odd its target. `new URL(target, base)` reads a target of
// `//a:b@/x` or `//%zz/` as a host (and throws): a target starting with "/" is a path, always
// (RFC 9112 3.2.1), so it is read after a fixed origin; an absolute target (`http://h/p`) is
// read as it is. Undefined when the target is no URL at all (`http://[::1`).

import type { IncomingMessage } from 'node:http';

const ORIGIN = 'http://khoj.invalid';

export function requestUrl(req: Pick<IncomingMessage, 'url'>): URL | undefined {
  const target = req.url ?? '/';
  try {
    return new URL(target.startsWith('/') ? ORIGIN + target : target);
  } catch {
    return undefined;
  }
}
