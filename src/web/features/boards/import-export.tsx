import { useId, useRef, useState } from 'react';
import { BOARD_LIMITS, IMPORT_TEMPLATE_PATH, ImportFileSchema, type ImportFile } from '../../../shared/boards';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { downloadBlob } from '../../lib/download';
import { ImportPreviewView } from './import-preview';
import { ImportProgress } from './import-progress';
import { fetchExport } from './use-board-editor';
import { useImportPreview, useLatestImport, useStartImport, type ChosenFile } from './use-board-import';

function messageOf(error: unknown): string {
  return errorMessage(error, 'An unexpected error occurred. Please try again shortly.');
}

/** Reads a chosen file as a movie-list file (an export of this site or a plain movie list). */
export async function readImportFile(file: File): Promise<{ file: ImportFile } | { problem: string }> {
  if (file.size > BOARD_LIMITS.importMaxBytes)
    return { problem: `The file is too large: at most ${BOARD_LIMITS.importMaxBytes / 1024 / 1024} MB.` };
  let data: unknown;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return { problem: 'This file is not JSON. Choose a movie list (.json) exported from MINGO or in the movie-list format.' };
  }
  const parsed = ImportFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` (at ${issue.path.join('.')})`;
    return { problem: `This file is not a movie list${where}: ${issue?.message ?? 'unexpected content'}.` };
  }
  return { file: parsed.data };
}

/**
 * Export (download every board, drafts too, as a movie-list file) and Import: a file (or the
 * template) is previewed per year and per movie, then imported as a background job whose
 * progress and outcome the panel shows, also after a reload (decision 194).
 */
export function ImportExport() {
  const id = useId();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const choices = useRef(0);
  /** Bumped to empty the file input once its file is being imported. */
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [publish, setPublish] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const preview = useImportPreview(chosen, publish);
  const latest = useLatestImport();
  const start = useStartImport();
  const job = latest.data?.job ?? null;
  const running = job?.state === 'running';

  const exportAll = async () => {
    setExportError(null);
    try {
      const file = await fetchExport();
      downloadBlob(
        new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
        `mingo-boards-${file.exportedAt.slice(0, 10)}.json`,
      );
    } catch (error) {
      setExportError(messageOf(error));
    }
  };

  const choose = async (file: File | undefined) => {
    setChosen(null);
    setProblem(null);
    setOverwrite(false);
    start.reset();
    if (file === undefined) return;
    const read = await readImportFile(file);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    choices.current += 1;
    setChosen({ file: read.file, version: choices.current });
  };

  const shown = preview.data;
  const blocked =
    shown === undefined || preview.isPlaceholderData || shown.problems.length > 0 || (shown.overwritesPublished && !overwrite);
  const apply = () => {
    if (chosen === null || blocked || running) return;
    start.mutate(
      { file: chosen.file, overwritePublished: overwrite, publish },
      {
        onSuccess: () => {
          setChosen(null);
          setOverwrite(false);
          setInputKey((key) => key + 1);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4">
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        Import and export
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={() => void exportAll()}>
          Export
        </button>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Every board, drafts too (an empty square is null), in the movie-list format with each year’s status.
        </p>
      </div>
      {exportError !== null && (
        <p className="alert-error" role="alert">
          {exportError}
        </p>
      )}
      <FormField id={`${id}-file`} label="Movie list file" hint="A MINGO export or a movie list (25 movies per year).">
        <div className="flex flex-wrap items-center gap-3">
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept="application/json,.json"
            className="input min-w-0 flex-1"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <a
            href={IMPORT_TEMPLATE_PATH}
            download="mingo-board-template.json"
            className="font-semibold whitespace-nowrap text-sky-700 underline underline-offset-4 dark:text-sky-300"
          >
            Download a template
          </a>
        </div>
      </FormField>
      <div aria-live="polite" className="flex flex-col gap-3">
        {problem !== null && (
          <p className="alert-error" role="alert">
            {problem}
          </p>
        )}
        {preview.isFetching && <p>Checking the file…</p>}
        {preview.isError && (
          <p className="alert-error" role="alert">
            {messageOf(preview.error)}
          </p>
        )}
      </div>
      {chosen !== null && shown !== undefined && (
        <div className="flex flex-col gap-3">
          <ImportPreviewView preview={shown} />
          <div className="flex flex-col gap-2">
            {shown.overwritesPublished && (
              <label className="flex items-center gap-2 font-semibold">
                <input type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />
                Overwrite published boards (visitors see the change at once)
              </label>
            )}
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={publish} onChange={(event) => setPublish(event.target.checked)} />
              Publish every imported year
            </label>
            {shown.problems.length === 0 && (
              <div>
                <button type="button" className="btn-primary" disabled={blocked || running || start.isPending} onClick={apply}>
                  Apply import
                </button>
              </div>
            )}
          </div>
        </div>
      )}
      {start.isError && (
        <p className="alert-error" role="alert">
          {messageOf(start.error)}
        </p>
      )}
      {job !== null && <ImportProgress job={job} />}
    </section>
  );
}
