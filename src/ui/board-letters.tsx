import { LETTERS } from '../domain/boards';
import { LETTER_COLORS } from './letter-colors';

/** M I N G O over a board's five columns; hidden from screen readers (each square says its name). */
export function BoardLetters() {
  return (
    <div className="grid grid-cols-5 gap-1.5 sm:gap-2" aria-hidden="true">
      {LETTERS.map((letter, column) => (
        <span key={letter} className={`board-letter ${LETTER_COLORS[column] ?? ''}`}>
          {letter}
        </span>
      ))}
    </div>
  );
}
