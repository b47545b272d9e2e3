// "What this phone keeps": the app's storage against the browser's quota, whether it is
// persistent (and asking for it), each section's size with a delete, each saved book or audio with
// its size and a delete, and what to delete to free space (core/storage/free-up.ts). Every delete
// asks first. The parts are measured by the modules that own them (kept.ts, books/downloads.ts).

import { useEffect, useState } from 'preact/hooks';
import { digits } from '../../core/digits.ts';
import { sizeText } from '../../core/size-text.ts';
import { textLang } from '../../core/text-lang.ts';
import { freeUpSuggestions, IDLE_DAYS } from '../../core/storage/free-up.ts';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { deletePdf, useDownloads } from '../books/downloads.ts';
import { useFilesT } from '../books/files-strings.ts';
import type { DownloadRow } from '../books/user-db.ts';
import { askPersist, deleteCovers, deleteDictionary, isPersisted, type Kept, lastOpened, measureKept } from './kept.ts';
import { useStorageStrings } from './strings.ts';
import { DataSaverSetting } from './data-saver-setting.tsx';
import { useOfflineStatus } from '../client/offline.ts';
import { DICTIONARY_SAMPLE_PATHS } from '../../core/dictionary/offline.ts';
import { PacksLink } from '../packs/packs-link.tsx';
import './storage.css';

type Strings = ReturnType<typeof useStorageStrings>;
/** What a delete said: the part's name and the bytes freed (null: not measured). */
type Said = { ok: true; what: string; bytes: number | null } | { ok: false; what: string };

export function StorageScreen() {
  const s = useStorageStrings();
  const lang = useLang();
  const size = (b: number) => digits(sizeText(b), lang);
  const { rows } = useDownloads();
  const [kept, setKept] = useState<Kept>();
  const [persisted, setPersisted] = useState<boolean>();
  const [opened, setOpened] = useState<Map<string, number>>(new Map());
  const [said, setSaid] = useState<Said>(); // a new one after each delete: the figures are measured again
  const saved = rows.filter((r) => r.state === 'saved');
  useEffect(() => {
    void measureKept().then(setKept);
    void isPersisted().then(setPersisted);
    void lastOpened().then(setOpened);
  }, [said, saved.length]);

  const remove = (what: string, run: () => Promise<number | null>) =>
    run().then(
      (bytes) => setSaid({ ok: true, what, bytes }),
      () => setSaid({ ok: false, what }),
    );
  return (
    <div class="kept">
      <ScreenHeading>{s.title}</ScreenHeading>
      <p>{s.intro}</p>
      <PacksLink />
      {said ? (
        <p role={said.ok ? 'status' : 'alert'} class={said.ok ? '' : 'alert'} id="kept-said">
          {said.ok ? (said.bytes === null ? s.deletedNoSize(said.what) : s.deleted(said.what, size(said.bytes))) : s.failed(said.what)}
        </p>
      ) : null}
      <Space s={s} kept={kept} persisted={persisted} setPersisted={setPersisted} />
      <DataSaverSetting />
      <Parts s={s} kept={kept} saved={saved} remove={remove} />
      <section aria-labelledby="kept-files-h">
        <h2 id="kept-files-h">{s.savedFiles}</h2>
        {saved.length ? (
          <ul class="kept-list" id="kept-files">
            {saved.map((r) => (
              <FileRow key={r.id} row={r} s={s} onDelete={() => remove(nameOf(r), () => deletePdf(r.id).then(() => r.bytes))} />
            ))}
          </ul>
        ) : (
          <p class="muted">{s.noneSaved}</p>
        )}
      </section>
      <FreeUp s={s} saved={saved} opened={opened} remove={remove} />
    </div>
  );
}

type Remove = (what: string, run: () => Promise<number | null>) => Promise<void>;

