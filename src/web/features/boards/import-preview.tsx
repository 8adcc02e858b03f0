import type { ImportPreview, MovieChange } from '../../../shared/boards';

const ACTION_LABEL = { create: 'Create', update: 'Update', unchanged: 'Unchanged' } as const;
const STATUS_LABEL = { draft: 'Draft', published: 'Published' } as const;

/** The spec's field names as the movie form names them. */
const FIELD_LABEL: Record<string, string> = {
  name: 'title',
  year: 'year',
  description: 'description',
  starDescriptionA: 'first caption',
  starRatingA: 'first rating',
  starDescriptionB: 'second caption',
  starRatingB: 'second rating',
  runtime: 'runtime',
  imageURL: 'poster',
};

/** Movies listed by name in each group; the rest are counted ("and 4,700 more"). */
const LISTED_MAX = 100;

const CHANGE_HEADING: Record<MovieChange, string> = { new: 'New movies', changed: 'Changed movies', unchanged: 'Unchanged movies' };

/** "2027", "2027 and 2028", "2027, 2028 and 2029". */
export function yearList(years: readonly number[]): string {
  if (years.length <= 1) return years.join('');
  return `${years.slice(0, -1).join(', ')} and ${years[years.length - 1] ?? ''}`;
}

function BoardsTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="overflow-x-auto">
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
            <th className="px-2 py-1">Empty squares</th>
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
              <td className="px-2 py-1">{row.emptySquares.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which years the import publishes, and which it takes back to draft. */
function PublishedYears({ preview }: { preview: ImportPreview }) {
  const publishes = preview.boards.filter((row) => row.status === 'published' && row.currentStatus !== 'published').map((row) => row.year);
  const withdraws = preview.boards.filter((row) => row.status === 'draft' && row.currentStatus === 'published').map((row) => row.year);
  return (
    <>
      <p>
        {publishes.length === 0
          ? 'No year is published by this import.'
          : `Importing publishes ${yearList(publishes)}: visitors see ${publishes.length === 1 ? 'it' : 'them'} at once.`}
      </p>
      {withdraws.length > 0 && (
        <p className="font-semibold">
          {`Importing takes ${yearList(withdraws)} back to draft: visitors no longer see ${withdraws.length === 1 ? 'it' : 'them'}.`}
        </p>
      )}
    </>
  );
}

/** The file's movies by what the import does to them; changed ones say which fields. */
function MovieChanges({ preview }: { preview: ImportPreview }) {
  return (
    <div className="flex flex-col gap-2">
      {(['changed', 'new', 'unchanged'] as const).map((change) => {
        const movies = preview.movies.filter((movie) => movie.change === change);
        return (
          <details key={change} open={change === 'changed' && movies.length > 0}>
            <summary className="cursor-pointer font-semibold">{`${CHANGE_HEADING[change]} (${movies.length})`}</summary>
            {movies.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {movies.slice(0, LISTED_MAX).map((movie) => (
                  <li key={movie.id}>
                    {movie.name} <span className="text-slate-600 dark:text-slate-400">({movie.years.join(', ')})</span>
                    {movie.changedFields.length > 0 && ` — ${movie.changedFields.map((field) => FIELD_LABEL[field] ?? field).join(', ')}`}
                  </li>
                ))}
                {movies.length > LISTED_MAX && <li>{`and ${movies.length - LISTED_MAX} more`}</li>}
              </ul>
            )}
          </details>
        );
      })}
    </div>
  );
}

/** What importing a file does: per year, which years get published, and per movie. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  return (
    <div className="flex flex-col gap-3">
      <BoardsTable preview={preview} />
      {preview.problems.length === 0 && <PublishedYears preview={preview} />}
      {preview.movies.length > 0 && <MovieChanges preview={preview} />}
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
    </div>
  );
}
