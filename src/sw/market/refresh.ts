// Background refresh of the market files (issue 5): not built yet.

/** A page message for the market (e.g. "refresh now"); undefined when it is not one. */
export function onMarketMessage(_data: unknown): Promise<void> | undefined {
  return undefined;
}

/** A periodic background sync the browser granted; undefined for other tags. */
export function onPeriodicSync(_tag: string): Promise<void> | undefined {
  return undefined;
}
