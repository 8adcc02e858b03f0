import { completedLines, FREE_SPACE_INDEX } from '../../../domain/boards';
import { markedCells } from '../../../domain/leagues';
import type { BoardMovie } from '../../../shared/boards';
import type { MemberState } from '../../../shared/leagues';
import { LETTER_COLORS } from '../../../ui/letter-colors';

/**
 * A member's marks on the league's board, 5×5 and small: a seen square is filled in the colour of
 * its letter's column, the Free Space always counts. One picture for assistive technology, named by
 * what it shows; each square's movie is its tooltip.
 */
export function MiniBoard({ member, board, you }: { member: MemberState; board: readonly BoardMovie[]; you: boolean }) {
  const marked = new Set(member.marks);
  const ids = board.map((movie) => movie.id);
  const cells = markedCells(ids, marked);
  const lines = board.length === 25 ? completedLines(cells).length : member.lines;
  const label = `${member.nickname}${you ? ' (you)' : ''}: ${member.seen} of 24 seen, ${lines} ${lines === 1 ? 'line' : 'lines'}${member.blackout ? ', MINGO' : ''}`;
  return (
    <figure className="card flex flex-col gap-2 p-3" data-testid="mini-board">
      <figcaption className="truncate text-sm font-bold">
        {member.nickname}
        {you && <span className="font-normal text-slate-600 dark:text-slate-300"> (you)</span>}
      </figcaption>
      <div role="img" aria-label={label} className="grid grid-cols-5 gap-0.5">
        {board.map((movie, cell) => {
          const free = cell === FREE_SPACE_INDEX;
          const seen = free || marked.has(movie.id);
          return (
            <span
              key={cell}
              title={free ? 'Free Space' : `${movie.name}${seen ? ' — seen' : ''}`}
              data-seen={seen}
              className={`aspect-square rounded-sm ${seen ? (LETTER_COLORS[cell % 5] ?? '') : 'bg-slate-200 dark:bg-slate-800'}`}
            />
          );
        })}
      </div>
    </figure>
  );
}
