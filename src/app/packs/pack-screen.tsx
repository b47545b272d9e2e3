// "Share to another phone": make a content pack of what this phone keeps (the whole dictionary,
// chosen saved books and audio, the market's data, the reader's own data) and send it, or open a
// pack from another phone. Both show a progress bar and can be stopped; an opened pack lists each part as kept,
// skipped (and why) or refused by name. make-pack.ts and open-pack.ts do the work.

import { useEffect, useRef, useState } from 'preact/hooks';
import { KhojError } from '../../core/errors.ts';
import { digits, count } from '../../core/digits.ts';
import { sizeText } from '../../core/size-text.ts';
import { textLang } from '../../core/text-lang.ts';
import { PackError } from '../../core/packs/manifest.ts';
import type { PackResult } from '../../core/packs/pack-reader.ts';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { FileButton } from '../ui/file-button.tsx';
import { useDownloads } from '../books/downloads.ts';
import { gradeGroups, type GradeGroup } from '../../core/packs/grade-groups.ts';
import { useGrades } from './grades.ts';
import { makePack, sendPack } from './make-pack.ts';
import { dictionaryPlan } from './dictionary-part.ts';
import { storedBooks } from './catalog-part.ts';
import type { DictionaryPartPlan } from '../../core/dictionary/messages.ts';
import { openPack, partLabel, type SkipWhy } from './open-pack.ts';
import { usePackStrings } from './strings.ts';
import { takeLaunchedPack } from './launched.ts';
import '../storage/storage.css';
import './packs.css';

type Busy = { what: 'make' | 'open'; done: number; total: number; stop: AbortController };
type Said =
  | { kind: 'sent'; how: 'shared' | 'downloaded'; name: string; bytes: number }
  | { kind: 'opened'; result: PackResult }
  | { kind: 'refused'; error: PackError; result?: undefined }
  | { kind: 'failed'; why: string }
  | { kind: 'cancelled' };

export function PackScreen() {
  const s = usePackStrings();
  const lang = useLang();
  const size = (b: number) => digits(sizeText(b), lang);
  const { rows } = useDownloads();
  const files = rows.filter((r) => r.state === 'saved' && !r.opaque);
  const [off, setOff] = useState<Set<string>>(new Set());
  const [market, setMarket] = useState(true);
  const [readerData, setReaderData] = useState(false);
  const [dictionary, setDictionary] = useState(true);
  const [catalog, setCatalog] = useState(true);
  const { busy, said, run } = usePackRun();
  const { whole, books } = useStoredParts(said);
  const launched = useRef(false);

  const make = () =>
    run('make', async (b, tick) => {
      const { file } = await makePack(
        { dictionary: dictionary ? whole : undefined, catalog: catalog && books > 0, files: files.filter((f) => !off.has(f.id)), market, readerData },
        tick,
        b.stop.signal,
      );
      const how = await sendPack(file);
      return { kind: 'sent', how, name: file.name, bytes: file.size };
    });
  const open = (file: File) => run('open', async (b, tick) => ({ kind: 'opened', result: await openPack(file, tick, b.stop.signal) }));

  // A pack the phone opened the app with (the web manifest's file handler).
  useEffect(() => {
    if (launched.current) return;
    launched.current = true;
    takeLaunchedPack((f) => void open(f));
  }, []);

  return (
    <section class="kept packs" aria-labelledby="packs-title">
      <ScreenHeading id="packs-title">{s.title}</ScreenHeading>
      <p>{s.intro}</p>
      <h2>{s.make}</h2>
      <Choices
        disabled={!!busy}
        dictionaryBytes={whole?.bytes}
        dictionary={dictionary}
        setDictionary={setDictionary}
        books={books}
        catalog={catalog}
        setCatalog={setCatalog}
        files={files}
        off={off}
        setOff={setOff}
        market={market}
        setMarket={setMarket}
        readerData={readerData}
        setReaderData={setReaderData}
      />
      <button type="button" id="pack-make" onClick={() => void make()} disabled={!!busy}>
        {s.makeButton}
      </button>
      <h2>{s.open}</h2>
      <p>{s.openIntro}</p>
      <FileButton id="pack-open" accept=".tar,application/x-tar" disabled={!!busy} onFile={(f) => void open(f)}>
        {s.openButton}
      </FileButton>
      {busy ? (
        <p role="status" id="pack-progress">
          {busy.what === 'make' ? s.making : s.opening} <progress max={busy.total || 1} value={busy.done} /> {s.progress(size(busy.done), size(busy.total))}{' '}
          <button type="button" onClick={() => busy.stop.abort()}>
            {s.cancel}
          </button>
        </p>
      ) : null}
      <SaidLines said={said} />
    </section>
  );
}

