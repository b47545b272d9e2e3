// The upstream's catalog helper of grade-wise audio (gradewise_audio_links.json: grades →
// subjects → chapters with an mp3 URL each) and its route /api/gradewise-audio?grade=&subject=,
// answered as the upstream answers it: {"success": true, "data": {source, scrapedAt, stats,
// grades}}, where stats counts what the filters kept. Pure: the Node server and the worker
// call it on the file the build writes (GRADEWISE_AUDIO_FILE).

import type { ApiResponse } from './types.ts';

export const GRADEWISE_AUDIO_FILE = 'api/gradewise-audio/index.json';

export interface AudioChapter {
  chapter: number;
  chapterName: string;
  unit: string;
  url: string;
  [extra: string]: unknown;
}
export interface AudioSubject {
  subject: string;
  chapters: AudioChapter[];
  [extra: string]: unknown;
}
export interface AudioGrade {
  grade: number;
  subjects: AudioSubject[];
  [extra: string]: unknown;
}
export interface GradewiseAudio {
  source: string;
  scrapedAt: string;
  stats: { grades: number; subjects: number; chapters: number; audioLinks: number };
  grades: AudioGrade[];
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(String).join(' ') : String(v));

/**
 * The helper file as published (`{"grades": […]}`, or a bare list of grade objects as in a
 * re-printed copy, or an earlier answer of the route) → the route's data, unfiltered.
 * Undefined when it holds no list of grades.
 */
export function readGradewiseAudio(published: unknown): GradewiseAudio | undefined {
  const doc = Array.isArray(published) ? { grades: published } : (published as Record<string, unknown> | null);
  const inner =
    doc && typeof doc === 'object' && !Array.isArray(doc.grades) && doc.data && typeof doc.data === 'object' ? (doc.data as Record<string, unknown>) : doc;
  if (!inner || typeof inner !== 'object' || !Array.isArray(inner.grades)) return undefined;
  return filterGradewiseAudio({ source: text(inner.source), scrapedAt: text(inner.scrapedAt), grades: inner.grades as AudioGrade[] }, {});
}

/** The route's filters: grade compared as text (`4` = "4"), subject case-insensitively, both whole values. */
export function filterGradewiseAudio(
  data: { source?: unknown; scrapedAt?: unknown; grades: readonly AudioGrade[] },
  params: { grade?: string | null; subject?: string | null },
): GradewiseAudio {
  const grade = text(params.grade).trim();
  const subject = text(params.subject).trim().toLowerCase();
  const grades: AudioGrade[] = [];
  for (const g of data.grades) {
    if (!g || typeof g !== 'object') continue;
    if (grade && text(g.grade) !== grade) continue;
    const subjects = (Array.isArray(g.subjects) ? g.subjects : []).filter((s) => s && (!subject || text(s.subject).toLowerCase() === subject));
    if (subjects.length) grades.push({ grade: g.grade, subjects });
  }
  let audioLinks = 0;
  const chapters = new Set<string>();
  for (const g of grades)
    for (const s of g.subjects)
      for (const c of Array.isArray(s.chapters) ? s.chapters : []) {
        audioLinks++;
        chapters.add(JSON.stringify([g.grade, s.subject, c?.chapter, c?.chapterName]));
      }
  return {
    source: text(data.source),
    scrapedAt: text(data.scrapedAt),
    stats: { grades: grades.length, subjects: grades.reduce((n, g) => n + g.subjects.length, 0), chapters: chapters.size, audioLinks },
    grades,
  };
}

/** GET /api/gradewise-audio: `body` is the built file (the unfiltered answer). */
export function answerGradewiseAudio(file: { data: GradewiseAudio } | undefined, params: URLSearchParams): ApiResponse {
  const data = file?.data ?? { source: '', scrapedAt: '', grades: [] };
  return { status: 200, body: { success: true, data: filterGradewiseAudio(data, { grade: params.get('grade'), subject: params.get('subject') }) } };
}

/** Every audio URL of the helper, for tests and downloads. */
export const gradewiseAudioUrls = (data: { grades: readonly AudioGrade[] }): string[] =>
  data.grades.flatMap((g) => (g.subjects ?? []).flatMap((s) => (s.chapters ?? []).map((c) => c.url))).filter((u): u is string => typeof u === 'string');
