import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { BOARD_WIDTH, cellPick, FREE_SPACE_INDEX, LETTERS } from '../../../domain/boards';
import type { EditorMovie } from '../../../shared/boards';
import { LETTER_COLORS } from '../../../ui/letter-colors';

/** "I2": a square's name on the board (letter column, row number). */
export function slotName(position: number): string {
  const { letter, number } = cellPick(position);
  return `${letter}${number}`;
}

/** The square Alt+arrow moves to, or null at the board's edge. */
function neighbour(position: number, key: string): number | null {
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
  onSelect: (position: number) => void;
  onReorder: (slots: (string | null)[]) => void;
};

/**
 * A board's 25 squares in the editor. A square is a button that opens it; its movie moves by
 * drag and drop, or from the keyboard with Alt+arrow keys (the move is announced and focus
 * follows the movie). Moving swaps two squares; the centre Free Space stays where it is.
 */
export function BoardSlots({ year, slots, movies, locked, selected, onSelect, onReorder }: BoardSlotsProps) {
  const idPrefix = useId();
  const buttons = useRef(new Map<number, HTMLButtonElement>());
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
    setAnnouncement(`Moved ${titleOf(from)} to ${slotName(to)}.${slots[to] === null ? '' : ` ${titleOf(to)} moved to ${slotName(from)}.`}`);
    onReorder(next);
    return true;
  };

  const onKeyDown = (position: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!event.altKey) return;
    const target = neighbour(position, event.key);
    if (target === null) return;
    event.preventDefault();
    if (move(position, target)) {
      buttons.current.get(target)?.focus();
      onSelect(target);
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
      <div className="grid grid-cols-5 gap-1.5" aria-hidden="true">
        {LETTERS.map((letter, column) => (
          <span key={letter} className={`board-letter ${LETTER_COLORS[column] ?? ''}`}>
            {letter}
          </span>
        ))}
      </div>
      <ul className="grid grid-cols-5 gap-1.5" aria-label={`Squares of the ${year} board`}>
        {slots.map((id, position) => {
          const movie = id === null ? undefined : movies.get(id);
          const free = position === FREE_SPACE_INDEX;
          const movable = !locked && !free && id !== null;
          const name = slotName(position);
          return (
            <li key={name}>
              <button
                type="button"
                ref={(element) => {
                  if (element === null) buttons.current.delete(position);
                  else buttons.current.set(position, element);
                }}
                data-slot={name}
                aria-labelledby={`${idPrefix}-${name}-square ${idPrefix}-${name}-title`}
                aria-describedby={`slots-help-${year}`}
                aria-pressed={selected === position}
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
                onClick={() => onSelect(position)}
                className={`flex aspect-[2/3] w-full flex-col items-center justify-end overflow-hidden rounded-lg border-2 p-1 text-center text-xs font-semibold ${
                  selected === position ? 'border-amber-500 ring-2 ring-amber-500' : 'border-slate-300 dark:border-slate-700'
                } ${id === null ? 'border-dashed bg-slate-100 dark:bg-slate-900' : 'bg-slate-200 dark:bg-slate-800'} ${dragged === position ? 'opacity-50' : ''}`}
                style={
                  movie !== undefined
                    ? { backgroundImage: `url("${movie.poster.src}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
                    : undefined
                }
              >
                <span className="w-full rounded bg-white/90 px-1 py-0.5 text-slate-900 dark:bg-slate-950/90 dark:text-slate-100">
                  {/* The two visible texts name the button: "I2: The Quiet Lighthouse", "O5: empty". */}
                  <span id={`${idPrefix}-${name}-square`} className="block text-[0.65rem] text-slate-600 dark:text-slate-400">
                    {name}:
                  </span>
                  <span id={`${idPrefix}-${name}-title`} className={`line-clamp-2 ${id === null ? 'italic' : ''}`}>
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
