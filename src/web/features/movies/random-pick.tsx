import { useEffect, useRef, useState } from 'react';
import { BOARD_SIZE, LETTERS, pickName } from '../../../domain/boards';
import { drawPick, FLIP_MS, type Pick } from '../../../domain/random-pick';
import { PRODUCT_NAME } from '../../../shared/product';
import { Icon } from '../../../ui/icon';
import { LETTER_COLORS } from '../../../ui/letter-colors';

/**
 * "Ask Mighty MINGO": draws a letter and a number without repeat until all 25 pairs have
 * come up, then reshuffles. The cards flip for 300 ms; clicks during the flip are ignored.
 */
export function RandomPick({ onPick, random = Math.random }: { onPick: (pick: Pick) => void; random?: () => number }) {
  const deck = useRef<Pick[]>([]);
  const flipping = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const [state, setState] = useState<{ pick: Pick | null; draws: number; left: number; flipping: boolean }>({
    pick: null,
    draws: 0,
    left: BOARD_SIZE,
    flipping: false,
  });

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const ask = () => {
    if (flipping.current) return;
    const drawn = drawPick(deck.current, random);
    deck.current = drawn.deck;
    flipping.current = true;
    setState((current) => ({ pick: drawn.pick, draws: current.draws + 1, left: drawn.deck.length, flipping: true }));
    timer.current = window.setTimeout(() => {
      flipping.current = false;
      setState((current) => ({ ...current, flipping: false }));
      onPick(drawn.pick);
    }, FLIP_MS);
  };

  const { pick } = state;
  const color = pick === null ? 'bg-slate-500' : (LETTER_COLORS[LETTERS.indexOf(pick.letter)] ?? '');
  return (
    <section aria-labelledby="random-pick-heading" className="card flex flex-col items-center gap-4 p-5 text-center">
      <h2 id="random-pick-heading" className="text-xl font-black tracking-tight">
        Random pick
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Can’t decide what to watch? Mighty {PRODUCT_NAME} picks a square: the letter is the column, the number the row.
      </p>
      <div className="flex gap-3" aria-hidden="true" data-flipping={state.flipping}>
        <span key={`letter-${state.draws}`} className={`pick-card ${color} ${state.draws > 0 ? 'pick-card-flip' : ''}`}>
          {pick?.letter ?? '?'}
        </span>
        <span
          key={`number-${state.draws}`}
          className={`pick-card bg-slate-800 dark:bg-slate-700 ${state.draws > 0 ? 'pick-card-flip' : ''}`}
        >
          {pick?.number ?? '?'}
        </span>
      </div>
      <button type="button" className="btn-primary" onClick={ask} aria-describedby="random-pick-result">
        <Icon name="casino" />
        Ask Mighty {PRODUCT_NAME}
      </button>
      <p id="random-pick-result" role="status" className="min-h-6 text-sm">
        {state.flipping && 'Shuffling…'}
        {!state.flipping && pick === null && 'No pick yet.'}
        {!state.flipping && pick !== null && (
          <>
            Mighty {PRODUCT_NAME} says <strong className="text-base font-black">{pickName(pick)}</strong>
          </>
        )}
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {state.left === BOARD_SIZE && state.draws === 0
          ? `${BOARD_SIZE} squares in the deck`
          : `${state.left} of ${BOARD_SIZE} left before a reshuffle`}
      </p>
    </section>
  );
}
