// Textbook, teacher's guide or other, for /api/textbooks and /api/teacher-guides (the
// YoBook client's two lists). Upstream records carry no such field: the real data says it
// in the title ("शिक्षक निर्देशिका: …", "Teacher's Guide: My English Grade 1") and in the
// category ("Textbook" for CEHRD and CDC; Pustakalaya files textbooks, guides, curricula
// and model questions alike under "Educational Resource").

import type { Book } from './types.ts';

export type BookKind = 'textbook' | 'teacher-guide' | 'other';

const GUIDE = /teacher'?s?'?\s*(?:guide|manual|handbook)|teaching\s*manual|शिक्षक\s*(?:निर्देशिका|सहयोगी|पुस्तिका)|शिक्षण\s*निर्देशिका/i;
/** Published beside textbooks but not one: curricula, question papers, assessment and activity sheets, notices. */
const NOT_A_TEXTBOOK = /curriculum|syllabus|model\s*question|question\s*(?:paper|bank)|पाठ्यक्रम|प्रश्न|मूल्याङ्कन|क्रियाकलाप|सूचना|सच्याइ|errat/i;
/** Sources that publish school books (the others are general libraries). */
const SCHOOL_SOURCES = new Set(['cehrd-learning', 'cdc-nepal', 'pustakalaya']);

export function bookKind(b: Pick<Book, 'title' | 'titleLocal' | 'category' | 'grade' | 'source'>): BookKind {
  const titles = `${b.title} ${b.titleLocal ?? ''}`;
  if (GUIDE.test(titles)) return 'teacher-guide';
  if (NOT_A_TEXTBOOK.test(titles)) return 'other';
  if (/text\s*book|पाठ्यपुस्तक/i.test(b.category ?? '')) return 'textbook';
  return b.grade !== null && SCHOOL_SOURCES.has(b.source) ? 'textbook' : 'other';
}
