// One file fetched from the upstream, validated by the core and stored, or the stored copy marked
// stale: a failed, cut short, non-JSON or wrongly shaped answer, or one older or emptier than the
// copy the same upstream gave before (the core's plausibility rules), leaves the stored text alone.

import { type FileKind, STATUS_PATH } from '../../../core/market/endpoints.ts';
import { trackedFiles } from '../../../core/market/refresh-policy.ts';
import type { Layout } from '../../../core/market/types/index.ts';
import { relatedPaths } from '../../../core/market/related-paths.ts';
import { MAX_FILE_BYTES, readTextBounded } from '../../../core/bounded-body.ts';
import { KhojError } from '../../../core/errors.ts';
import { refreshProblem, type RefreshProblem } from '../../../core/market/refresh-problem.ts';
import { type Context, errorText, type Outcome, type Parts } from './parts.ts';
import type { QueuedJob } from './queue.ts';

const FETCH_TIMEOUT_MS = 30_000;

/** Fetches one file from the upstream, validates it and stores it, or marks the stored one stale. */
export async function fetchFile(parts: Parts, job: QueuedJob, c: Context): Promise<Outcome> {
  const { deps, window, epoch } = parts;
  const current = epoch.mark();
  const now = deps.clock.now();
  await deps.store.writeMeta({ ...c.meta, sent: window.record(now) }).catch((e: unknown) => void deps.storage.failed(e));
  const layout = job.detect?.[0] ?? c.layout!;
  const failure = (problem: RefreshProblem, down = false) => (current() ? failed(parts, job, c, { layout, now, problem, down }) : { touched: [] });

  let res: Response;
  try {
    const url = `${c.upstream}/data/${job.path.split('/').map(encodeURIComponent).join('/')}`;
    // The browser's HTTP cache revalidates (ETag/Last-Modified) without a CORS preflight.
    res = await deps.fetch(url, { cache: 'no-cache', credentials: 'omit', signal: AbortSignal.timeout(deps.clock.fetchTimeout(FETCH_TIMEOUT_MS)) });
  } catch (err) {
    return failure(refreshProblem('unreachable', { said: errorText(err) }), true);
  }
  if (!res.ok) return failure(refreshProblem('http', { status: res.status, said: res.statusText }));
  let text: string;
  try {
    // The upstream may be any host the reader set: its answer is held to the build's file limit.
    text = await readTextBounded(res, deps.clock.fileLimit(MAX_FILE_BYTES));
  } catch (err) {
    if (KhojError.is(err, 'too-large')) return failure(refreshProblem('too-large', { ...(err.limit !== undefined ? { limit: err.limit } : {}) }));
    return failure(refreshProblem('cut-short', { said: errorText(err) }));
  }
  const core = deps.core();
  const v = core.validate(job.path, text, layout);
  if (!v.ok || !v.kind) return failure(refreshProblem('invalid', { problems: v.problems }));
  if (!current()) return { touched: [] };
  // Well-formed is not enough: an answer older than, or emptied of, the copy this upstream gave
  // before is kept aside (the stored copy stays, stale), unless a newer status says the day changed.
  const old = (await deps.store.readFile(job.path)).file;
  if (old && old.source === c.upstream) {
    const aside = core.keptAside(v.kind, job.path, v.value, old.body, old.fetchedAt, await parts.storedStatus(layout));
    if (aside) return failure(refreshProblem('kept-aside', { said: aside }));
  }
  const produced = await core.filesFrom(v.kind, layout, job.path, text, v.value, deps.store.readText);
  const etag = res.headers.get('ETag');
  const lastModified = res.headers.get('Last-Modified');
  await deps.store.storeFetched(produced, {
    fetchedAt: deps.clock.now(),
    source: c.upstream,
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  });
  deps.storage.worked('write');
  if (job.detect) await layoutFound(parts, c, layout);
  return { touched: produced.map((p) => p.path) };
}

/** The layout's status file read: the layout is kept, and what waited for it is planned. */
async function layoutFound(parts: Parts, c: Context, layout: Layout): Promise<void> {
  c.layout = layout;
  c.meta.upstream = c.upstream;
  c.meta.layout = layout;
  await parts.deps.store.writeMeta({ ...c.meta, sent: parts.window.times() }).catch((e: unknown) => void parts.deps.storage.failed(e));
  await parts.plan(c, parts.queue.takeWaiting());
}

/** A failed fetch: the next layout tried, or the stored copies marked stale (all of them when the upstream is down). */
async function failed(
  { deps, queue }: Parts,
  job: QueuedJob,
  c: Context,
  { layout, now, problem, down }: { layout: Layout; now: number; problem: RefreshProblem; down: boolean },
): Promise<Outcome> {
  // Finding the layout: a status file missing or wrong here may mean the other layout.
  if (!down && job.detect && job.detect.length > 1) {
    const next = job.detect[1]!;
    queue.add({ ...job, path: STATUS_PATH[next], detect: job.detect.slice(1) });
    return { touched: [] };
  }
  const paths = new Set(relatedPaths(job.kind, layout, job.path));
  const tried = [job.path];
  if (job.detect || down) {
    // Nothing else can be refreshed now: all it was to refresh stays as old as it is.
    const rest: Array<[Layout, Array<{ kind: FileKind; path: string }>]> = job.detect
      ? [
          ['a', trackedFiles('a', now)],
          ['b', trackedFiles('b', now)],
        ]
      : [[layout, queue.all()]];
    for (const [l, files] of rest) for (const f of files) for (const p of relatedPaths(f.kind, l, f.path)) paths.add(p);
    if (down) tried.push(...queue.paths());
    queue.clear();
  }
  await deps.store.markStale([...paths], problem, { paths: tried, at: now, upstream: c.upstream });
  return { touched: [...paths], markedStale: [...paths], failed: { path: job.path, problem } };
}