/** The app's storage against the browser's quota, and whether it is persistent (and asking for it). */
function Space({
  s,
  kept,
  persisted,
  setPersisted,
}: {
  s: Strings;
  kept: Kept | undefined;
  persisted: boolean | undefined;
  setPersisted: (p: boolean | undefined) => void;
}) {
  const lang = useLang();
  const size = (b: number) => digits(sizeText(b), lang);
  const [refused, setRefused] = useState(false);
  const ask = async () => {
    const granted = await askPersist();
    setRefused(!granted);
    setPersisted(await isPersisted());
  };
  return (
    <section aria-labelledby="kept-space-h">
      <h2 id="kept-space-h">{s.space}</h2>
      {kept ? (
        kept.quota > 0 ? (
          <p id="kept-usage" data-usage={kept.usage} data-quota={kept.quota}>
            <meter min={0} max={kept.quota} value={kept.usage} aria-label={s.usedLabel} />
            <br />
            {s.used(size(kept.usage), size(kept.quota))}
          </p>
        ) : null
      ) : (
        <p class="muted" aria-busy="true">
          {s.measuring}
        </p>
      )}
      {persisted !== undefined ? (
        <p id="kept-persisted" data-persisted={String(persisted)}>
          {persisted ? s.persistent : s.notPersistent}
        </p>
      ) : null}
      {persisted === false ? (
        <p>
          <button type="button" id="kept-persist" onClick={() => void ask()}>
            {s.askPersist}
          </button>
        </p>
      ) : null}
      {refused && !persisted ? <p class="muted">{s.persistRefused}</p> : null}
    </section>
  );
}

/** Each section's size, with a delete where a part can go. */
function Parts({ s, kept, saved, remove }: { s: Strings; kept: Kept | undefined; saved: DownloadRow[]; remove: Remove }) {
  const fileBytes = saved.reduce((n, r) => n + (r.bytes ?? 0), 0);
  const known = fileBytes + (kept?.dictionary?.bytes ?? 0) + (kept?.market?.bytes ?? 0) + (kept?.covers?.bytes ?? 0);
  // Only what is beyond the small part (the index files, the headword list, the sample) is deleted.
  const beyondSmall = (useOfflineStatus()?.dictionary?.files ?? 0) > DICTIONARY_SAMPLE_PATHS.length;
  return (
    <section aria-labelledby="kept-parts-h">
      <h2 id="kept-parts-h">{s.bySection}</h2>
      <ul class="kept-list" id="kept-parts">
        <PartRow
          id="dictionary"
          name={s.dictionary}
          part={kept?.dictionary}
          s={s}
          {...(beyondSmall ? { onDelete: () => remove(s.dictionary, deleteDictionary) } : {})}
        />
        <PartRow id="books" name={s.books} part={{ bytes: fileBytes, files: saved.length }} s={s} />
        <PartRow
          id="covers"
          name={s.covers}
          part={kept?.covers}
          s={s}
          onDelete={() => remove(s.covers, () => deleteCovers().then(() => kept?.covers?.bytes ?? null))}
        />
        <PartRow id="market" name={s.market} part={kept?.market} s={s} />
        {kept && kept.usage > known ? <PartRow id="rest" name={s.rest} part={{ bytes: kept.usage - known, files: 0 }} s={s} /> : null}
      </ul>
    </section>
  );
}

