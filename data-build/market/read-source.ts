// Reads a market snapshot's files from a folder or a base URL (through source.ts, the only
// input I/O): finds the data/ root, detects the layout, fetches every endpoint of it and the
// months of price history its manifest lists. Nothing is judged here: the core does that.

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS, LTP_MONTH_PATTERN, ltpMonthPath, STATUS_PATH } from '../../src/core/market/endpoints.ts';
import type { Layout } from '../../src/core/market/types/index.ts';
import { DataError, type Problem } from '../../src/core/problems.ts';
import { child, type Location, locate, parseJson, readText } from '../source.ts';

export interface SourceFiles {
  layout: Layout;
  /** how the layout was decided */
  detected: boolean;
  /** the data/ folder or URL */
  root: Location;
  files: Map<string, unknown>;
  unreadable: Map<string, Problem>;
  /** path below data/ → the file or URL really read (a `.sample.json` stands in for a missing file) */
  actual: Map<string, string>;
  /** trimmed samples read in place of missing files */
  samples: string[];
}

const CONCURRENCY = 6;

export type Outcome = { text: string; href: string } | { missing: true } | { problem: Problem };

const isMissing = (e: DataError) => e.problems.every((p) => /no such file|HTTP 404|HTTP 410/.test(p.message));

async function fetchText(loc: Location): Promise<Outcome> {
  try {
    return { text: await readText(loc), href: loc.href };
  } catch (e) {
    if (!(e instanceof DataError)) throw e;
    return isMissing(e) ? { missing: true } : { problem: e.problems[0]! };
  }
}

/** A path, or in a folder its trimmed `.sample.json` stand-in (as in the shared real-data folders). */
export async function fetchWithSample(root: Location, path: string): Promise<Outcome & { sample?: boolean }> {
  const r = await fetchText(child(root, path));
  if (!('missing' in r) || root.kind === 'url') return r;
  const s = await fetchText(child(root, path.replace(/\.json$/, '.sample.json')));
  return 'text' in s ? { ...s, sample: true } : r;
}

export async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The folder or URL holding the layout's paths: `X/data/` when X is a site root, else X. */
function dataRoot(loc: Location): Location {
  if (loc.kind === 'url') return /\/data\/?$/.test(new URL(loc.href).pathname) ? loc : child(loc, 'data');
  const inner = join(loc.href, 'data');
  return existsSync(inner) && statSync(inner).isDirectory() ? { kind: 'dir', href: inner } : loc;
}

export async function readSource(spec: string, layout?: Layout): Promise<SourceFiles> {
  const loc = await locate(spec);
  if (loc.kind === 'file') throw new DataError([{ file: spec, message: 'is a file; a market snapshot is a folder or a base URL (holding data/…)' }]);
  const root = dataRoot(loc);
  let detected = false;
  if (!layout) {
    const [a, b] = await Promise.all([fetchWithSample(root, STATUS_PATH.a), fetchWithSample(root, STATUS_PATH.b)]);
    // Our own output holds both layouts: A, which carries more, is read.
    if ('text' in a) layout = 'a';
    else if ('text' in b) layout = 'b';
    else {
      throw new DataError([
        {
          file: child(root, STATUS_PATH.a).href,
          message: `no market status in either layout (looked for layout A's ${STATUS_PATH.a} and layout B's ${STATUS_PATH.b}); is this a market snapshot?`,
        },
      ]);
    }
    detected = true;
  }
  const out: SourceFiles = { layout, detected, root, files: new Map(), unreadable: new Map(), actual: new Map(), samples: [] };

  const take = (path: string, r: Outcome & { sample?: boolean }): boolean => {
    if ('missing' in r) return false;
    if ('problem' in r) {
      out.unreadable.set(path, r.problem);
      out.actual.set(path, r.problem.file);
      return true;
    }
    out.actual.set(path, r.href);
    if (r.sample) out.samples.push(path);
    try {
      out.files.set(path, parseJson(r.text, r.href));
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      out.unreadable.set(path, e.problems[0]!);
    }
    return true;
  };

  // Every endpoint of the layout; of several paths for one endpoint, the first there is.
  const endpoints = ENDPOINTS.filter((e) => e.kind !== 'ltpMonth' && e[layout!].length);
  await inParallel(endpoints, async (e) => {
    for (const path of e[layout!]) if (take(path, await fetchWithSample(root, path))) break;
  });

  // The months the manifest lists.
  const manifest = out.files.get('ltp/manifest.json') as { availableMonths?: unknown } | undefined;
  const months = Array.isArray(manifest?.availableMonths)
    ? manifest.availableMonths.filter((m): m is string => typeof m === 'string' && /^\d{4}-\d{2}$/.test(m))
    : [];
  await inParallel(months, async (m) => {
    const path = ltpMonthPath(m);
    if (LTP_MONTH_PATTERN.test(path)) take(path, await fetchWithSample(root, path));
  });
  return out;
}
