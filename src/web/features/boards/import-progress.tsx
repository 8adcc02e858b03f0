import type { ImportJob } from '../../../shared/boards';
import { yearList } from './import-preview';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a running import is doing: "Importing… 40 of 100 posters", then saving its boards. */
export function progressText(job: ImportJob): string {
  if (job.phase === 'posters' && job.total > 0) return `Importing… ${job.done} of ${plural(job.total, 'poster', 'posters')}`;
  return `Importing… saving ${plural(job.years.length, 'board', 'boards')}`;
}

/** What a finished import did, or why it did not. */
export function outcomeText(job: ImportJob): string {
  if (job.state === 'failed') return `The import did not finish: ${job.error?.message ?? 'nothing was imported.'}`;
  const boards = job.result?.boards ?? [];
  const published = boards.filter((row) => row.status === 'published' && row.currentStatus !== 'published').map((row) => row.year);
  const imported = `Imported ${plural(boards.length, 'board', 'boards')}.`;
  return published.length === 0 ? imported : `${imported} Published: ${yearList(published)}.`;
}

/**
 * The running or last import: the progress (text and bar, not read aloud at every poster) while it
 * runs, then its outcome in a live region that exists from the start, so the outcome is announced.
 */
export function ImportProgress({ job }: { job: ImportJob }) {
  const running = job.state === 'running';
  const measured = job.phase === 'posters' && job.total > 0;
  return (
    <div className="flex flex-col gap-1">
      {running && (
        <>
          <p className="font-semibold">{progressText(job)}</p>
          <progress className="w-full" aria-label="Import progress" {...(measured ? { max: job.total, value: job.done } : {})} />
        </>
      )}
      <div aria-live="polite">
        {!running && (
          <p className={job.state === 'done' ? 'alert-success' : 'alert-error'} role={job.state === 'failed' ? 'alert' : undefined}>
            {outcomeText(job)}
          </p>
        )}
      </div>
    </div>
  );
}
