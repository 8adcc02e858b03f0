import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { boardSummary } from '../../../domain/board-image';
import { BOARD_WIDTH, completedLines, FREE_SPACE_INDEX, isBlackout, squareName } from '../../../domain/boards';
import { decodeShareCode } from '../../../domain/share-code';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BoardLetters } from '../../../ui/board-letters';
import { paths } from '../../lib/paths';
import { boardOf, useBoards } from '../../lib/boards-store';
import { Icon } from '../../../ui/icon';
import { PosterTitleStrip } from '../../../ui/poster-title-strip';
import { CompletedLines } from './bingo-board';
import { seenCells } from './board-state';
import { MoviePoster } from './movie-poster';
import { useWatchedIds } from '../../lib/watched-store';

type Compare = 'both' | 'theirs' | 'mine' | 'neither';

const COMPARE_CLASSES: Record<Compare, string> = {
  both: 'border-sky-400 ring-4 ring-sky-400',
  theirs: 'border-emerald-400 ring-2 ring-emerald-400/60',
  mine: 'border-dashed border-slate-400 opacity-90',
  neither: 'opacity-60',
};

/** A corner badge per side, so the compare marks differ by shape as well as by colour. */
const COMPARE_ICONS: Record<Compare, string | null> = {
  both: 'check_circle',
  theirs: 'visibility',
  mine: 'person',
  neither: null,
};

const COMPARE_LABELS: Record<Compare, string> = {
  both: 'seen by both of you',
  theirs: 'seen by them',
  mine: 'seen by you',
  neither: 'not seen',
};

/**
 * A board someone shared (`/share/:code`): shown read-only from the code alone. The visitor's own
 * seen marks are only read, for the "compare with mine" view — never written.
 */
export function SharedBoardPage() {
  const { code = '' } = useParams();
  const { boards, isPending } = useBoards();
  // Only published years have boards; until they are known (or when they cannot be loaded) a
  // well-formed code is shown, with the board's loading or failure message.
  const decoded = decodeShareCode(code, (year) => isPending || boards.length === 0 || boards.some((board) => board.year === year));
  const mine = useWatchedIds();
  const [comparing, setComparing] = useState(false);
  const summary = decoded.ok ? boardSummary(decoded.board.year, decoded.board.seen) : null;
  useDocumentTitle(summary === null ? 'Shared board not found' : `Shared board ${summary}`);

  if (!decoded.ok) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-3xl font-bold">This share link does not work</h1>
        <p className="text-slate-600 dark:text-slate-300">{decoded.message}</p>
        <Link to={paths.home} className="btn-primary">
          Back to the boards
        </Link>
      </section>
    );
  }

  const { year, seen } = decoded.board;
  const board = boardOf(boards, year);
  const mySeen = seenCells(board, mine);
  const lines = completedLines(seen);
  const bothCount = seen.filter((theirs, cell) => theirs && mySeen[cell] === true).length;
  const compareOf = (cell: number): Compare => {
    const theirs = cell === FREE_SPACE_INDEX || seen[cell] === true;
    const yours = cell === FREE_SPACE_INDEX || mySeen[cell] === true;
    if (theirs && yours) return 'both';
    if (theirs) return 'theirs';
    return yours ? 'mine' : 'neither';
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="shared-heading">
      <div>
        <h1 id="shared-heading" className="page-title mb-2">
          A shared {year} board
        </h1>
        <p className="text-lg font-semibold" data-testid="shared-summary">
          {summary}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          Read-only: this is someone else’s board.{' '}
          <Link to={paths.home} className="underline">
            Play your own boards
          </Link>
          .
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {/* Only with the board: the visitor's marks are matched against its movies. */}
        {board.length > 0 && (
          <button type="button" className="btn-secondary" aria-pressed={comparing} onClick={() => setComparing((on) => !on)}>
            {comparing ? 'Show their board only' : 'Compare with mine'}
          </button>
        )}
        {comparing && board.length > 0 && (
          <p role="status" className="font-semibold">
            You have both seen {bothCount} of 24.
          </p>
        )}
        <CompletedLines lines={lines} blackout={isBlackout(seen)} />
      </div>
      {comparing && board.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span className="inline-flex items-center gap-1">
            <Icon name="check_circle" className="text-base" /> Blue: seen by both of you.
          </span>{' '}
          <span className="inline-flex items-center gap-1">
            <Icon name="visibility" className="text-base" /> Green: only they have seen it.
          </span>{' '}
          <span className="inline-flex items-center gap-1">
            <Icon name="person" className="text-base" /> Dashed: only you.
          </span>
        </p>
      )}
      {board.length === 0 ? (
        <p className="py-10 text-center">{isPending ? 'Loading the board…' : 'The movie boards are not available right now.'}</p>
      ) : (
        <div className="card max-w-2xl p-3 sm:p-4">
          <BoardLetters />
          <ul className="mt-2 grid grid-cols-5 gap-1.5 sm:gap-2" aria-label={`Shared ${year} board`}>
            {board.map((movie, cell) => {
              const name = squareName(cell);
              const free = cell === FREE_SPACE_INDEX;
              const theirs = free || seen[cell] === true;
              const compare = compareOf(cell);
              const badge = comparing ? COMPARE_ICONS[compare] : null;
              const inLine = lines.some((line) => line.cells.includes(cell));
              const state = comparing ? COMPARE_LABELS[compare] : free ? 'free square' : theirs ? 'seen' : 'not seen';
              const look = comparing
                ? COMPARE_CLASSES[compare]
                : `${theirs ? 'board-cell-seen' : 'opacity-60'} ${inLine ? 'board-cell-bingo' : ''}`;
              return (
                <li
                  key={movie.id}
                  className={`relative overflow-hidden rounded-lg border-2 border-transparent ${look}`}
                  data-cell={name}
                  data-seen={theirs}
                  data-compare={comparing ? compare : undefined}
                  style={{ gridColumnStart: (cell % BOARD_WIDTH) + 1 }}
                >
                  <MoviePoster movie={movie} alt={`${movie.name}, ${name}, ${state}`} eager={cell < 10} />
                  <PosterTitleStrip movie={movie} />
                  {badge !== null && (
                    <span className="compare-badge" data-testid="compare-badge">
                      <Icon name={badge} />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

export { SharedBoardPage as Component };
