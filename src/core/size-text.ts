// Sizes as the reader reads them, for every section's questions and lists.

/** A size in the unit that suits it: 355 KB, 31.8 MB, 10.7 GB (decimal units, as the question's MB). */
export function sizeText(bytes: number): string {
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  // Grouped past a thousand (1,234.5 GB), never 10738.6 of a smaller unit.
  return `${new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e9)} GB`;
}

/** Megabytes, one decimal, for the question and the banner. */
export const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(bytes < 1e6 ? 2 : 1);
