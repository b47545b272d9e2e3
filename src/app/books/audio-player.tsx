// The audio player: a record's audio files (#/books/listen/<id>?file=<url>) or a grade's subject
// from the grade-wise audio list (#/books/audio?grade=&subject=&chapter=, gradewise-page.tsx) as a
// chapter playlist with previous, next and auto-advance. The place in each file is remembered
// (user-db.ts positions, kind "audio"). A saved file plays from the device through the service
// worker's saved-file path (core/books/saved-file.ts), which answers Range so seeking works offline.

import { digits } from '../../core/digits.ts';
import { savedFilePath } from '../../core/books/saved-file.ts';
import type { BookFile } from '../../core/books/files.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLang } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../ui/lazy-screens.tsx';
import { ScreenHeading } from '../ui/focus.tsx';
import type { Book } from './api.ts';
import { WithBook } from './with-book.tsx';
import { bookHref } from './cards.tsx';
import { pdfLocation, useDownloads } from './downloads.ts';
import { clock, useFilesT } from './files-strings.ts';
import { FileState, filesOf, keyOf, SaveAll } from './record-files.tsx';
import { useBooksT } from './strings.ts';
import { audioPositionOf, type BookRef, putAudioPosition } from './user-db.ts';

export interface Track {
  file: BookFile;
  /** its key among the saved files and the positions (downloads.ts fileKey) */
  key: string;
  /** the route that opens the player on this track */
  open: string;
}

/** #/books/listen/<id>?file=<url>: a record's audio files. */
export function ListenScreen({ path, params }: ScreenProps) {
  return <WithBook id={path[1] ?? ''}>{(book) => <Listen book={book} file={params.get('file')} />}</WithBook>;
}

function Listen({ book, file }: { book: Book; file: string | null }) {
  const tracks: Track[] = filesOf(book)
    .filter((f) => f.kind === 'audio')
    .map((f) => ({ file: f, key: keyOf(book, f.url), open: href.section('books', ['listen', book.id], { file: f.url }) }));
  const at = Math.max(
    0,
    tracks.findIndex((t) => t.file.url === file),
  );
  return <Player book={book} tracks={tracks} index={at} back={bookHref(book.id)} />;
}

const SAVE_EVERY_S = 1;

/**
 * The place in the track: put back when its metadata has loaded, and written as it plays (every
 * SAVE_EVERY_S), on pause and seek, and 0 at its end. `playNext` plays the next track once loaded.
 */
function useTrackPlace(book: BookRef, track: Track | undefined, src: string) {
  const audio = useRef<HTMLAudioElement>(null);
  const [resumedAt, setResumedAt] = useState<number>();
  /** the place has been put back: only then is a new place written (else loading would write 0 over it) */
  const restored = useRef(false);
  const lastSaved = useRef(-1);
  const playNext = useRef(false);

  useEffect(() => {
    restored.current = false;
    lastSaved.current = -1;
    setResumedAt(undefined);
  }, [track?.key, src]);

  const remember = (time: number) => {
    const el = audio.current;
    if (!el || !restored.current || !track) return;
    lastSaved.current = time;
    const duration = Number.isFinite(el.duration) ? el.duration : 0;
    void putAudioPosition({ id: track.key, title: book.title, coverUrl: book.coverUrl, kind: 'audio', time, duration, at: Date.now() }).catch(() => undefined);
  };
  const onMeta = async () => {
    const el = audio.current!;
    const at = await audioPositionOf(track!.key);
    if (at && at.time > 0 && (!Number.isFinite(el.duration) || at.time < el.duration - 0.5)) {
      el.currentTime = at.time;
      setResumedAt(at.time);
    }
    restored.current = true;
    if (playNext.current) {
      playNext.current = false;
      void el.play().catch(() => undefined);
    }
  };
  /** a time update: written when it has moved SAVE_EVERY_S from the last written */
  const played = (time: number) => {
    if (Math.abs(time - lastSaved.current) >= SAVE_EVERY_S) remember(time);
  };
  return { audio, resumedAt, remember, onMeta, played, playNext };
}

