import { LETTERS } from '../domain/boards';
import { LETTER_COLORS, LOGO_LETTER_CLASS } from './letter-colors';

/** The MINGO logo: a row of five bingo-style boxes. */
export function Logo() {
  return (
    <span className="flex gap-1" aria-hidden="true">
      {LETTERS.map((letter, index) => (
        <span key={letter} className={`${LOGO_LETTER_CLASS} ${LETTER_COLORS[index] ?? ''}`}>
          {letter}
        </span>
      ))}
    </span>
  );
}
