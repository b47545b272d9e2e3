// Reference data: brokers, sector codes, company profiles, field descriptions.

import { atPath, describeValue, isObject, oddity, problem, readList } from '../codec.ts';
import { brokerCodec, profileCodec, sectorCodeCodec } from '../records.ts';
import type { SectorCodes } from '../types/index.ts';
import { columnsFor, dropNullExtras, type FileAdapter, listAdapter, type Obj, rowsToObjects } from './adapter.ts';

const brokerList = listAdapter('brokers', brokerCodec);
export const brokers: FileAdapter<import('../types/index.ts').Broker[]> = {
  ...brokerList,
  read(value, at) {
    if (Array.isArray(value) && value.some((b) => isObject(b) && typeof b.provinces === 'string'))
      oddity(at, 'provinces published as text ("3"), not an array: read as a list');
    const rows = brokerList.read(value, at);
    // An empty memberBranchMappings is what layout B writes when there are none: nothing to keep.
    for (const b of rows ?? [])
      if (Array.isArray(b.extra.memberBranchMappings) && b.extra.memberBranchMappings.length === 0) delete b.extra.memberBranchMappings;
    return rows;
  },
  write(rows, layout) {
    const out = brokerList.write(rows, layout) as Obj[];
    if (layout === 'b') for (const o of out) o.memberBranchMappings ??= [];
    return out;
  },
};

export const sectorCodes: FileAdapter<SectorCodes> = {
  kind: 'sectorCodes',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object of sector name → securities, found ${describeValue(value)}`);
      return undefined;
    }
    const out: SectorCodes = {};
    let ok = true;
    for (const [sector, list] of Object.entries(value)) {
      const rows = readList(sectorCodeCodec, list, atPath(at, sector));
      if (!rows) ok = false;
      else out[sector] = rows;
    }
    return ok ? out : undefined;
  },
  write: (s, layout) => Object.fromEntries(Object.entries(s).map(([k, rows]) => [k, rows.map((r) => sectorCodeCodec.write(r, layout))])),
};

/** Company profiles: the contract's shared columns plus row arrays; the real file is an array of objects. */
export const profiles: FileAdapter<import('../types/index.ts').CompanyProfile[]> = {
  kind: 'profiles',
  read(value, at) {
    let objects: unknown = value;
    if (isObject(value)) {
      objects = rowsToObjects(value, at);
      if (!objects) return undefined;
    } else if (Array.isArray(value)) oddity(at, "an array of objects, not the contract's columns and rows");
    const rows = readList(profileCodec, objects, at);
    return rows?.map(dropNullExtras);
  },
  write(rows, layout) {
    const columns = columnsFor(profileCodec, rows, layout);
    return {
      columns,
      rows: rows.map((r) => {
        const o = profileCodec.write(r, layout);
        return columns.map((c) => o[c] ?? null);
      }),
    };
  },
};

export const fieldDescriptions: FileAdapter<Record<string, unknown>> = {
  kind: 'fieldDescriptions',
  read(value, at) {
    if (!isObject(value)) {
      problem(at, `expected an object, found ${describeValue(value)}`);
      return undefined;
    }
    return value;
  },
  write: (v) => v,
};
