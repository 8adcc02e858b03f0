import { Fragment, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  boardProgress,
  cellIndex,
  completedLines,
  FREE_SPACE_INDEX,
  isBlackout,
  LETTERS,
  newlyCompletedLines,
  pickName,
} from '../../../domain/boards';
import type { Pick } from '../../../domain/random-pick';
import type { Movie } from '../../../shared/content';
import { boardOf, useBoards } from '../../lib/boards-store';
import { LETTER_COLORS } from '../../../ui/letter-colors';
import { BingoBoard, CompletedLines } from './bingo-board';
import { seenCells } from './board-state';
import { Celebration, type CelebrationEvent } from './celebration';
import { LazyMovieModal } from './lazy-movie-modal';
import { toggleWatched, useWatchedIds } from '../../lib/watched-store';
import { panelId, tabId, YearTabs, type YearTab } from './year-tabs';

// The share dialog (image drawing, Web Share) loads on first use, off the Home page's first load.
const ShareBoardDialog = lazy(() => import('./share-board-dialog').then((module) => ({ default: module.ShareBoardDialog })));

let celebrationIds = 0;

/**
 * Home's boards: a tab per published year, newest first, each a bingo board played with the
 * visitor's seen marks. The newest year is selected until the visitor picks another tab.
 */
/**
 * `actions`: what the app puts beside "Share {year}" for the selected year (null while no board
 * shows): Home's "Play with friends".
 */
export function MovieBoards({ pick, actions }: { pick: Pick | null; actions?: (year: number | null) => ReactNode }) {
  const { boards, isPending } = useBoards();
  const seenIds = useWatchedIds();
  const [chosenYear, setYear] = useState<number | null>(null);
  const year = boards.some((board) => board.year === chosenYear) ? chosenYear : (boards[0]?.year ?? null);
  const [openMovie, setOpenMovie] = useState<Movie | null>(null);
  const [sharing, setSharing] = useState(false);
  const [celebration, setCelebration] = useState<CelebrationEvent | null>(null);
  const endCelebration = useCallback(() => setCelebration(null), []);

  const tabs = useMemo(
    () =>
      boards.map((tabBoard): YearTab => {
        const seen = seenCells(tabBoard.movies, seenIds);
        const progress = boardProgress(seen);
        return {
          year: tabBoard.year,
          seen: progress.seen,
          total: progress.total,
          lines: completedLines(seen).length,
          blackout: isBlackout(seen),
        };
      }),
    [boards, seenIds],
  );

  const board = year === null ? [] : boardOf(boards, year);
  const seen = seenCells(board, seenIds);
  const hasBoard = board.length > 0;
  const lines = hasBoard ? completedLines(seen) : [];
  const blackout = hasBoard && isBlackout(seen);
  const progress = boardProgress(seen);
  const picked = pick === null ? null : cellIndex(pick.letter, pick.number);
  const pickedMovie = picked === null ? undefined : board[picked];
  const panelRef = useRef<HTMLDivElement>(null);

  // Each new pick brings its square into view (on a phone the pick card sits below the board).
  useEffect(() => {
    if (pick === null) return;
    const square = panelRef.current?.querySelector('[data-picked="true"]');
    // jsdom (component tests) has no layout, hence no scrollIntoView.
    if (square instanceof HTMLElement && 'scrollIntoView' in square) square.scrollIntoView({ block: 'nearest' });
  }, [pick]);

  // A movie may sit on several boards (one mark counts on each); the celebration is for the board
  // it was opened from, whose year can differ from the movie's own release year.
  const onToggleSeen = (movie: Movie) => {
    const { before, after } = toggleWatched(movie.id);
    if (year === null) return;
    const seenBefore = seenCells(board, before);
    const seenAfter = seenCells(board, after);
    const newLines = newlyCompletedLines(seenBefore, seenAfter);
    if (newLines.length === 0) return;
    celebrationIds += 1;
    setCelebration({
      id: celebrationIds,
      kind: isBlackout(seenAfter) ? 'blackout' : 'line',
      year,
      lines: newLines,
    });
  };

  return (
    <section aria-labelledby="boards-heading" className="flex min-w-0 flex-col gap-4 lg:row-span-3 lg:grid lg:grid-rows-subgrid">
      {/* The heading and the buttons share a row (the buttons wrap below it on a narrow phone); the hint runs below them. */}
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-2">
          <h2 id="boards-heading" className="text-xl font-black tracking-tight sm:text-2xl">
            The boards
          </h2>
          {/* Before the tabs, outside the tab panel: Tab from a year tab goes straight to its squares. */}
          <div className="flex flex-wrap gap-2">
            {actions?.(hasBoard ? year : null)}
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setSharing(true)} disabled={!hasBoard}>
              {/* The year's width is kept while the boards load: the header wraps the same way before and after. */}
              Share {year ?? <span className="invisible">0000</span>}
            </button>
          </div>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">Open a poster to mark it seen. Five in a line is MINGO.</p>
      </div>
      {year === null ? <TabsPlaceholder /> : <YearTabs tabs={tabs} selected={year} onSelect={setYear} />}
      <div
        role={year === null ? undefined : 'tabpanel'}
        id={year === null ? undefined : panelId(year)}
        aria-labelledby={year === null ? undefined : tabId(year)}
        className="card flex flex-col gap-3 p-3 sm:p-4"
        ref={panelRef}
      >
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
        {pick !== null && pickedMovie !== undefined && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="pick-name">
            <span className="font-semibold">Random pick:</span>
            <button
              type="button"
              className="rounded font-bold text-sky-700 underline underline-offset-4 dark:text-sky-300"
              onClick={() => setOpenMovie(pickedMovie)}
            >
              {`${pickName(pick)} — ${pickedMovie.name}`}
            </button>
          </p>
        )}
      </div>
      {openMovie !== null && (
        <LazyMovieModal
          movie={openMovie}
          onClose={() => setOpenMovie(null)}
          seen={seenIds.has(openMovie.id)}
          onToggleSeen={onToggleSeen}
          freeSpace={board[FREE_SPACE_INDEX]?.id === openMovie.id}
        />
      )}
      {sharing && year !== null && (
        <Suspense fallback={null}>
          <ShareBoardDialog year={year} board={board} seen={seen} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {celebration !== null && <Celebration key={celebration.id} event={celebration} onDone={endCelebration} />}
    </section>
  );
}

const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5];

/** Holds the tabs' height until the boards (and so their years) arrive: nothing shifts. */
function TabsPlaceholder() {
  return (
    <div aria-hidden="true" className="-mx-1 flex gap-1.5 px-1 pb-1">
      <span className="year-tab invisible">
        <span className="text-base font-black">0000</span>
        <span className="year-tab-progress">0/24</span>
      </span>
    </div>
  );
}

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
