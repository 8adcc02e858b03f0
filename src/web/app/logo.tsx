import { LETTERS } from '../../domain/boards';

const COLORS = ['bg-rose-500', 'bg-amber-500', 'bg-emerald-500', 'bg-sky-500', 'bg-violet-500'];

/** The MINGO logo: a row of five bingo-style boxes. */
export function Logo() {
  return (
    <span className="flex gap-1" aria-hidden="true">
      {LETTERS.map((letter, index) => (
        <span
          key={letter}
          className={`flex size-8 items-center justify-center rounded-md text-lg font-black text-white shadow ${COLORS[index] ?? ''}`}
        >
          {letter}
        </span>
      ))}
    </span>
  );
}
