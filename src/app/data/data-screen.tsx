// "Your data": the reader's data out to one file and back in from one (reader-data-io.ts), with
// what an import did. A file that fails its checks is refused whole: nothing is written.

import { useState } from 'preact/hooks';
import { toDevanagariDigits } from '../../core/digits.ts';
import { fileName, PART_NAMES, parseReaderData } from '../../core/reader-data/format.ts';
import type { Summary } from '../../core/reader-data/merge.ts';
import { DataError } from '../../core/problems.ts';
import { useLang } from '../i18n.ts';
import { ScreenHeading } from '../ui/focus.tsx';
import { exportFile, importParts } from './reader-data-io.ts';
import { useDataStrings } from './strings.ts';
import { FileButton } from '../ui/file-button.tsx';
import { ProblemLines } from '../ui/problem-lines.tsx';
import './data.css';

type Result =
  { kind: 'exported'; name: string } | { kind: 'imported'; summary: Summary } | { kind: 'invalid'; error: DataError } | { kind: 'storage'; detail: string };

export function DataScreen() {
  const s = useDataStrings();
  const lang = useLang();
  const n = (v: number) => (lang === 'ne' ? toDevanagariDigits(String(v)) : String(v));
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const run = (job: () => Promise<Result>) => {
    setBusy(true);
    job().then(
      (r) => (setResult(r), setBusy(false)),
      (e: unknown) => (setResult({ kind: 'storage', detail: e instanceof Error ? e.message : String(e) }), setBusy(false)),
    );
  };
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
        const data = parseReaderData(await file.text(), file.name);
        return { kind: 'imported', summary: (await importParts(data.parts)).summary };
      } catch (e) {
        if (e instanceof DataError) return { kind: 'invalid', error: e };
        throw e;
      }
    });
  return (
    <div class="reader-data">
      <ScreenHeading>{s.title}</ScreenHeading>
      <p>{s.intro}</p>
      <p class="data-actions">
        <button type="button" id="data-export" disabled={busy} onClick={doExport}>
          {s.export}
        </button>
        <FileButton id="data-import" accept=".json,application/json" disabled={busy} onFile={doImport}>
          {s.import}
        </FileButton>
      </p>
      {result?.kind === 'exported' ? (
        <p role="status" id="data-message">
          {s.exported(result.name)}
        </p>
      ) : result?.kind === 'imported' ? (
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
      ) : result?.kind === 'invalid' ? (
        <div role="alert" class="alert" id="data-error">
          <p>{s.failed}</p>
          <ProblemLines problems={result.error.problems} more={result.error.more} />
        </div>
      ) : result ? (
        <div role="alert" class="alert" id="data-error">
          <p>{s.storage}</p>
          <p>
            <code lang="en">{result.detail}</code>
          </p>
        </div>
      ) : null}
    </div>
  );
}
