// A programming assertion: a condition the code itself guarantees (a table's shape, an order its
// caller keeps, two writers that must agree), false only through a bug here, never through input
// or the network. One helper, so such a failure reads the same everywhere (KhojError 'bug') and
// is never mistaken for a problem a reader can do something about.

import { KhojError } from './errors.ts';

export function assert(ok: unknown, what: string): asserts ok {
  if (!ok) throw new KhojError('bug', what);
}
