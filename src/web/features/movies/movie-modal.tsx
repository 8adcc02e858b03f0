import { formatRuntime } from '../../../domain/format';
import type { Movie } from '../../../shared/content';
import { Icon } from '../../../ui/icon';
import { Modal } from '../../components/modal';
import { MovieClipSlot } from '../../components/movie-clip-slot';
import { POSTER_SIZES } from '../../../shared/poster-sizes';
import { MoviePoster } from './movie-poster';
import { StarRating } from './star-rating';

type MovieModalProps = {
  /** The movie shown; null keeps the dialog closed. */
  movie: Movie | null;
  onClose: () => void;
  seen: boolean;
  onToggleSeen: (movie: Movie) => void;
  /** The centre square: always counts as seen, so it has no toggle. */
  freeSpace?: boolean;
};

/** The `movieCard` modal: poster (or clip), facts, both ratings and the seen toggle. */
export function MovieModal({ movie, onClose, seen, onToggleSeen, freeSpace = false }: MovieModalProps) {
  return (
    <Modal name="movieCard" title={movie?.name ?? 'Movie'} open={movie !== null} onClose={onClose} size="lg">
      {movie !== null && (
        <div className="grid gap-5 sm:grid-cols-[minmax(0,13rem)_1fr]">
          <div className="mx-auto w-44 max-w-full overflow-hidden rounded-xl shadow-lg sm:w-full">
            <MovieClipSlot
              movieName={movie.name}
              poster={<MoviePoster movie={movie} alt={`Poster of ${movie.name} (${movie.year})`} sizes={POSTER_SIZES.card} eager />}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-slate-600 dark:text-slate-300">
              <span>{movie.year}</span>
              {!freeSpace && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>
                    <span className="sr-only">Runtime </span>
                    {formatRuntime(movie.runtime)}
                  </span>
                </>
              )}
            </p>
            <p className="leading-relaxed">{movie.description}</p>
            <div className="flex flex-col gap-2">
              <StarRating rating={movie.starRatingA} caption={movie.starDescriptionA} />
              <StarRating rating={movie.starRatingB} caption={movie.starDescriptionB} />
            </div>
            {freeSpace ? (
              <p className="alert-info text-sm">The free square always counts as seen on every board.</p>
            ) : (
              <div className="mt-auto flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  aria-pressed={seen}
                  onClick={() => onToggleSeen(movie)}
                  className={seen ? 'seen-toggle seen-toggle-on' : 'seen-toggle'}
                >
                  <Icon name={seen ? 'check_circle' : 'visibility'} />
                  Seen it
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-300" aria-hidden="true">
                  {seen ? 'On your seen list' : 'Not seen yet'}
                </span>
              </div>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
