// The textbook catalog build (issue 4): not built yet.

export interface BooksOptions {
  /** folder, file or URL of per-source files; undefined for the embedded sample catalog */
  source?: string;
}

/** Builds the catalog into outDir (api/books…, covers/); returns the printed summary. */
export async function buildBooks(_opts: BooksOptions, _outDir: string): Promise<string> {
  return 'books: not built yet';
}
