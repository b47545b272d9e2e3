// The build stamp, written beside the output (build/data.sources.json for build/data): which
// sources built each service's files. `npm run data` with no sources chosen (no --sources, no
// KHOJ_SOURCES, no per-service source), as `npm start` runs it, keeps a service built from
// real sources instead of overwriting it with the sample.

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface ServiceStamp {
  /** the profile name or file, when one was used */
  profile?: string;
  /** the source read, or null for the embedded sample */
  source: string | null;
  builtAt: string;
}

export interface Stamp {
  format: 'khoj-build-stamp';
  version: 1;
  services: Record<string, ServiceStamp>;
}

export const stampFile = (out: string): string => join(dirname(resolve(out)), `${basename(resolve(out))}.sources.json`);

export function readStamp(out: string): Stamp | undefined {
  try {
    const s = JSON.parse(readFileSync(stampFile(out), 'utf8')) as Stamp;
    return s?.format === 'khoj-build-stamp' && s.services && typeof s.services === 'object' ? s : undefined;
  } catch {
    return undefined;
  }
}

export function writeServiceStamp(out: string, service: string, entry: ServiceStamp): void {
  const stamp: Stamp = readStamp(out) ?? { format: 'khoj-build-stamp', version: 1, services: {} };
  stamp.services[service] = entry;
  const file = stampFile(out);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(stamp, null, 2)}\n`);
  renameSync(tmp, file);
}

/** The real build of a service that a sample build must not overwrite, if there is one. */
export function realBuild(out: string, service: string, marker: string): ServiceStamp | undefined {
  const s = readStamp(out)?.services[service];
  return s && s.source !== null && existsSync(join(out, marker)) ? s : undefined;
}
