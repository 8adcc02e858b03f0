import { useDeferredValue, useId, useState } from 'react';
import { FREE_SPACE_INDEX, squareName } from '../../../domain/boards';
import type { EditorMovie } from '../../../shared/boards';
import { errorMessage } from '../../lib/api-client';
import { useMovieSearch } from './use-board-editor';

/** The open square's heading: "I2 of 2026: The Quiet Lighthouse", "O5 of 2026: empty". */
export function slotTitle(year: number, position: number, movie: EditorMovie | undefined): string {
  return `${squareName(position)} of ${year}: ${position === FREE_SPACE_INDEX ? 'Free Space' : (movie?.name ?? 'empty')}`;
}

type SlotPanelProps = {
  position: number;
  movie: EditorMovie | undefined;
  /** Movie ids already on this board (they cannot be put on it twice). */
  onBoard: ReadonlySet<string>;
  locked: boolean;
  onChoose: (movie: EditorMovie | null) => void;
  onAddMovie: () => void;
  onEditMovie: (movie: EditorMovie) => void;
};

/**
 * What an open square offers: its movie (Edit), and for a draft a title search to fill it, Clear,
 * or Add movie. The editor puts it under the square's heading, beside the board or, on a phone, in
 * a bottom sheet.
 */
export function SlotPanel({ position, movie, onBoard, locked, onChoose, onAddMovie, onEditMovie }: SlotPanelProps) {
  const id = useId();
  const name = squareName(position);
  const free = position === FREE_SPACE_INDEX;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const search = useMovieSearch(deferred);
  const canChoose = !locked && !free;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {movie !== undefined && !free && (
          <button type="button" className="btn-secondary" onClick={() => onEditMovie(movie)}>
            Edit {movie.name}
          </button>
        )}
        {canChoose && movie !== undefined && (
          <button type="button" className="btn-secondary" onClick={() => onChoose(null)}>
            Clear {name}
          </button>
        )}
        {canChoose && (
          <button type="button" className="btn-primary" onClick={onAddMovie}>
            Add movie
          </button>
        )}
      </div>
      {free && <p className="text-sm text-slate-600 dark:text-slate-300">The centre square is always the board’s Free Space.</p>}
      {canChoose && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-search`} className="font-semibold">
            Find a movie for {name}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="input"
            placeholder="Search by title…"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {search.isError && (
            <p className="alert-error" role="alert">
              {errorMessage(search.error, 'The movies could not be searched. Please try again shortly.')}
            </p>
          )}
          <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" aria-label={`Movies for ${name}`}>
            {(search.data?.items ?? []).map((found) => {
              const already = onBoard.has(found.id);
              return (
                <li
                  key={found.id}
                  className="flex items-center justify-between gap-2 rounded px-2 py-1 odd:bg-slate-100 dark:odd:bg-slate-900"
                >
                  <span>
                    {found.name} <span className="text-sm text-slate-600 dark:text-slate-400">({found.year})</span>
                  </span>
                  <button
                    type="button"
                    className="btn-secondary shrink-0 px-2 py-1 text-sm whitespace-nowrap"
                    disabled={already}
                    onClick={() => onChoose(found)}
                    // The visible words first, then the movie (axe's label-in-name): "Put on O5: Anora".
                    aria-label={already ? `On the board: ${found.name}` : `Put on ${name}: ${found.name}`}
                  >
                    {already ? 'On the board' : `Put on ${name}`}
                  </button>
                </li>
              );
            })}
          </ul>
          {search.data !== undefined && search.data.items.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">No movie matches. Use Add movie to create it.</p>
          )}
        </div>
      )}
    </div>
  );
}
