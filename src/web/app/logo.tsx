import { LETTERS } from '../../domain/boards';
import { LETTER_COLORS } from '../lib/letter-colors';

/** The MINGO logo: a row of five bingo-style boxes. */
export function Logo() {
  return (
    <span className="flex gap-1" aria-hidden="true">
      {LETTERS.map((letter, index) => (
        <span
          key={letter}
          className={`flex size-8 items-center justify-center rounded-md text-lg font-black text-white shadow ${LETTER_COLORS[index] ?? ''}`}
        >
          {letter}
        </span>
      ))}
    </span>
  );
}
