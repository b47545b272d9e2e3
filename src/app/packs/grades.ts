// The grade of each saved file's book, read from the catalog through the worker (so offline too,
// once the catalog is on the device). A record that cannot be read has no grade: its files are
// still offered one by one and in "all".

import { useEffect, useState } from 'preact/hooks';
import { getBook } from '../books/api.ts';

/** Asked once per book for the page's life: the catalog does not change under the pack screen. */
const asked = new Map<string, Promise<number | null>>();

const gradeOfBook = (id: string): Promise<number | null> => {
  let grade = asked.get(id);
  if (!grade) {
    grade = getBook(id).then(
      (book) => book?.grade ?? null,
      () => null,
    );
    asked.set(id, grade);
  }
  return grade;
};

/** Each book id's grade (null: none), filled in as the records are read. */
export function useGrades(bookIds: readonly string[]): ReadonlyMap<string, number | null> {
  const [grades, setGrades] = useState<ReadonlyMap<string, number | null>>(new Map());
  const key = [...new Set(bookIds)].sort().join('\n');
  useEffect(() => {
    let live = true;
    const ids = key ? key.split('\n') : [];
    void Promise.all(ids.map(async (id) => [id, await gradeOfBook(id)] as const)).then((pairs) => {
      if (live) setGrades(new Map(pairs));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return grades;
}
