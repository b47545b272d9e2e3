// Sources profiles: a JSON file (or a shipped name: sample, public) saying where each
// service's data comes from, with any option of the command line. Checked against its
// schema (errors name the file and the field); `extends` layers one profile on another.
// The result is the command line's own option values, so a flag given with it wins.

import { dirname, isAbsolute, join, resolve } from 'node:path';
import { DataError } from '../../src/core/problems.ts';
import { projectRoot } from '../root.ts';
import { schemaProblems } from '../schema.ts';
import { DATA_SECTIONS } from '../sections.ts';
import { isUrl, readSmallFile } from '../source.ts';
import { type Profile, profileSchema } from './schema.ts';

export const PROFILES_DIR = join(projectRoot(), 'data-build/sources/profiles');
export const SHIPPED = ['sample', 'public'] as const;

type SectionPart = Record<string, unknown>;

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface LoadedProfile {
  /** the name given (sample, public) or the file */
  name: string;
  profile: Profile;
  /** the option values it stands for, flag names as keys */
  values: OptionValues;
}

const fileOf = (spec: string, from?: string): string => (/^[\w-]+$/.test(spec) ? join(PROFILES_DIR, `${spec}.json`) : resolve(from ?? process.cwd(), spec));

/** The most bytes a profile may hold: the shipped ones hold a few hundred. */
export const MAX_PROFILE_BYTES = 1024 * 1024;

function readProfile(file: string, label: string, extendedBy?: string): Profile {
  let text: string;
  const by = extendedBy === undefined ? '' : ` (extended by ${extendedBy})`;
  try {
    // Through source.ts, as every input: a device, a pipe or a huge file is refused, not read.
    text = readSmallFile(file, MAX_PROFILE_BYTES, label, 'a sources profile');
  } catch (e) {
    if (e instanceof DataError) throw new DataError(e.problems.map((p) => ({ ...p, message: `${p.message}${by}` })));
    const code = (e as NodeJS.ErrnoException).code;
    const known = /^[\w-]+$/.test(label) ? ` (shipped profiles: ${SHIPPED.join(', ')}; or give a file)` : '';
    throw new DataError([{ file: label, message: `${code === 'ENOENT' ? 'no such sources profile' : `cannot read: ${(e as Error).message}`}${known}${by}` }]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // The parser quotes the text where it broke: never echoed, since `extends` may name any file.
    const why = (e as Error).message.split(/[,'"]/)[0]!.trim();
    throw new DataError([{ file: label, message: `not valid JSON (${why}): a sources profile is a JSON object` }]);
  }
  const problems = schemaProblems(profileSchema, data, label);
  if (problems.length) throw new DataError(problems);
  return data as Profile;
}

/** Loads a profile and what it extends (the nearer one wins, section by section and field by field). */
export function loadProfile(spec: string): LoadedProfile {
  const chain: Array<{ file: string; profile: Profile }> = [];
  let file = fileOf(spec);
  let label = spec;
  let extendedBy: string | undefined;
  for (;;) {
    if (chain.some((c) => c.file === file)) throw new DataError([{ file: label, message: `"extends" loops back to ${file}` }]);
    const profile = readProfile(file, label, extendedBy);
    chain.push({ file, profile: withPathsResolved(profile, dirname(file)) });
    if (profile.extends === undefined) break;
    extendedBy = label;
    file = fileOf(profile.extends, dirname(file));
    // A shipped profile by its name, a file by its path (relative to the profile that names it).
    label = /^[\w-]+$/.test(profile.extends) ? profile.extends : file;
  }
  const merged: Profile = {};
  for (const { profile } of chain.reverse()) {
    for (const [k, v] of Object.entries(profile) as Array<[keyof Profile, unknown]>) {
      if (k === 'extends' || k === 'description') continue;
      const before = merged[k];
      (merged as Record<string, unknown>)[k] =
        v && typeof v === 'object' && !Array.isArray(v) && before && typeof before === 'object' ? { ...before, ...v } : v;
    }
  }
  return { name: spec, profile: merged, values: toValues(merged) };
}

/** A source folder or file, the output and the cache named in a profile are relative to the profile's own folder. */
function withPathsResolved(p: Profile, dir: string): Profile {
  const fix = <T>(s: T): T => (typeof s === 'string' && !isUrl(s) && !isAbsolute(s) ? (resolve(dir, s) as T) : s);
  const out: Profile = { ...p };
  if (p.out !== undefined) out.out = fix(p.out);
  if (p.network?.cache !== undefined) out.network = { ...p.network, cache: fix(p.network.cache) };
  for (const { id } of DATA_SECTIONS) {
    const part = p[id] as SectionPart | undefined;
    if (!part) continue;
    const fixed: SectionPart = { ...part, source: fix(part.source) };
    if (fixed.source === undefined) delete fixed.source;
    out[id] = fixed;
  }
  return out;
}

function toValues(p: Profile): OptionValues {
  const v: OptionValues = {};
  const str = (x: unknown) => (x === undefined || x === null ? undefined : String(x));
  for (const d of DATA_SECTIONS) {
    const part = p[d.id] as SectionPart | undefined;
    for (const f of d.flags) v[f.flag] = str(part?.[f.field]);
  }
  v['generated-at'] = p.generatedAt;
  v.only = p.only?.join(',');
  v.out = p.out;
  const n = p.network;
  if (n) {
    if (n.cache === null) v['no-cache'] = true;
    else v.cache = n.cache;
    v.offline = n.offline;
    v['max-bytes'] = str(n.maxBytes);
    v['max-pdf-bytes'] = str(n.maxPdfBytes);
    v.timeout = str(n.timeout);
    v.retries = str(n.retries);
    v['allow-private-hosts'] = n.allowPrivateHosts;
    v['private-upstream'] = n.privateUpstreams;
    if (n.mirrors) v.mirror = Object.entries(n.mirrors).map(([from, to]) => `${from}=${to}`);
  }
  for (const k of Object.keys(v)) if (v[k] === undefined) delete v[k];
  return v;
}

/** Options given as lists: the profile's and the command line's add up. */
const LISTS = new Set(['mirror', 'private-upstream']);

/** The profile's values under the command line's: a flag given on the command line wins (mirrors and private upstreams add up). */
export function overlay(profile: OptionValues, cli: OptionValues): OptionValues {
  const out: OptionValues = { ...profile };
  for (const [k, v] of Object.entries(cli)) {
    if (v === undefined) continue;
    out[k] = LISTS.has(k) ? [...((profile[k] as string[] | undefined) ?? []), ...(v as string[])] : v;
  }
  return out;
}
