import { Fragment, lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  boardProgress,
  cellIndex,
  completedLines,
  FREE_SPACE_INDEX,
  isBlackout,
  LETTERS,
  isBoardYear,
  newlyCompletedLines,
  yearsDescending,
} from '../../../domain/boards';
import type { Pick } from '../../../domain/random-pick';
import type { Movie } from '../../../shared/content';
import { useMovieList } from '../../lib/movie-list';
import { LETTER_COLORS } from '../../lib/letter-colors';
import { BingoBoard, CompletedLines } from './bingo-board';
import { seenCells, yearBoard } from './board-state';
import { Celebration, type CelebrationEvent } from './celebration';
import { LazyMovieModal } from './lazy-movie-modal';
import { toggleWatched, useWatchedIds } from './watched-store';
import { panelId, tabId, YearTabs, type YearTab } from './year-tabs';

// The share dialog (image drawing, Web Share) loads on first use, off the Home page's first load.
const ShareBoardDialog = lazy(() => import('./share-board-dialog').then((module) => ({ default: module.ShareBoardDialog })));

const YEARS = yearsDescending();
const LATEST_YEAR = YEARS[0] ?? 2025;

let celebrationIds = 0;

/** Home's boards: year tabs 2025 → 2018, each a bingo board played with the visitor's seen marks. */
export function MovieBoards({ pick }: { pick: Pick | null }) {
  const { movies, isPending } = useMovieList();
  const seenIds = useWatchedIds();
  const [year, setYear] = useState(LATEST_YEAR);
  const [openMovie, setOpenMovie] = useState<Movie | null>(null);
  const [sharing, setSharing] = useState(false);
  const [celebration, setCelebration] = useState<CelebrationEvent | null>(null);
  const endCelebration = useCallback(() => setCelebration(null), []);

  const tabs = useMemo(
    () =>
      YEARS.map((tabYear): YearTab => {
        const seen = seenCells(yearBoard(movies, tabYear), seenIds);
        const progress = boardProgress(seen);
        const loaded = yearBoard(movies, tabYear).length > 0;
        return {
          year: tabYear,
          seen: progress.seen,
          total: progress.total,
          lines: loaded ? completedLines(seen).length : 0,
          blackout: loaded && isBlackout(seen),
        };
      }),
    [movies, seenIds],
  );

  const board = yearBoard(movies, year);
  const seen = seenCells(board, seenIds);
  const hasBoard = board.length > 0;
  const lines = hasBoard ? completedLines(seen) : [];
  const blackout = hasBoard && isBlackout(seen);
  const progress = boardProgress(seen);
  const picked = pick === null ? null : cellIndex(pick.letter, pick.number);

  const onToggleSeen = (movie: Movie) => {
    const { before, after } = toggleWatched(movie.id);
    const movieBoard = yearBoard(movies, movie.year);
    const seenBefore = seenCells(movieBoard, before);
    const seenAfter = seenCells(movieBoard, after);
    const newLines = newlyCompletedLines(seenBefore, seenAfter);
    if (newLines.length === 0) return;
    celebrationIds += 1;
    setCelebration({
      id: celebrationIds,
      kind: isBlackout(seenAfter) ? 'blackout' : 'line',
      year: movie.year,
      lines: newLines,
    });
  };

  return (
    <section aria-labelledby="boards-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="boards-heading" className="text-xl font-black tracking-tight sm:text-2xl">
          The boards
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">Open a poster to mark it seen. Five in a line is MINGO.</p>
        {/* Before the tabs, outside the tab panel: Tab from a year tab goes straight to its squares. */}
        <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setSharing(true)} disabled={!hasBoard}>
          Share {year}
        </button>
      </div>
      <YearTabs tabs={tabs} selected={year} onSelect={setYear} />
      <div role="tabpanel" id={panelId(year)} aria-labelledby={tabId(year)} className="card flex flex-col gap-3 p-3 sm:p-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="font-semibold">
            {progress.seen} of {progress.total} seen
          </p>
          <CompletedLines lines={lines} blackout={blackout} />
        </div>
        {hasBoard ? (
          <BingoBoard board={board} seen={seen} lines={lines} blackout={blackout} picked={picked} onOpen={setOpenMovie} />
        ) : (
          <BoardPlaceholder loading={isPending} />
        )}
      </div>
      {openMovie !== null && (
        <LazyMovieModal
          movie={openMovie}
          onClose={() => setOpenMovie(null)}
          seen={seenIds.has(openMovie.id)}
          onToggleSeen={onToggleSeen}
          freeSpace={yearBoard(movies, openMovie.year)[FREE_SPACE_INDEX] === openMovie}
        />
      )}
      {sharing && isBoardYear(year) && (
        <Suspense fallback={null}>
          <ShareBoardDialog year={year} board={board} seen={seen} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {celebration !== null && <Celebration key={celebration.id} event={celebration} onDone={endCelebration} />}
    </section>
  );
}

const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5];

/** Keeps the board's size while the list loads, so nothing shifts when the posters arrive. */
function BoardPlaceholder({ loading }: { loading: boolean }) {
  if (!loading) {
    return <p className="py-10 text-center text-slate-600 dark:text-slate-300">The movie boards are not available right now.</p>;
  }
  return (
    <div
      className="grid grid-cols-[1.25rem_repeat(5,minmax(0,1fr))] gap-1.5 sm:grid-cols-[1.5rem_repeat(5,minmax(0,1fr))] sm:gap-2"
      aria-busy="true"
    >
      <span className="sr-only">Loading the boards…</span>
      <span aria-hidden="true" />
      {LETTERS.map((letter, column) => (
        <span key={letter} aria-hidden="true" className={`board-letter ${LETTER_COLORS[column] ?? ''}`}>
          {letter}
        </span>
      ))}
      {PLACEHOLDER_ROWS.map((row) => (
        <Fragment key={row}>
          <span aria-hidden="true" className="board-row-number">
            {row}
          </span>
          {PLACEHOLDER_ROWS.map((column) => (
            <span key={column} className="aspect-[2/3] animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
          ))}
        </Fragment>
      ))}
    </div>
  );
}
