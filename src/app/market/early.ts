// A market screen's first files, asked for beside the screens' chunk rather than after it: on a
// first visit the chunk, then the files, then the drawing were one chain, and under a phone's
// network each link of it delayed the screen's first content (bench/RESULTS.md, "The market
// routes' late LCP"). Each answer is taken once by the read that wants it (api.ts fetchFile).

import { ENDPOINT_OF, type FileKind, INDEX_MANIFEST_PATH as INDEX_MANIFEST } from '../../core/market/endpoints.ts';
import { fetchAnswer } from '../client/fetch.ts';

/** What each screen draws its first content from (`#/market/<screen>`; '' the home): file kinds, or paths below data/. */
const FIRST: Readonly<Record<string, readonly (FileKind | typeof INDEX_MANIFEST)[]>> = {
  '': ['status', 'indices', 'summary', 'topStocks', 'about'],
  prices: ['stocks', 'sectorCodes', 'about'],
  symbol: ['stocks', 'about'],
  // The chart's chain was chunk, manifest, months: the manifest now comes beside the chunk.
  history: [INDEX_MANIFEST, 'sectorIndices', 'about'],
};

/**
 * The answers asked for early, by path below data/. The paths are read from the endpoints table in
 * the start-up bundle (2 KB compressed): imported on demand, it was one more file for the first
 * files to wait for (issue 38).
 */
let early: Map<string, Promise<Response>> | undefined;

const pathOf = (e: (typeof ENDPOINT_OF)[FileKind]) => e.upstream?.a ?? e.a[0] ?? e.b[0]!;

/** Asks for the first files of the market screen `hash` names (none for other routes). */
export function fetchEarly(hash: string): void {
  const route = /^#\/market(?:\/([^/?]*))?(?:[/?]|$)/.exec(hash);
  const screen = route?.[1] ?? '';
  const kinds = route && Object.hasOwn(FIRST, screen) ? FIRST[screen] : undefined;
  if (!kinds || early) return;
  early = new Map();
  for (const kind of kinds) {
    const path = kind === INDEX_MANIFEST ? kind : pathOf(ENDPOINT_OF[kind]);
    const res = fetchAnswer('market', `data/${path}`);
    // Its failure is the read's to report (taken below), not an unhandled rejection.
    res.catch(() => undefined);
    early.set(path, res);
  }
}

/** The early answer for `path`, once (later reads fetch again); undefined when none was asked for. */
export async function takeEarly(path: string): Promise<Response | undefined> {
  const res = early?.get(path);
  early?.delete(path);
  return res;
}
