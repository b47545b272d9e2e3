// The series files of a layout-A source beyond the contract, mirrored at the same paths: the index
// history (indices/manifest.json + the months it lists), intraday prices (the ltp/daily days
// ltp/manifest.json lists in availableDays) and the floor sheet (floor_sheet/manifest.json, the
// latest days it lists, floor_sheet/lookups/). Each file is optional; each is read under the
// build's limits (source.ts), checked by the core (src/core/market/series-files.ts) and published
// only when it passes; a file that is there but unreadable fails the build (as for every optional
// file: the last output keeps it). Every manifest we publish lists exactly the files we publish.

import { FLOOR_LOOKUPS, FLOOR_MANIFEST, floorDayPath, INDEX_MANIFEST, indexMonthPath, ltpDayPath, seriesProblems } from '../../src/core/market/series-files.ts';
import { DataError, type Problem } from '../../src/core/problems.ts';
import { type Location, parseJson } from '../source.ts';
import { fetchWithSample, inParallel } from './read-source.ts';

/** Floor-sheet days mirrored by default (the newest ones): a real day is about 5 MB. */
export const FLOOR_SHEET_DAYS = 5;

export interface SeriesFiles {
  /** path below data/ → minified JSON text, every one checked */
  files: Map<string, string>;
  /** the ltp/daily days published (ltp/manifest.json availableDays is set to these) */
  ltpDays: string[];
  /** optional files missing, invalid or left out: reported, not fatal */
  skipped: Problem[];
  /** one line per dataset for the build's summary */
  summary: string[];
  /** trimmed `.sample.json` files read in place of missing ones */
  samples: string[];
}

type Obj = Record<string, unknown>;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Reads one optional series file: undefined when missing or invalid (reported); throws when unreadable. */
async function readOne(root: Location, path: string, out: SeriesFiles): Promise<Obj | undefined> {
  const r = await fetchWithSample(root, path);
  if ('missing' in r) return undefined;
  if ('problem' in r) throw new DataError([{ ...r.problem, message: `${r.problem.message} (optional file, present but unreadable)` }]);
  if (r.sample) out.samples.push(path);
  const value = parseJson(r.text, r.href);
  // Problems name the file really read (a `.sample.json` stand-in, or the URL).
  const found = seriesProblems(path, value, r.href);
  if (found.length) {
    out.skipped.push(...found, { file: r.href, message: 'invalid optional file: skipped' });
    return undefined;
  }
  return value as Obj;
}

/** Reads the files a listing names, in parallel (a few at a time); returns those that passed, by key. */
async function readListed(root: Location, keys: string[], pathOf: (k: string) => string, out: SeriesFiles): Promise<Map<string, Obj>> {
  const got = new Map<string, Obj>();
  await inParallel(keys, async (k) => {
    const v = await readOne(root, pathOf(k), out);
    if (v) got.set(k, v);
  });
  return new Map([...got].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function missingNote(out: SeriesFiles, file: string, key: string, listed: string[], present: Set<string>): void {
  const missing = listed.filter((x) => !present.has(x));
  if (!missing.length) return;
  const shown = missing.length > 6 ? `${missing.slice(0, 3).join(', ')} … ${missing.slice(-2).join(', ')}` : missing.join(', ');
  out.skipped.push({
    file,
    path: key,
    message: `${missing.length} of the ${listed.length} listed are missing or invalid (${shown}): the manifest published lists only those there are`,
  });
}

const publish = (out: SeriesFiles, path: string, value: unknown) => out.files.set(path, JSON.stringify(value));

export async function readSeries(root: Location, ltpManifest: unknown, name: (p: string) => string, floorDays = FLOOR_SHEET_DAYS): Promise<SeriesFiles> {
  const out: SeriesFiles = { files: new Map(), ltpDays: [], skipped: [], summary: [], samples: [] };

  // Index history: the months the manifest lists, and the manifest rewritten to those there are.
  const im = await readOne(root, INDEX_MANIFEST, out);
  if (im) {
    const listed = strings(im.availableMonths);
    const months = await readListed(root, listed, indexMonthPath, out);
    missingNote(out, name(INDEX_MANIFEST), 'availableMonths', listed, new Set(months.keys()));
    if (months.size) {
      const last = [...months.values()].at(-1)!;
      const lastDate = strings(last.dates).at(-1) ?? null;
      const manifest: Obj = { ...im, availableMonths: [...months.keys()] };
      if (typeof im.latestDate !== 'string' || !months.has(im.latestDate.slice(0, 7))) manifest.latestDate = lastDate;
      if (typeof im.finalizedThrough === 'string' && lastDate !== null && im.finalizedThrough > lastDate) manifest.finalizedThrough = lastDate;
      publish(out, INDEX_MANIFEST, manifest);
      for (const [m, v] of months) publish(out, indexMonthPath(m), v);
      const codes = new Set([...months.values()].flatMap((v) => Object.keys(v.series as Obj)));
      out.summary.push(
        `index history: ${months.size} of ${listed.length} months listed (${[...months.keys()][0]} … ${[...months.keys()].at(-1)}), ${codes.size} index codes`,
      );
    } else out.summary.push(`index history: none of the ${listed.length} months listed is there; not published`);
  }

  // Intraday prices: the days ltp/manifest.json lists.
  const listedDays = strings((ltpManifest as Obj | undefined)?.availableDays);
  if (listedDays.length) {
    const days = await readListed(root, listedDays, ltpDayPath, out);
    missingNote(out, name('ltp/manifest.json'), 'availableDays', listedDays, new Set(days.keys()));
    for (const [d, v] of days) publish(out, ltpDayPath(d), v);
    out.ltpDays = [...days.keys()];
    out.summary.push(`intraday prices: ${days.size} of ${listedDays.length} days listed`);
  }

  // Floor sheet: the newest days (a real day is ~5 MB), the lookups, the manifest listing those days.
  const fm = await readOne(root, FLOOR_MANIFEST, out);
  if (fm) {
    const listed = strings(fm.availableDates);
    const wanted = listed.slice(-floorDays);
    const days = await readListed(root, wanted, floorDayPath, out);
    missingNote(out, name(FLOOR_MANIFEST), 'availableDates', wanted, new Set(days.keys()));
    if (days.size) {
      publish(out, FLOOR_MANIFEST, { ...fm, availableDates: [...days.keys()], latestDate: [...days.keys()].at(-1)! });
      for (const [d, v] of days) publish(out, floorDayPath(d), v);
    }
    out.summary.push(
      `floor sheet: ${days.size} day${days.size === 1 ? '' : 's'} (the newest ${floorDays} of ${listed.length} listed${days.size ? `, ${[...days.keys()][0]} … ${[...days.keys()].at(-1)}` : ''})`,
    );
  }
  for (const path of FLOOR_LOOKUPS) {
    const v = await readOne(root, path, out);
    if (v) publish(out, path, v);
  }
  return out;
}