/** The whole dictionary's part plan (when all of it is stored) and the stored catalog's books, asked again after each make or open. */
function useStoredParts(said: Said | undefined) {
  const [plan, setPlan] = useState<DictionaryPartPlan>();
  const [books, setBooks] = useState(0);
  useEffect(() => {
    void dictionaryPlan().then(setPlan, () => undefined);
    void storedBooks().then(setBooks, () => undefined);
  }, [said]);
  return { whole: plan?.whole ? plan : undefined, books };
}

/** A make or an open under way (its progress and its stop), and what the last one came to. */
function usePackRun() {
  const [busy, setBusy] = useState<Busy>();
  const [said, setSaid] = useState<Said>();

  const run = async (what: Busy['what'], work: (b: Busy, tick: (done: number, total: number) => void) => Promise<Said>) => {
    const b: Busy = { what, done: 0, total: 0, stop: new AbortController() };
    setBusy(b);
    setSaid(undefined);
    // The bar moves ten times a second at most: drawn for every chunk a pack streams, the screen
    // took more of a throttled phone's time than the hashing.
    let drawn = 0;
    const tick = (done: number, total: number) => {
      const now = performance.now();
      if (done < total && now - drawn < 100) return;
      drawn = now;
      setBusy({ ...b, done, total });
    };
    try {
      setSaid(await work(b, tick));
    } catch (e) {
      if (b.stop.signal.aborted || KhojError.is(e, 'cancelled')) setSaid({ kind: 'cancelled' });
      else if (e instanceof PackError) setSaid({ kind: 'refused', error: e });
      else setSaid({ kind: 'failed', why: String((e as Error).message ?? e) });
    }
    setBusy(undefined);
  };
  return { busy, said, run };
}

type SavedFile = ReturnType<typeof useDownloads>['rows'][number];

