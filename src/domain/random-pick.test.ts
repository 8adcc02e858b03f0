import { describe, it, expect } from 'vitest';
import { ALL_PICKS, FLIP_MS, drawPick, shuffledDeck, type Pick } from './random-pick';
import { mulberry32, randomInt } from './rng';

const key = (p: Pick): string => `${p.letter}${p.number}`;
const ALL_KEYS = ALL_PICKS.map(key).sort();

function drawMany(count: number, seed: number): Pick[] {
  const rng = mulberry32(seed);
  let deck: Pick[] = [];
  const picks: Pick[] = [];
  for (let i = 0; i < count; i++) {
    const drawn = drawPick(deck, rng);
    picks.push(drawn.pick);
    deck = drawn.deck;
  }
  return picks;
}

describe('constants', () => {
  it('has a 300 ms flip and 25 distinct letter-number pairs', () => {
    expect(FLIP_MS).toBe(300);
    expect(ALL_PICKS).toHaveLength(25);
    expect(new Set(ALL_KEYS).size).toBe(25);
    expect(ALL_PICKS[0]).toEqual({ letter: 'M', number: 1 });
    expect(ALL_PICKS[24]).toEqual({ letter: 'O', number: 5 });
  });
});

describe('mulberry32', () => {
  it.each([1, 42, 2 ** 31, 0])('seed %i is deterministic and within [0, 1)', (seed) => {
    const a = mulberry32(seed);
    const b = mulberry32(seed);
    for (let i = 0; i < 1000; i++) {
      const value = a();
      expect(value).toBe(b());
      expect(value >= 0 && value < 1).toBe(true);
    }
  });

  it('replays the published sequence of a seed (a replay must not change between versions)', () => {
    const rng = mulberry32(1);
    expect([rng(), rng(), rng()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });
});

describe('randomInt', () => {
  it.each([
    { name: 'zero', value: 0, max: 5, expected: 0 },
    { name: 'just below one', value: 0.999999, max: 5, expected: 4 },
    { name: 'one (misbehaving source)', value: 1, max: 5, expected: 4 },
    { name: 'negative (misbehaving source)', value: -0.5, max: 5, expected: 0 },
    { name: 'NaN (misbehaving source)', value: Number.NaN, max: 5, expected: 0 },
    { name: 'middle', value: 0.5, max: 10, expected: 5 },
  ])('$name → $expected', ({ value, max, expected }) => {
    expect(randomInt(() => value, max)).toBe(expected);
  });
});

describe('shuffledDeck', () => {
  it.each([1, 7, 42, 123456])('seed %i gives a permutation of all 25 pairs', (seed) => {
    expect(shuffledDeck(mulberry32(seed)).map(key).sort()).toEqual(ALL_KEYS);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(shuffledDeck(mulberry32(5))).toEqual(shuffledDeck(mulberry32(5)));
    expect(shuffledDeck(mulberry32(5)).map(key)).not.toEqual(shuffledDeck(mulberry32(6)).map(key));
  });

  it.each([
    { name: 'always 0', rng: () => 0 },
    { name: 'always just below 1', rng: () => 0.9999999 },
  ])('constant source ($name) still yields a permutation', ({ rng }) => {
    expect(shuffledDeck(rng).map(key).sort()).toEqual(ALL_KEYS);
  });

  it('replays the same deck for the same seed across versions', () => {
    expect(shuffledDeck(mulberry32(7)).slice(0, 8).map(key)).toEqual(['I3', 'O2', 'O5', 'N3', 'O4', 'I1', 'G4', 'G3']);
    // One number drawn per swap, from the last card down to the second: a source that repeats
    // 0.5, 0.25, 0.75 gives this order only if no number is drawn more or fewer times.
    const sequence = [0.5, 0.25, 0.75];
    let drawn = 0;
    const deck = shuffledDeck(() => sequence[drawn++ % sequence.length] ?? 0);
    expect(drawn).toBe(24);
    expect(deck.map(key).join(' ')).toBe('O3 G4 M1 N4 I3 M2 O2 G2 M3 O1 G5 N5 O4 N1 M4 I4 O5 M5 I5 G1 I1 N2 G3 I2 N3');
  });

  it('does not share objects with ALL_PICKS', () => {
    const deck = shuffledDeck(mulberry32(3));
    for (const pick of deck) expect(ALL_PICKS).not.toContain(pick);
  });
});

describe('drawPick', () => {
  it.each([1, 2, 99, 2024])('seed %i: 25 draws cover all pairs without repeat', (seed) => {
    expect(drawMany(25, seed).map(key).sort()).toEqual(ALL_KEYS);
  });

  it.each([3, 17])('seed %i: each block of 25 draws is a full deck', (seed) => {
    const picks = drawMany(100, seed).map(key);
    for (let block = 0; block < 4; block++) {
      expect(picks.slice(block * 25, block * 25 + 25).sort()).toEqual(ALL_KEYS);
    }
  });

  it('takes the next pick from a non-empty deck without calling the rng', () => {
    const deck: Pick[] = [
      { letter: 'G', number: 4 },
      { letter: 'M', number: 1 },
    ];
    const result = drawPick(deck, () => {
      throw new Error('rng must not be used');
    });
    expect(result).toEqual({ pick: { letter: 'G', number: 4 }, deck: [{ letter: 'M', number: 1 }] });
    expect(deck).toHaveLength(2);
  });

  it('the 26th draw comes from a new shuffle', () => {
    const rng = mulberry32(11);
    let deck: Pick[] = [];
    for (let i = 0; i < 25; i++) deck = drawPick(deck, rng).deck;
    expect(deck).toEqual([]);
    const next = drawPick(deck, rng);
    expect(next.deck).toHaveLength(24);
    expect([next.pick, ...next.deck].map(key).sort()).toEqual(ALL_KEYS);
  });
});
