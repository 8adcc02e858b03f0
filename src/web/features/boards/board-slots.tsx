import { useId, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { BOARD_WIDTH, FREE_SPACE_INDEX, squareName } from '../../../domain/boards';
import type { EditorMovie } from '../../../shared/boards';
import { POSTER_SIZES } from '../../../shared/poster-sizes';
import { BoardLetters } from '../../../ui/board-letters';
import { PosterPicture } from '../../../ui/poster-picture';
import { PosterTitleStrip } from '../../../ui/poster-title-strip';

/** The square an arrow key leads to, or null at the board's edge. */
export function neighbour(position: number, key: string): number | null {
  const row = Math.floor(position / BOARD_WIDTH);
  const column = position % BOARD_WIDTH;
  if (key === 'ArrowLeft') return column > 0 ? position - 1 : null;
  if (key === 'ArrowRight') return column < BOARD_WIDTH - 1 ? position + 1 : null;
  if (key === 'ArrowUp') return row > 0 ? position - BOARD_WIDTH : null;
  if (key === 'ArrowDown') return row < BOARD_WIDTH - 1 ? position + BOARD_WIDTH : null;
  return null;
}

/** The board's squares with the ones at `from` and `to` swapped (the Free Space never moves). */
export function swapSlots(slots: readonly (string | null)[], from: number, to: number): (string | null)[] | null {
  if (from === to || from === FREE_SPACE_INDEX || to === FREE_SPACE_INDEX) return null;
  const next = [...slots];
  next[from] = slots[to] ?? null;
  next[to] = slots[from] ?? null;
  return next;
}

type BoardSlotsProps = {
  year: number;
  slots: readonly (string | null)[];
  movies: ReadonlyMap<string, EditorMovie>;
  /** Published boards are locked: squares can be opened (to edit their movie) but not moved. */
  locked: boolean;
  selected: number | null;
  /** A square was clicked, or Enter / Space pressed on it. */
  onOpen: (position: number) => void;
  /** A movie moved from the keyboard to `position` (the open square follows it). */
  onMoved: (position: number) => void;
  onReorder: (slots: (string | null)[]) => void;
  /** The squares' buttons by position, for the editor to give focus back to a square. */
  buttons: RefObject<Map<number, HTMLButtonElement>>;
};

/**
 * A board's 25 squares in the editor, each a button with the poster as fans see it (an uploaded
 * poster with its title strip; the generated ones draw their own title, so nothing is written over
 * them) and, under it, the square's name and the movie's full title. Arrow keys go from square to
 * square, Enter opens one; a movie moves by drag and drop, or with Alt and an arrow key (the move
 * is announced and focus follows the movie). Moving swaps two squares; the Free Space stays.
 */
export function BoardSlots({ year, slots, movies, locked, selected, onOpen, onMoved, onReorder, buttons }: BoardSlotsProps) {
  const idPrefix = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const titleOf = (position: number) => {
    const id = slots[position];
    return id === null || id === undefined ? 'empty' : (movies.get(id)?.name ?? id);
  };

  const move = (from: number, to: number) => {
    if (locked) {
      setAnnouncement(`The ${year} board is published: unpublish it to rearrange its squares.`);
      return false;
    }
    if (to === FREE_SPACE_INDEX || from === FREE_SPACE_INDEX) {
      setAnnouncement('The Free Space stays in the centre.');
      return false;
    }
    const next = swapSlots(slots, from, to);
    if (next === null) return false;
    setAnnouncement(
      `Moved ${titleOf(from)} to ${squareName(to)}.${slots[to] === null ? '' : ` ${titleOf(to)} moved to ${squareName(from)}.`}`,
    );
    onReorder(next);
    return true;
  };

  const onKeyDown = (position: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = neighbour(position, event.key);
    if (target === null) return;
    event.preventDefault();
    if (!event.altKey) {
      buttons.current.get(target)?.focus();
      return;
    }
    if (move(position, target)) {
      buttons.current.get(target)?.focus();
      onMoved(target);
    }
  };

  const onDrop = (position: number) => (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, position);
    setDragged(null);
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={`slots-help-${year}`} className="text-sm text-slate-600 dark:text-slate-300">
        {locked
          ? 'Published: the squares are locked (unpublish to rearrange). Open a square to edit its movie.'
          : 'Open a square to choose its movie. Drag a square onto another to swap them, or press Alt and an arrow key.'}
      </p>
      <BoardLetters />
      <ul className="grid grid-cols-5 gap-1.5 sm:gap-2" aria-label={`Squares of the ${year} board`}>
        {slots.map((id, position) => {
          const movie = id === null ? undefined : movies.get(id);
          const free = position === FREE_SPACE_INDEX;
          const movable = !locked && !free && id !== null;
          const name = squareName(position);
          const isSelected = selected === position;
          return (
            <li key={name} className="min-w-0">
              <button
                type="button"
                ref={(element) => {
                  if (element === null) buttons.current.delete(position);
                  else buttons.current.set(position, element);
                }}
                data-slot={name}
                aria-labelledby={`${idPrefix}-${name}-square ${idPrefix}-${name}-title`}
                aria-describedby={`slots-help-${year}`}
                aria-pressed={isSelected}
                draggable={movable}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', name);
                  setDragged(position);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (dragged !== null && !free) event.preventDefault();
                }}
                onDrop={onDrop(position)}
                onKeyDown={onKeyDown(position)}
                onClick={(event) => {
                  // Safari does not focus a clicked button; the open square's panel gives focus back to it.
                  event.currentTarget.focus();
                  onOpen(position);
                }}
                className={`flex h-full w-full flex-col gap-1 rounded-lg border-2 p-0.5 text-left sm:p-1 ${
                  isSelected
                    ? 'border-amber-500 ring-2 ring-amber-500'
                    : 'border-transparent hover:border-slate-300 dark:hover:border-slate-700'
                } ${dragged === position ? 'opacity-50' : ''}`}
              >
                <span
                  className={`relative block aspect-[2/3] w-full overflow-hidden rounded-md ${
                    movie === undefined
                      ? 'border-2 border-dashed border-slate-400 bg-slate-100 dark:border-slate-600 dark:bg-slate-900'
                      : ''
                  }`}
                >
                  {movie !== undefined && (
                    <>
                      <PosterPicture src={movie.poster.src} sources={movie.poster.sources} alt="" sizes={POSTER_SIZES.board} />
                      <PosterTitleStrip movie={movie} />
                    </>
                  )}
                </span>
                {/* The two texts name the button: "I2: The Quiet Lighthouse", "O5: empty". The title is never cut. */}
                <span className="block text-[0.6875rem] leading-tight wrap-anywhere sm:text-sm">
                  <span id={`${idPrefix}-${name}-square`} className="font-bold text-slate-700 dark:text-slate-300">
                    {name}:
                  </span>{' '}
                  <span
                    id={`${idPrefix}-${name}-title`}
                    data-testid="square-title"
                    className={id === null ? 'text-slate-600 italic dark:text-slate-400' : 'font-semibold'}
                  >
                    {free ? 'Free Space' : titleOf(position)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </div>
  );
}