/** What goes in the pack: each saved file (all on at first), the market, the reader's own data. */
function Choices(p: {
  disabled: boolean;
  /** the whole dictionary's stored bytes, when all of it is on this phone */
  dictionaryBytes: number | undefined;
  dictionary: boolean;
  setDictionary: (on: boolean) => void;
  /** books in the stored catalog (0: none stored) */
  books: number;
  catalog: boolean;
  setCatalog: (on: boolean) => void;
  files: SavedFile[];
  off: Set<string>;
  setOff: (f: (was: Set<string>) => Set<string>) => void;
  market: boolean;
  setMarket: (on: boolean) => void;
  readerData: boolean;
  setReaderData: (on: boolean) => void;
}) {
  const s = usePackStrings();
  const lang = useLang();
  const size = (b: number) => digits(sizeText(b), lang);
  const { files, off, setOff, market, setMarket, readerData, setReaderData } = p;
  const toggle = (id: string) => setOff((was) => (was.has(id) ? new Set([...was].filter((x) => x !== id)) : new Set([...was, id])));
  const allOn = files.every((f) => !off.has(f.id));
  return (
    <fieldset disabled={p.disabled}>
      <legend>{s.choose}</legend>
      {p.dictionaryBytes === undefined ? (
        <p id="pack-no-dictionary">{s.noDictionary}</p>
      ) : (
        <label class="kept-check">
          <input type="checkbox" id="pack-dictionary" checked={p.dictionary} onChange={() => p.setDictionary(!p.dictionary)} />{' '}
          {s.dictionary(size(p.dictionaryBytes))}
        </label>
      )}
      {p.books ? (
        <label class="kept-check">
          <input type="checkbox" id="pack-catalog" checked={p.catalog} onChange={() => p.setCatalog(!p.catalog)} /> {s.catalog(count(p.books, lang))}
        </label>
      ) : null}
      {files.length ? (
        <>
          <label class="kept-check">
            <input type="checkbox" checked={allOn} onChange={() => setOff(() => (allOn ? new Set(files.map((f) => f.id)) : new Set()))} /> {s.allFiles}
          </label>
          <GradeChoices files={files} off={off} setOff={setOff} />
          <ul class="kept-list" id="pack-files">
            {files.map((f) => (
              <li key={f.id} data-id={f.id}>
                <label class="kept-check">
                  <input type="checkbox" checked={!off.has(f.id)} onChange={() => toggle(f.id)} />{' '}
                  <span lang={textLang(f.titleLocal ?? f.title)}>{f.label ? `${f.titleLocal ?? f.title} · ${f.label}` : (f.titleLocal ?? f.title)}</span>{' '}
                  <span class="kept-size">{f.bytes ? size(f.bytes) : ''}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{s.noFiles}</p>
      )}
      <label class="kept-check">
        <input type="checkbox" id="pack-market" checked={market} onChange={() => setMarket(!market)} /> {s.market}
      </label>
      <label class="kept-check">
        <input type="checkbox" id="pack-reader-data" checked={readerData} onChange={() => setReaderData(!readerData)} /> {s.readerData}
      </label>
    </fieldset>
  );
}

/** "All of one grade": a switch per grade of the saved files' books, shown when they span more than one. */
function GradeChoices(p: { files: SavedFile[]; off: Set<string>; setOff: (f: (was: Set<string>) => Set<string>) => void }) {
  const s = usePackStrings();
  const lang = useLang();
  const grades = useGrades(p.files.map((f) => f.bookId ?? f.id));
  const groups = gradeGroups(p.files, (f) => grades.get(f.bookId ?? f.id));
  if (groups.length < 2) return null;
  const allOn = (g: GradeGroup) => g.ids.every((id) => !p.off.has(id));
  const flip = (g: GradeGroup) => p.setOff((was) => (allOn(g) ? new Set([...was, ...g.ids]) : new Set([...was].filter((id) => !g.ids.includes(id)))));
  return (
    <div class="pack-grades" role="group" aria-label={s.byGrade}>
      {groups.map((g) => {
        const files = count(g.ids.length, lang);
        const size = digits(sizeText(g.bytes), lang);
        return (
          <label class="kept-check" key={g.grade ?? 'none'} data-grade={g.grade ?? ''}>
            <input type="checkbox" checked={allOn(g)} onChange={() => flip(g)} />{' '}
            {g.grade === null ? s.noGradeFiles(files, size) : s.gradeFiles(count(g.grade, lang), files, size)}
          </label>
        );
      })}
    </div>
  );
}

/** What the last make or open came to. */
function SaidLines({ said }: { said: Said | undefined }) {
  const s = usePackStrings();
  const lang = useLang();
  const size = (b: number) => digits(sizeText(b), lang);
  return (
    <div role="status" id="pack-said">
      {said?.kind === 'sent' ? <p>{(said.how === 'shared' ? s.shared : s.downloaded)(said.name, size(said.bytes))}</p> : null}
      {said?.kind === 'cancelled' ? <p>{s.cancelled}</p> : null}
      {said?.kind === 'failed' ? <p class="problem">{s.makeFailed(said.why)}</p> : null}
      {said?.kind === 'refused' ? (
        <>
          <p class="problem">{s.refusedPack(`${said.error.part}: ${s.problem[said.error.problem]} (${said.error.message})`)}</p>
          <p>{s.keptBefore}</p>
        </>
      ) : null}
      {said?.kind === 'opened' ? <Opened result={said.result} /> : null}
    </div>
  );
}

function Opened({ result }: { result: PackResult }) {
  const s = usePackStrings();
  const lang = useLang();
  const byName = new Map(result.manifest.parts.map((p) => [p.name, p]));
  const taken = result.parts.filter((p) => p.state === 'taken').length;
  return (
    <>
      <p>{s.opened(count(taken, lang), count(result.parts.length, lang))}</p>
      <ul class="kept-list" id="pack-parts">
        {result.parts.map((p) => {
          // pdf.js's files by what they are to the reader; their own names are in the refusal's words.
          const label = p.kind === 'app-file' ? s.appFile : partLabel(byName.get(p.name)!);
          return (
            <li key={p.name} data-state={p.state} class={p.state === 'refused' ? 'problem' : undefined}>
              <span class="kept-name" lang={textLang(label)}>
                {label}
              </span>
              <span class="kept-size">
                {p.name} ·{' '}
                {p.state === 'taken'
                  ? s.taken
                  : p.state === 'skipped'
                    ? (s.skip[p.why as SkipWhy] ?? p.why)
                    : `${s.problem[p.problem!]}${p.problem === 'digest' ? '' : ` (${p.why})`}`}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
