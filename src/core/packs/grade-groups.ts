// "All of one grade" on the pack screen: the saved files grouped by their book's grade, in grade
// order, with the files whose book has no grade (or whose record could not be read) last.

export interface GradeGroup {
  /** null: no grade known */
  grade: number | null;
  ids: string[];
  /** the files' stored bytes (a file whose size the host hid counts 0) */
  bytes: number;
}

export function gradeGroups<F extends { id: string; bytes: number | null }>(
  files: readonly F[],
  gradeOf: (file: F) => number | null | undefined,
): GradeGroup[] {
  const groups = new Map<number | null, GradeGroup>();
  for (const f of files) {
    const grade = gradeOf(f) ?? null;
    const g = groups.get(grade) ?? { grade, ids: [], bytes: 0 };
    g.ids.push(f.id);
    g.bytes += f.bytes ?? 0;
    groups.set(grade, g);
  }
  return [...groups.values()].sort((a, b) => (a.grade ?? Infinity) - (b.grade ?? Infinity));
}
