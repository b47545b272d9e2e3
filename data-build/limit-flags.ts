// The command-line flags that raise the input limits (limits.ts), shared by `npm run data` and
// `npm run validate`. Kept apart from cli.ts so that each command only spreads these in.

import { DEFAULT_LIMITS, type Limits } from './limits.ts';

const MB = 1024 * 1024;

export const LIMIT_OPTIONS = {
  'max-file-mb': { type: 'string' },
  'max-inflated-mb': { type: 'string' },
  'max-string': { type: 'string' },
  'max-entries': { type: 'string' },
  'max-depth': { type: 'string' },
} as const;

export const LIMIT_USAGE = `  --max-file-mb N            one input file, as read and once gunzipped (default ${DEFAULT_LIMITS.fileBytes / MB})
  --max-inflated-mb N        gunzipped by the whole run, every .gz input together (default ${DEFAULT_LIMITS.inflatedBytes / MB})
  --max-string N             characters in one JSON string (default ${DEFAULT_LIMITS.stringLength})
  --max-entries N            items in one JSON list: entries of a dump or chunk, rows (default ${DEFAULT_LIMITS.entries})
  --max-depth N              nesting of JSON lists and objects (default ${DEFAULT_LIMITS.depth})`;

type LimitValues = Partial<Record<keyof typeof LIMIT_OPTIONS, string | boolean | undefined>>;

/** The limits the flags ask for; throws `makeError(message)` for a value that is not a positive whole number. */
export function limitsFromFlags(values: LimitValues, makeError: (message: string) => Error): Partial<Limits> {
  const out: Partial<Limits> = {};
  const take = (flag: keyof typeof LIMIT_OPTIONS, key: keyof Limits, scale = 1) => {
    const v = values[flag];
    if (v === undefined) return;
    if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < 1) throw makeError(`--${flag} must be a positive whole number, not "${String(v)}"`);
    out[key] = Number(v) * scale;
  };
  take('max-file-mb', 'fileBytes', MB);
  take('max-inflated-mb', 'inflatedBytes', MB);
  take('max-string', 'stringLength');
  take('max-entries', 'entries');
  take('max-depth', 'depth');
  return out;
}
