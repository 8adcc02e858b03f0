import { BOARD_WIDTH, cellPick, FREE_SPACE_INDEX, LETTERS, squareName, type BingoLine } from '../../../domain/boards';
import { LETTER_COLORS } from '../../../ui/letter-colors';
import type { Movie } from '../../../shared/content';
import { Icon } from '../../../ui/icon';
import { PosterTitleStrip } from '../../../ui/poster-title-strip';
import { MoviePoster } from './movie-poster';

/** Posters in the first rows load eagerly; the rest lazily (they start below the fold on phones). */
const EAGER_CELLS = 2 * BOARD_WIDTH;
const ROW_NUMBERS = [1, 2, 3, 4, 5];
// Explicit grid placement (the line overlay shares the cells' grid area), as literal class names for Tailwind.
const COLUMN_START = ['col-start-2', 'col-start-3', 'col-start-4', 'col-start-5', 'col-start-6'];
const ROW_START = ['row-start-2', 'row-start-3', 'row-start-4', 'row-start-5', 'row-start-6'];

type BingoBoardProps = {
  board: Movie[];
  seen: readonly boolean[];
  lines: BingoLine[];
  blackout: boolean;
  /** Cell index of the random pick to highlight, if any. */
  picked: number | null;
  onOpen: (movie: Movie) => void;
};

function lineEnds(line: BingoLine): [number, number, number, number] {
  const first = line.cells[0] ?? 0;
  const last = line.cells[line.cells.length - 1] ?? 0;
  const centre = (cell: number): [number, number] => [(cell % BOARD_WIDTH) + 0.5, Math.floor(cell / BOARD_WIDTH) + 0.5];
  const [x1, y1] = centre(first);
  const [x2, y2] = centre(last);
  return [x1, y1, x2, y2];
}

export function lineLabel(line: BingoLine): string {
  if (line.kind === 'row') return `Row ${line.index + 1}`;
  if (line.kind === 'column') return `Column ${LETTERS[line.index] ?? ''}`;
  return line.index === 0 ? 'Diagonal ↘' : 'Diagonal ↙';
}

/** The chips under a board: each completed line, or one "Blackout!" when every square is seen. */
export function CompletedLines({ lines, blackout }: { lines: readonly BingoLine[]; blackout: boolean }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Completed lines">
      {blackout ? (
        <li className="bingo-chip bingo-chip-blackout">Blackout!</li>
      ) : (
        lines.map((line) => (
          <li key={`${line.kind}-${line.index}`} className="bingo-chip">
            {lineLabel(line)}
          </li>
        ))
      )}
    </ul>
  );
}

/** One year's 5×5 board under M I N G O, with row numbers, seen marks and winning lines drawn over it. */
export function BingoBoard({ board, seen, lines, blackout, picked, onOpen }: BingoBoardProps) {
  const pickedAt = picked === null ? null : cellPick(picked);
  const bingoCells = new Set(lines.flatMap((line) => line.cells));
  return (
    <div
      className={`bingo-board grid grid-cols-[1.25rem_repeat(5,minmax(0,1fr))] gap-1.5 sm:grid-cols-[1.5rem_repeat(5,minmax(0,1fr))] sm:gap-2 ${blackout ? 'bingo-board-blackout' : ''}`}
      data-testid="bingo-board"
    >
      <span aria-hidden="true" className="col-start-1 row-start-1" />
      {LETTERS.map((letter, column) => (
        <span
          key={letter}
          className={`board-letter row-start-1 ${COLUMN_START[column] ?? ''} ${LETTER_COLORS[column] ?? ''} ${pickedAt?.letter === letter ? 'board-letter-picked' : ''}`}
          data-letter={letter}
        >
          {letter}
        </span>
      ))}
      {ROW_NUMBERS.map((number) => (
        <span
          key={number}
          aria-hidden="true"
          className={`board-row-number col-start-1 ${ROW_START[number - 1] ?? ''} ${pickedAt?.number === number ? 'board-row-number-picked' : ''}`}
        >
          {number}
        </span>
      ))}
      {board.map((movie, index) => {
        const { number } = cellPick(index);
        const name = squareName(index);
        const free = index === FREE_SPACE_INDEX;
        const isSeen = free || seen[index] === true;
        const inLine = bingoCells.has(index);
        const isPicked = picked === index;
        return (
          <button
            key={movie.id}
            type="button"
            onClick={() => onOpen(movie)}
            className={`board-cell ${COLUMN_START[index % BOARD_WIDTH] ?? ''} ${ROW_START[number - 1] ?? ''} ${isSeen ? 'board-cell-seen' : ''} ${free ? 'board-cell-free' : ''} ${inLine ? 'board-cell-bingo' : ''} ${isPicked ? 'board-cell-picked' : ''}`}
            data-cell={name}
            data-seen={isSeen}
            data-bingo={inLine}
            data-picked={isPicked}
            aria-label={[movie.name, name, free ? 'free square' : isSeen ? 'seen' : null, isPicked ? 'Mighty MINGO’s pick' : null]
              .filter((part) => part !== null)
              .join(', ')}
          >
            <MoviePoster movie={movie} alt={movie.name} eager={index < EAGER_CELLS} />
            <PosterTitleStrip movie={movie} />
            {isSeen && !free && (
              <span className="board-cell-check" aria-hidden="true">
                <Icon name="check" />
              </span>
            )}
          </button>
        );
      })}
      <div className="pointer-events-none relative col-start-2 col-end-7 row-start-2 row-end-7" aria-hidden="true">
        <svg className="absolute inset-0 size-full overflow-visible" viewBox="0 0 5 5" preserveAspectRatio="none">
          {lines.map((line) => {
            const [x1, y1, x2, y2] = lineEnds(line);
            return (
              <line
                key={`${line.kind}-${line.index}`}
                className="bingo-line"
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                pathLength={1}
                vectorEffect="non-scaling-stroke"
                data-line={`${line.kind}-${line.index}`}
              />
            );
          })}
        </svg>
      </div>
    </div>
  );
}
