/// <reference lib="webworker" />
// Scripts the worker imports on first use (src/vite/sw-scripts.ts builds each beside sw.js):
// code that only taking in a fetched file needs, so that every answer from device storage starts
// without parsing it. Each script sets one global. The install handler imports each once, so the
// browser stores it with the worker; later imports in any run of this worker read it from there,
// offline too (importScripts may not fetch anything new after install).

/** The script's exports: imported (synchronously) the first time they are asked for. */
export function onDemand<T>(global: string, file: string): () => T {
  const scope = self as unknown as Record<string, T | undefined>;
  return () => {
    if (!scope[global]) importScripts(file);
    return scope[global]!;
  };
}