/** What to delete to free space: saved files long unopened (core/storage/free-up.ts). */
function FreeUp({ s, saved, opened, remove }: { s: Strings; saved: DownloadRow[]; opened: Map<string, number>; remove: Remove }) {
  const lang = useLang();
  const suggestions = freeUpSuggestions(
    saved.map((r) => ({ id: r.id, ...(r.bookId ? { bookId: r.bookId } : {}), bytes: r.opaque ? null : r.bytes, savedAt: r.at })),
    opened,
    Date.now(),
  );
  const byId = new Map(saved.map((r) => [r.id, r]));
  return (
    <section aria-labelledby="kept-free-h">
      <h2 id="kept-free-h">{s.freeUp}</h2>
      {suggestions.length ? (
        <>
          <p>{s.freeUpIntro(digits(IDLE_DAYS, lang))}</p>
          <ul class="kept-list" id="kept-suggestions">
            {suggestions.map((x) => {
              const r = byId.get(x.id)!;
              const when = (x.neverOpened ? s.neverOpened : s.idle)(digits(x.idleDays, lang));
              return (
                <FileRow key={x.id} row={r} s={s} note={when} idPrefix="free" onDelete={() => remove(nameOf(r), () => deletePdf(r.id).then(() => r.bytes))} />
              );
            })}
          </ul>
        </>
      ) : (
        <p class="muted" id="kept-no-suggestion">
          {s.noSuggestion(digits(IDLE_DAYS, lang))}
        </p>
      )}
    </section>
  );
}

const nameOf = (r: DownloadRow) => (r.label ? `${r.title}: ${r.label}` : r.title);

/** One section's part: its size and files, and a delete when it has one. */
function PartRow({
  id,
  name,
  part,
  s,
  onDelete,
}: {
  id: string;
  name: string;
  part: { bytes: number; files: number } | null | undefined;
  s: Strings;
  onDelete?: () => Promise<void>;
}) {
  const lang = useLang();
  return (
    <li data-part={id} data-bytes={part?.bytes ?? ''}>
      <span class="kept-name" id={`kept-${id}`}>
        {name}
      </span>
      <span class="kept-size">
        {part === undefined ? s.measuring : part === null ? '—' : digits(sizeText(part.bytes), lang)}
        {part?.files ? ` · ${s.files(digits(part.files, lang))}` : ''}
      </span>
      {onDelete && part && part.bytes > 0 ? <Delete id={`kept-${id}`} what={name} bytes={part.bytes} s={s} onDelete={onDelete} /> : null}
    </li>
  );
}

/** One saved file: its book, its label and kind, its size, and a delete. */
function FileRow({
  row,
  s,
  note,
  idPrefix = 'file',
  onDelete,
}: {
  row: DownloadRow;
  s: Strings;
  note?: string;
  idPrefix?: string;
  onDelete: () => Promise<void>;
}) {
  const lang = useLang();
  const ft = useFilesT();
  const id = `kept-${idPrefix}-${row.id.replace(/[^\w-]/g, '_')}`;
  return (
    <li data-id={row.id} data-bytes={row.bytes ?? ''}>
      <span class="kept-name" id={id} lang={textLang(row.title)}>
        {nameOf(row)}
      </span>
      <span class="kept-size">
        {ft.kinds[row.kind ?? 'pdf']} · {row.bytes === null ? s.sizeUnknown : digits(sizeText(row.bytes), lang)}
        {note ? ` · ${note}` : ''}
      </span>
      <Delete id={id} what={nameOf(row)} bytes={row.bytes} s={s} onDelete={onDelete} />
    </li>
  );
}

/** A delete that asks first, in place: "Delete X (size)?" with yes and cancel. */
function Delete({ id, what, bytes, s, onDelete }: { id: string; what: string; bytes: number | null; s: Strings; onDelete: () => Promise<void> }) {
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" class="kept-delete" id={`${id}-delete`} aria-labelledby={`${id}-delete ${id}`} onClick={() => setAsking(true)}>
        {s.remove}
      </button>
    );
  return (
    <div role="alertdialog" class="kept-ask" aria-labelledby={`${id}-ask`}>
      <p id={`${id}-ask`}>{s.ask(what, bytes === null ? s.sizeUnknown : digits(sizeText(bytes), lang))}</p>
      <button type="button" class="kept-yes" disabled={busy} onClick={() => (setBusy(true), void onDelete().finally(() => (setBusy(false), setAsking(false))))}>
        {s.yes}
      </button>{' '}
      <button type="button" class="kept-no" disabled={busy} onClick={() => setAsking(false)}>
        {s.no}
      </button>
    </div>
  );
}