/** The player of one playlist; `index` is the track the route names (the route changes with the track). */
export function Player({ book, tracks, index, back }: { book: BookRef; tracks: Track[]; index: number; back: string }) {
  const t = useFilesT();
  const bt = useBooksT();
  const lang = useLang();
  const { rows } = useDownloads();
  const track = tracks[index];
  const row = track && rows.find((r) => r.id === track.key);
  const fromDevice = row?.state === 'saved' && !row.opaque && !!navigator.serviceWorker?.controller;
  const src = track ? (fromDevice ? savedFilePath(pdfLocation(track.file.url)) : track.file.url) : '';
  const { audio, resumedAt, remember, onMeta, played, playNext } = useTrackPlace(book, track, src);

  if (!track) return <p class="alert">{t.gradewiseNone}</p>;

  const go = (i: number, play: boolean) => {
    if (i < 0 || i >= tracks.length) return;
    playNext.current = play;
    location.hash = tracks[i]!.open;
  };
  const n = (x: number) => digits(x, lang);
  return (
    <section class="player" aria-labelledby="player-h">
      <ScreenHeading id="player-h">{book.title}</ScreenHeading>
      <p class="player-track">
        <strong id="track-title">{track.file.title ?? track.file.label}</strong>{' '}
        <span class="muted" id="track-number">
          ({t.nowPlaying(n(index + 1), n(tracks.length))})
        </span>
      </p>
      <audio
        id="player-audio"
        ref={audio}
        src={src}
        controls
        preload="metadata"
        aria-labelledby="track-title"
        data-key={track.key}
        onLoadedMetadata={() => void onMeta()}
        onTimeUpdate={(e) => played((e.target as HTMLAudioElement).currentTime)}
        onPause={(e) => remember((e.target as HTMLAudioElement).currentTime)}
        onSeeked={(e) => remember((e.target as HTMLAudioElement).currentTime)}
        onEnded={() => {
          // Finished: the next listen starts from the beginning; the playlist goes on.
          remember(0);
          go(index + 1, true);
        }}
      />
      <p class="muted player-source" id="player-source" data-from={fromDevice ? 'device' : 'network'}>
        {fromDevice ? t.savedCopy : t.onlineCopy}
        {resumedAt !== undefined ? <span id="player-resume"> · {t.resumeAt(digits(clock(resumedAt), lang))}</span> : null}
      </p>
      <p class="actions player-tools">
        <button type="button" id="prev-track" onClick={() => go(index - 1, false)} disabled={index === 0}>
          ‹ {t.prevTrack}
        </button>{' '}
        <button type="button" id="next-track" onClick={() => go(index + 1, false)} disabled={index >= tracks.length - 1}>
          {t.nextTrack} ›
        </button>{' '}
        <a href={back} class="book-page">
          {bt.bookPage}
        </a>
      </p>
      <Playlist book={book} tracks={tracks} index={index} />
    </section>
  );
}

/** The playlist: save them all, and each track with its saved state; the one playing marked. */
function Playlist({ book, tracks, index }: { book: BookRef; tracks: Track[]; index: number }) {
  const t = useFilesT();
  return (
    <>
      <h2 id="playlist-h">{t.playlist}</h2>
      <SaveAll
        book={book}
        files={tracks.map((x) => x.file)}
        keyFor={(f) => tracks.find((x) => x.file === f)!.key}
        openFor={(f) => tracks.find((x) => x.file === f)!.open}
      />
      <ol class="playlist" id="playlist" aria-labelledby="playlist-h">
        {tracks.map((x, i) => (
          <li key={x.key} data-key={x.key} class={i === index ? 'current' : ''}>
            <a href={x.open} aria-current={i === index ? 'true' : undefined} class="track-link">
              {x.file.title ?? x.file.label}
            </a>{' '}
            <FileState book={book} file={{ url: x.file.url, kind: 'audio', label: x.file.title ?? x.file.label, open: x.open }} k={x.key} />
          </li>
        ))}
      </ol>
    </>
  );
}
