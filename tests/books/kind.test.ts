// Textbook, teacher's guide or other (for /api/textbooks and /api/teacher-guides), on the
// real per-source files of ../shared/data.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookKind } from '../../src/core/books/kind.ts';
import { hasSharedData, SHARED_DATA } from '../../harness/shared-data.ts';

type Raw = { title: string; titleLocal?: string; category?: string | null; grade?: number | string | null; source: string };
const read = (file: string) => JSON.parse(readFileSync(join(SHARED_DATA, 'books/sources', file), 'utf8')) as Raw[];
const kindOf = (r: Raw) =>
  bookKind({ title: r.title, titleLocal: r.titleLocal, category: r.category ?? null, grade: typeof r.grade === 'number' ? r.grade : null, source: r.source });

describe('book kinds', () => {
  it('tells guides, textbooks and other documents apart by title and category', () => {
    const b = { titleLocal: undefined, grade: 4, source: 'pustakalaya', category: 'Educational Resource' };
    expect(bookKind({ ...b, title: "Teacher's Guide: My English Grade 1" })).toBe('teacher-guide');
    expect(bookKind({ ...b, title: 'शिक्षक निर्देशिका: मेरो नेपाली, कक्षा ४' })).toBe('teacher-guide');
    expect(bookKind({ ...b, title: 'Mathematics Grade 4' })).toBe('textbook');
    expect(bookKind({ ...b, title: 'OPT Nepali - Grade 11 Model Question' })).toBe('other');
    expect(bookKind({ ...b, title: 'माध्यमिक शिक्षा पाठ्यक्रम २०७६' })).toBe('other');
    expect(bookKind({ ...b, title: 'A novel', grade: null, source: 'openlibrary', category: 'Library Book' })).toBe('other');
  });

  it.skipIf(!hasSharedData)('on the real catalog: every guide by title is a guide, the primary source is all textbooks, the library all other', () => {
    const cehrd = read('cehrd_learning.json');
    expect(cehrd.every((r) => kindOf(r) === 'textbook')).toBe(true);
    const all = ['cdc_nepal.json', 'pustakalaya.json'].flatMap(read);
    const guides = all.filter((r) => kindOf(r) === 'teacher-guide');
    expect(guides.length).toBeGreaterThan(20);
    expect(guides.every((r) => /शिक्षक|teacher/i.test(`${r.title} ${r.titleLocal ?? ''}`))).toBe(true);
    expect(all.filter((r) => /शिक्षक निर्देशिका|teacher'?s guide/i.test(r.title)).every((r) => kindOf(r) === 'teacher-guide')).toBe(true);
    expect(read('open_library.json').every((r) => kindOf(r) === 'other')).toBe(true);
  });
});
