// Market data offline with background refresh (issue 5): not built yet — answers nothing.

/** `rel` is the path below the worker's scope, e.g. `data/market/status.json`. */
export function answerMarket(_rel: string, _request: Request): Promise<Response> | undefined {
  return undefined;
}
