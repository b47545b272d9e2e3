// Grade-wise audio (/api/gradewise-audio: grades → subjects → chapters with an audio file
// each): #/books/audio lists the grades and their subjects; #/books/audio?grade=&subject=
// plays the subject's chapters as a playlist (audio-player.tsx), &chapter= naming the one playing.

import { digits } from '../../core/digits.ts';
import { textLang } from '../../core/text-lang.ts';
import { fileKind, type BookFile } from '../../core/books/files.ts';
import type { AudioGrade, GradewiseAudio } from '../../core/books/gradewise-audio.ts';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import { Failed, Loading } from '../ui/status.tsx';
import { useLoad } from '../ui/use-load.ts';
import { fetchAnswer } from '../client/fetch.ts';
import { query } from './api.ts';
import { Player, type Track } from './audio-player.tsx';
import { fileKey } from './downloads.ts';
import { useFilesT } from './files-strings.ts';
import { useBooksT } from './strings.ts';
import { useSubjectName } from './cards.tsx';
import type { BookRef } from './user-db.ts';

async function gradewise(grade?: string, subject?: string): Promise<GradewiseAudio> {
  const q = query({ grade, subject });
  const res = await fetchAnswer('books', `api/gradewise-audio${q ? `?${q}` : ''}`);
  return ((await res.json()) as { data: GradewiseAudio }).data;
}

/** The playlist's stand-in record: its id keys the saved files and places of its chapters. */
export const gradewiseRef = (grade: string, subject: string, title: string): BookRef => ({ id: `gradewise-audio/${grade}/${subject}`, title, coverUrl: '' });

export function GradewiseScreen({ params }: ScreenProps) {
  const grade = params.get('grade') ?? undefined;
  const subject = params.get('subject') ?? undefined;
  const { data, error, loading, reload } = useLoad(() => gradewise(grade, subject), [grade, subject]);
  if (error) return <Failed error={error} retry={reload} />;
  if (loading || !data) return <Loading />;
  const g = grade && subject ? data.grades[0] : undefined;
  return g && subject ? <SubjectPlayer grade={g} subject={subject} chapter={params.get('chapter')} /> : <GradeList grades={data.grades} />;
}

function GradeList({ grades }: { grades: AudioGrade[] }) {
  const subjectName = useSubjectName();
  const t = useFilesT();
  const bt = useBooksT();
  const lang = useLang();
  return (
    <section aria-labelledby="gradewise-h">
      <ScreenHeading id="gradewise-h">{t.gradewiseAudio}</ScreenHeading>
      {grades.length ? null : <p class="muted">{t.gradewiseNone}</p>}
      {grades.map((g) => (
        <section key={String(g.grade)} aria-labelledby={`audio-grade-${g.grade}`}>
          <h2 id={`audio-grade-${g.grade}`}>{bt.grade(digits(String(g.grade), lang))}</h2>
          <ul class="gradewise-subjects">
            {g.subjects.map((s) => (
              <li key={s.subject}>
                <a
                  href={href.section('books', ['audio'], { grade: String(g.grade), subject: s.subject })}
                  lang={subjectName(s.subject) === s.subject ? textLang(s.subject) : undefined}
                >
                  {subjectName(s.subject)}
                </a>{' '}
                <span class="muted">({t.filesCount(digits(s.chapters.length, lang))})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function SubjectPlayer({ grade, subject, chapter }: { grade: AudioGrade; subject: string; chapter: string | null }) {
  const subjectName = useSubjectName();
  const t = useFilesT();
  const bt = useBooksT();
  const lang = useLang();
  const s = grade.subjects.find((x) => x.subject.toLowerCase() === subject.toLowerCase()) ?? grade.subjects[0];
  if (!s) return <p class="alert">{t.gradewiseNone}</p>;
  const g = String(grade.grade);
  const book = gradewiseRef(g, s.subject, `${bt.grade(digits(g, lang))} · ${subjectName(s.subject)}`);
  const chapters = s.chapters.filter((c) => typeof c.url === 'string' && c.url);
  const tracks: Track[] = chapters.map((c) => {
    const title = t.unitChapter(c.unit || digits(String(c.chapter), lang), c.chapterName);
    const { format } = fileKind(c.url, 'audioUrl');
    const file: BookFile = { url: c.url, kind: 'audio', format, label: `${title} · ${format}`, field: 'url', title };
    return { file, key: fileKey(book.id, c.url), open: href.section('books', ['audio'], { grade: g, subject: s.subject, chapter: String(c.chapter) }) };
  });
  const at = Math.max(
    0,
    chapters.findIndex((c) => String(c.chapter) === chapter),
  );
  return <Player book={book} tracks={tracks} index={at} back={href.section('books', ['audio'])} />;
}
