import { useId, useState } from 'react';
import type { TmdbMovie, TmdbResult } from '../../../shared/boards';
import { errorMessage } from '../../lib/api-client';
import { fetchTmdbMovie, searchTmdbMovies } from './use-board-editor';

type State = { step: 'idle' } | { step: 'searching' } | { step: 'results'; items: TmdbResult[] } | { step: 'failed'; message: string };

/**
 * "Find on TMDB" in Add movie: searches TMDB through the server and hands the chosen movie's
 * details to the form. A TMDB outage is a message here; the form stays usable by hand.
 */
export function TmdbFinder({ title, year, onPick }: { title: string; year: string; onPick: (movie: TmdbMovie) => void }) {
  const id = useId();
  const [query, setQuery] = useState(title);
  const [state, setState] = useState<State>({ step: 'idle' });

  const search = async () => {
    const text = query.trim();
    if (text === '') {
      setState({ step: 'failed', message: 'Type a title to search for.' });
      return;
    }
    setState({ step: 'searching' });
    const yearNumber = Number(year);
    try {
      const { items } = await searchTmdbMovies(text, Number.isInteger(yearNumber) && year.trim() !== '' ? yearNumber : undefined);
      setState({ step: 'results', items });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error, 'TMDB could not be reached. Fill in the movie by hand.') });
    }
  };

  const pick = async (result: TmdbResult) => {
    try {
      onPick(await fetchTmdbMovie(result.tmdbId));
      setState({ step: 'idle' });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error, 'TMDB could not be reached. Fill in the movie by hand.') });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-lg border border-slate-300 p-3 dark:border-slate-700">
      <h3 id={`${id}-title`} className="font-bold">
        Find on TMDB
      </h3>
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-query`} className="sr-only">
          Title to find on TMDB
        </label>
        <input
          id={`${id}-query`}
          type="search"
          className="input max-w-xs"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void search();
          }}
        />
        <button type="button" className="btn-secondary" disabled={state.step === 'searching'} onClick={() => void search()}>
          Search TMDB
        </button>
      </div>
      <div aria-live="polite">
        {state.step === 'searching' && <p>Searching TMDB…</p>}
        {state.step === 'failed' && (
          <p className="alert-error" role="alert">
            {state.message}
          </p>
        )}
        {state.step === 'results' && state.items.length === 0 && <p>No TMDB movie matches.</p>}
      </div>
      {state.step === 'results' && state.items.length > 0 && (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label="TMDB results">
          {state.items.map((result) => (
            <li key={result.tmdbId} className="flex items-center justify-between gap-2">
              <span>
                {result.title} {result.year !== null && <span className="text-sm text-slate-500 dark:text-slate-400">({result.year})</span>}
              </span>
              <button type="button" className="btn-secondary px-2 py-1 text-sm" onClick={() => void pick(result)}>
                Use {result.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
