import { useRef, useState, type ChangeEvent } from 'react';
import type { Movie } from '../../../shared/content';
import { SeenListTransferView } from '../../../ui/db-page-view';
import { exportFileContent, exportFileName, importSummary, mergeImport } from './seen-transfer';
import { watchedStore } from '../../lib/watched-store';

type Report = { kind: 'success' | 'error'; text: string };

/** Export the seen list as a JSON file and import one; an import only ever adds marks. */
export function SeenListTransfer({ movies }: { movies: Movie[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<Report | null>(null);

  const onExport = () => {
    const now = new Date();
    const blob = new Blob([exportFileContent(watchedStore.get(), now)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(now);
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
    setReport(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    const markable = new Set(movies.map((movie) => movie.id));
    const result = mergeImport(await file.text(), watchedStore.get(), markable);
    if (!result.ok) {
      setReport({ kind: 'error', text: result.message });
      return;
    }
    if (result.added.length > 0) watchedStore.set(result.merged);
    setReport({ kind: 'success', text: importSummary(result) });
  };

  return (
    <SeenListTransferView
      onExport={onExport}
      onImport={() => input.current?.click()}
      importDisabled={movies.length === 0}
      report={report}
      fileInput={
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Seen list file to import"
          onChange={(event) => void onFile(event)}
        />
      }
    />
  );
}
