// What a section declares once, in its own folder (core/<id>/<id>-declaration.ts), and every layer
// reads: where its files live below the app's base, the IndexedDB databases and caches it keeps,
// its storage policy and the type of its offline status. core/sections.ts lists the declarations.

export interface SectionDeclaration<Status = unknown> {
  /** the key of its entry in SECTION (core/sections.ts) */
  id: string;
  /**
   * Paths below the app's base that hold the section's files: a folder or one file, written
   * without slashes at either end (`api/v1` is `api/v1` and everything below it). They are served
   * from the data tree, never precached, and the worker hands them to the section.
   */
  prefixes: readonly string[];
  /** Of `prefixes`, the ones holding pages for people rather than data: not opened to other sites (CORS). */
  pages?: readonly string[];
  /** IndexedDB databases the section opens (page and worker), by what they hold. */
  databases: Readonly<Record<string, string>>;
  /** Cache Storage caches the section keeps, by what they hold. */
  caches?: Readonly<Record<string, string>>;
  /**
   * A file below its first prefix (`api/v1/sizes.json`) where the app's build lists every file under
   * that prefix with its size as sent: its own, brotli's and gzip's (src/vite/precompress.ts writes
   * it once it has compressed them), so that the sizes the app tells are what crosses the network.
   */
  sizes?: string;
  /** Globs (below dist/) of built app files the section stores itself when first needed: never precached. */
  assetsOnDemand?: readonly string[];
  storage: {
    /**
     * true: while device storage fails, every answer of the worker says so (X-Khoj-Storage-Problem),
     * so an answer from device storage without it means storage works again. false: only the
     * answers whose own storing failed say so, and the page keeps the problem until dismissed.
     */
    marksEveryAnswer: boolean;
  };
  /**
   * The type of what of it is on the device for offline use: its entry in the worker's
   * `offline-status` (core/offline-status.ts), written by its WorkerSection.offlineStatus and read
   * by its PageSection. A value that only carries the type: `offline: status<MyStatus>()`.
   */
  offline: Status;
}

/** Carries a section's offline status type in its declaration (no value at run time). */
export const status = <T>(): T => undefined as T;
