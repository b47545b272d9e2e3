// The command-line flags that raise the input limits (limits.ts), shared by `npm run data` and
// `npm run validate`. Kept apart from cli.ts so that each command only spreads these in.

import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import { KhojError } from '../src/core/errors.ts';

const MB = 1024 * 1024;

export const LIMIT_OPTIONS = {
  'max-file-mb': { type: 'string' },
  'max-bytes': { type: 'string' },
  'max-inflated-mb': { type: 'string' },
  'max-source-mb': { type: 'string' },
  'max-source-values': { type: 'string' },
  'max-string': { type: 'string' },
  'max-entries': { type: 'string' },
  'max-depth': { type: 'string' },
  'max-values': { type: 'string' },
} as const;

export const LIMIT_USAGE = `  --max-file-mb N            one input file, as read, downloaded or once gunzipped (default ${DEFAULT_LIMITS.fileBytes / MB})
  --max-bytes SIZE           the same limit as a size: 5000000, 512kB, 200MB
  --max-inflated-mb N        gunzipped by the whole run, every .gz input together (default ${DEFAULT_LIMITS.inflatedBytes / MB})
  --max-source-mb N          one source in all: every file, page and download of one service's
                             input, counted as read and once gunzipped (default ${DEFAULT_LIMITS.sourceBytes / MB})
  --max-source-values N      JSON values of one source in all (default ${DEFAULT_LIMITS.sourceValues})
  --max-string N             characters in one JSON string (default ${DEFAULT_LIMITS.stringLength})
  --max-entries N            items in one JSON list: entries of a dump or chunk, rows (default ${DEFAULT_LIMITS.entries})
  --max-depth N              nesting of JSON lists and objects (default ${DEFAULT_LIMITS.depth})
  --max-values N             values in one JSON file: lists, objects, strings, numbers (default ${DEFAULT_LIMITS.values})`;

/** "5000000", "200MB", "1.5GB", "512kB". */
export function parseSize(flag: string, v: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(|b|kb|k|mb|m|gb|g)\s*$/i.exec(v);
  if (!m) throw new KhojError('usage', `--${flag} must be a size such as 5000000, 512kB or 200MB, not "${v}"`);
  const unit = { '': 1, b: 1, k: 1e3, kb: 1e3, m: 1e6, mb: 1e6, g: 1e9, gb: 1e9 }[m[2]!.toLowerCase()]!;
  const n = Math.floor(Number(m[1]) * unit);
  if (n < 1) throw new KhojError('usage', `--${flag} must be at least 1 byte, not "${v}"`);
  return n;
}

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
  // One limit for one file, whether read from disk or downloaded: --max-bytes is its other spelling.
  const bytes = values['max-bytes'];
  if (bytes !== undefined) {
    if (out.fileBytes !== undefined) throw makeError('--max-bytes and --max-file-mb set the same limit: give one');
    try {
      out.fileBytes = parseSize('max-bytes', String(bytes));
    } catch (e) {
      throw makeError((e as Error).message);
    }
  }
  take('max-inflated-mb', 'inflatedBytes', MB);
  take('max-source-mb', 'sourceBytes', MB);
  take('max-source-values', 'sourceValues');
  take('max-string', 'stringLength');
  take('max-entries', 'entries');
  take('max-depth', 'depth');
  take('max-values', 'values');
  return out;
}
