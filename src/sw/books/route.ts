// The textbook catalog offline (issue 4): not built yet — answers nothing, so requests
// go to the network as usual.

/** `rel` is the path below the worker's scope, e.g. `api/books` or `covers/x.svg`. */
export function answerBooks(_rel: string, _request: Request): Promise<Response> | undefined {
  return undefined;
}
