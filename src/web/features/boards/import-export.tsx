import { useId, useState } from 'react';
import { BOARD_LIMITS, ImportFileSchema, type ImportFile, type ImportPreview } from '../../../shared/boards';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-client';
import { fetchExport, useBoardMutations } from './use-board-editor';

const ACTION_LABEL = { create: 'Create', update: 'Update', unchanged: 'Unchanged' } as const;
const STATUS_LABEL = { draft: 'Draft', published: 'Published' } as const;

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

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">What importing this file does</caption>
      <thead>
        <tr>
          <th className="px-2 py-1">Year</th>
          <th className="px-2 py-1">Action</th>
          <th className="px-2 py-1">Now</th>
          <th className="px-2 py-1">After</th>
          <th className="px-2 py-1">New movies</th>
          <th className="px-2 py-1">Changed movies</th>
          <th className="px-2 py-1">Placeholder posters</th>
        </tr>
      </thead>
      <tbody>
        {preview.boards.map((row) => (
          <tr key={row.year} className="border-t border-slate-200 dark:border-slate-800">
            <td className="px-2 py-1 font-semibold">{row.year}</td>
            <td className="px-2 py-1">{ACTION_LABEL[row.action]}</td>
            <td className="px-2 py-1">{row.currentStatus === null ? '—' : STATUS_LABEL[row.currentStatus]}</td>
            <td className="px-2 py-1">{STATUS_LABEL[row.status]}</td>
            <td className="px-2 py-1">{row.moviesAdded}</td>
            <td className="px-2 py-1">{row.moviesChanged}</td>
            <td className="px-2 py-1">{row.placeholders}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Export (download every board as a movie-list file) and Import (preview, then apply). */
export function ImportExport() {
  const id = useId();
  const { previewImport, applyImport } = useBoardMutations();
  const [chosen, setChosen] = useState<ImportFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const [publish, setPublish] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const exportAll = async () => {
    setExportError(null);
    try {
      const file = await fetchExport();
      download(`mingo-boards-${file.exportedAt.slice(0, 10)}.json`, `${JSON.stringify(file, null, 2)}\n`);
    } catch (error) {
      setExportError(messageOf(error));
    }
  };

  const choose = async (file: File | undefined) => {
    setChosen(null);
    setProblem(null);
    setDone(null);
    setOverwrite(false);
    previewImport.reset();
    applyImport.reset();
    if (file === undefined) return;
    const read = await readImportFile(file);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setChosen(read.file);
    previewImport.mutate(read.file);
  };

  const preview = previewImport.data;
  const blocked = preview === undefined || preview.problems.length > 0 || (preview.overwritesPublished && !overwrite);
  const apply = () => {
    if (chosen === null || blocked) return;
    applyImport.mutate(
      { file: chosen, overwritePublished: overwrite, publish },
      { onSuccess: (result) => setDone(`Imported ${result.boards.length} ${result.boards.length === 1 ? 'board' : 'boards'}.`) },
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
          Every board, drafts too, in the movie-list format with each year’s status.
        </p>
      </div>
      {exportError !== null && (
        <p className="alert-error" role="alert">
          {exportError}
        </p>
      )}
      <FormField id={`${id}-file`} label="Movie list file" hint="A MINGO export or a movie list (25 movies per year).">
        <input
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          className="input"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </FormField>
      <div aria-live="polite" className="flex flex-col gap-3">
        {problem !== null && (
          <p className="alert-error" role="alert">
            {problem}
          </p>
        )}
        {previewImport.isPending && <p>Checking the file…</p>}
        {previewImport.isError && (
          <p className="alert-error" role="alert">
            {messageOf(previewImport.error)}
          </p>
        )}
        {preview !== undefined && (
          <>
            <PreviewTable preview={preview} />
            {preview.problems.length > 0 && (
              <div className="alert-error" role="alert">
                <p className="font-semibold">This file cannot be imported:</p>
                <ul className="list-disc pl-5">
                  {preview.problems.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            )}
            {preview.problems.length === 0 && (
              <div className="flex flex-col gap-2">
                {preview.overwritesPublished && (
                  <label className="flex items-center gap-2 font-semibold">
                    <input type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />
                    Overwrite published boards (visitors see the change at once)
                  </label>
                )}
                <label className="flex items-center gap-2">
                  <input type="checkbox" checked={publish} onChange={(event) => setPublish(event.target.checked)} />
                  Publish every imported year
                </label>
                <div>
                  <button type="button" className="btn-primary" disabled={blocked || applyImport.isPending} onClick={apply}>
                    Apply import
                  </button>
                </div>
              </div>
            )}
          </>
        )}
        {applyImport.isError && (
          <p className="alert-error" role="alert">
            {messageOf(applyImport.error)}
          </p>
        )}
        {done !== null && <p className="alert-success">{done}</p>}
      </div>
    </section>
  );
}
