import { LETTERS, type Letter } from './boards';
import { randomInt, type Rng } from './rng';

export type { Rng } from './rng';

export type Pick = { letter: Letter; number: number };

export const FLIP_MS = 300;
export const PICK_NUMBERS = [1, 2, 3, 4, 5] as const;

export const ALL_PICKS: readonly Pick[] = LETTERS.flatMap((letter) => PICK_NUMBERS.map((number) => ({ letter, number })));

export function shuffledDeck(rng: Rng): Pick[] {
  const deck = ALL_PICKS.map((pick) => ({ ...pick }));
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const a = deck[i];
    const b = deck[j];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a guard for the type checker only; i and j always index the deck
    if (a === undefined || b === undefined) continue;
    deck[i] = b;
    deck[j] = a;
  }
  return deck;
}

/** Draws without repeat; an exhausted deck is replaced by a fresh shuffle of all 25 pairs. */
export function drawPick(deck: readonly Pick[], rng: Rng): { pick: Pick; deck: Pick[] } {
  const [pick, ...rest] = deck.length > 0 ? deck : shuffledDeck(rng);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a guard for the type checker only; a fresh deck holds 25 picks
  if (pick === undefined) throw new Error('A fresh deck is never empty');
  return { pick, deck: rest };
}
