// "Your data": the reader's data out to one file and back in from one (reader-data-io.ts), with
// what an import did. A file that fails its checks is refused whole: nothing is written.

import { useState } from 'preact/hooks';
import { count } from '../../core/digits.ts';
import { fileName, LIMITS, type Parts, PART_NAMES, parseReaderData } from '../../core/reader-data/format.ts';
import { marketSourceChange, type Summary } from '../../core/reader-data/merge.ts';
import { DataError } from '../../core/problems.ts';
import { tooLarge } from '../../core/reader-data/expect.ts';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { exportFile, importParts, readParts } from './reader-data-io.ts';
import { useDataStrings } from './strings.ts';
import { FileButton } from '../ui/file-button.tsx';
import { ProblemLines } from '../ui/problem-lines.tsx';
import { href } from '../router.ts';
import './data.css';

type Result =
  | { kind: 'exported'; name: string }
  | { kind: 'imported'; summary: Summary }
  | { kind: 'invalid'; error: DataError }
  | { kind: 'storage'; detail: string }
  /** the file would change the market's source: the reader says first */
  | { kind: 'ask'; parts: Parts; upstream: string };

export function DataScreen() {
  const s = useDataStrings();
  const lang = useLang();
  const n = (v: number) => count(v, lang);
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const run = (job: () => Promise<Result>) => {
    setBusy(true);
    setProgress(undefined);
    job().then(
      (r) => (setResult(r), setBusy(false), setProgress(undefined)),
      (e: unknown) => (setResult({ kind: 'storage', detail: e instanceof Error ? e.message : String(e) }), setBusy(false), setProgress(undefined)),
    );
  };
  const write = (parts: Parts, marketSource: boolean) =>
    run(async () => ({
      kind: 'imported',
      summary: (await importParts(parts, { marketSource, progress: (done, total) => setProgress({ done, total }) })).summary,
    }));
  const doExport = () =>
    run(async () => {
      const now = new Date();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([JSON.stringify(await exportFile(now), null, 1)], { type: 'application/json' }));
      a.download = fileName(now);
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      return { kind: 'exported', name: a.download };
    });
  const doImport = (file: File) =>
    run(async () => {
      // A DataError (the file's checks, or a merged portfolio that does not add up) comes before any write.
      try {
        // Refused before it is read: a file past the limit is no reader's data.
        if (file.size > LIMITS.fileBytes) return { kind: 'invalid', error: new DataError([tooLarge(file.name, file.size, LIMITS.fileBytes, 'bytes')]) };
        const data = parseReaderData(await file.text(), file.name);
        const upstream = marketSourceChange((await readParts()).settings, data.parts.settings);
        if (upstream) return { kind: 'ask', parts: data.parts, upstream };
        return {
          kind: 'imported',
          summary: (await importParts(data.parts, { marketSource: false, progress: (done, total) => setProgress({ done, total }) })).summary,
        };
      } catch (e) {
        if (e instanceof DataError) return { kind: 'invalid', error: e };
        throw e;
      }
    });
  return (
    <div class="reader-data">
      <ScreenHeading>{s.title}</ScreenHeading>
      <p>{s.intro}</p>
      <p>
        <a href={href.storage()} id="kept-link">
          {s.keptLink}
        </a>
      </p>
      <p class="data-actions">
        <button type="button" id="data-export" disabled={busy} onClick={doExport}>
          {s.export}
        </button>
        <FileButton id="data-import" accept=".json,application/json" disabled={busy} onFile={doImport}>
          {s.import}
        </FileButton>
      </p>
      {busy && progress && progress.total > 0 ? (
        <p role="status" id="data-progress">
          <progress max={progress.total} value={progress.done} aria-label={s.importing} /> {s.progress(n(progress.done), n(progress.total))}
        </p>
      ) : null}
      {result ? <Outcome result={result} busy={busy} write={write} /> : null}
    </div>
  );
}

/** What the last export or import did: the question about the market's source, the file written, what was added, or why nothing was. */
function Outcome({ result, busy, write }: { result: Result; busy: boolean; write: (parts: Parts, marketSource: boolean) => void }) {
  const s = useDataStrings();
  const lang = useLang();
  const n = (v: number) => count(v, lang);
  return result.kind === 'ask' ? (
    <div role="alertdialog" aria-labelledby="data-ask-q" class="data-ask" id="data-ask">
      <p id="data-ask-q">{s.askSource}</p>
      <p>
        <code lang="en" id="data-ask-source">
          {result.upstream}
        </code>
      </p>
      <p class="data-actions">
        <button type="button" id="data-source-use" disabled={busy} onClick={() => write(result.parts, true)}>
          {s.useSource}
        </button>
        <button type="button" id="data-source-keep" disabled={busy} onClick={() => write(result.parts, false)}>
          {s.keepSource}
        </button>
      </p>
    </div>
  ) : result.kind === 'exported' ? (
    <p role="status" id="data-message">
      {s.exported(result.name)}
    </p>
  ) : result.kind === 'imported' ? (
    <div role="status" id="data-summary">
      <p>{s.imported}</p>
      <ul>
        {PART_NAMES.map((p) => {
          const x = result.summary[p];
          return (
            <li key={p} data-part={p} data-added={x.added} data-updated={x.updated} data-kept={x.kept}>
              {s.parts[p]}: {s.line(n(x.added), n(x.updated), n(x.kept))}
            </li>
          );
        })}
      </ul>
    </div>
  ) : result.kind === 'invalid' ? (
    <div role="alert" class="alert" id="data-error">
      <p>{s.failed}</p>
      <ProblemLines problems={result.error.problems} more={result.error.more} />
    </div>
  ) : (
    <div role="alert" class="alert" id="data-error">
      <p>{s.storage}</p>
      <p>
        <code lang="en">{result.detail}</code>
      </p>
    </div>
  );
}
