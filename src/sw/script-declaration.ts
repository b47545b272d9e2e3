// What a section declares for each script its worker imports on first use (on-demand.ts): read at
// build time by vite.config.ts (which builds it: src/vite/sw-scripts.ts) and by eslint.config.js
// (which keeps the worker from importing its modules statically). Plain data: Node reads it.

export interface OnDemandScript {
  /** its entry, from the project's root */
  entry: string;
  /** the file's name before its hash (`sw-market` → sw-market-<hash>.js, beside sw.js) */
  name: string;
  /** the global the build defines as the file's name, for the worker's importScripts */
  define: string;
  /** the modules only the script may bring: a static import of them from src/sw is a lint error */
  lazy: { regex: string; message: string };
  /** globs of the worker's own modules that only the script brings (they may import the lazy ones) */
  own?: readonly string[];
}
