import { describe, expect, it } from 'vitest';
import {
  checkSlots,
  emptyBoardSlots,
  emptySquares,
  freeSpaceId,
  halvesToRating,
  makeMovieId,
  publishProblem,
  ratingToHalves,
  slugify,
  squaresLeft,
} from './board-rules';

const full = (year: number) => Array.from({ length: 25 }, (_, i) => (i === 12 ? freeSpaceId(year) : `movie-${i}`));

describe('squaresLeft', () => {
  const withEmpty = (...empty: number[]) => full(2026).map((id, position) => (empty.includes(position) ? null : id));

  it('is null for a complete board', () => {
    expect(squaresLeft(full(2026))).toBeNull();
  });

  it.each<[string, number[], string]>([
    ['one square', [23], '1 square left: G5.'],
    ['two squares', [23, 24], '2 squares left: G5 and O5.'],
    ['three squares, in board order', [24, 0, 6], '3 squares left: M1, I2 and O5.'],
    ['six squares, all named', [0, 1, 2, 3, 4, 5], '6 squares left: M1, I1, N1, G1, O1 and M2.'],
    ['seven squares: five names and a count', [0, 1, 2, 3, 4, 5, 6], '7 squares left: M1, I1, N1, G1, O1 and 2 more.'],
  ])('%s', (_case, empty, text) => {
    expect(squaresLeft(withEmpty(...empty))).toBe(text);
  });

  it('keeps a new board’s 24 empty squares short', () => {
    expect(squaresLeft(emptyBoardSlots(2026))).toBe('24 squares left: M1, I1, N1, G1, O1 and 19 more.');
  });
});

describe('board slots', () => {
  it('a new board has 24 empty squares and its Free Space in the centre', () => {
    const slots = emptyBoardSlots(2026);
    expect(slots).toHaveLength(25);
    expect(slots[12]).toBe('2026-free-space');
    expect(slots.filter((id) => id === null)).toHaveLength(24);
    expect(checkSlots(2026, slots)).toEqual({ ok: true });
  });

  it.each([
    ['24 squares', full(2026).slice(1), 'A board has 25 squares.'],
    [
      'another year’s Free Space in the centre',
      full(2026).map((id, i) => (i === 12 ? '2025-free-space' : id)),
      "The centre square (N3) is always the board's Free Space.",
    ],
    ['an empty centre', full(2026).map((id, i) => (i === 12 ? null : id)), "The centre square (N3) is always the board's Free Space."],
    ['a movie twice', full(2026).map((id, i) => (i === 3 ? 'movie-0' : id)), 'A movie can be on a board only once.'],
    ['the Free Space twice', full(2026).map((id, i) => (i === 0 ? '2026-free-space' : id)), 'A movie can be on a board only once.'],
  ])('refuses %s', (_, slots, message) => {
    expect(checkSlots(2026, slots)).toEqual({ ok: false, message });
  });

  it('allows several empty squares', () => {
    expect(
      checkSlots(
        2026,
        emptyBoardSlots(2026).map((id, i) => (i === 0 ? 'x' : id)),
      ),
    ).toEqual({ ok: true });
  });

  it('names the empty squares in board order before publishing', () => {
    const slots = full(2026).map((id, i) => (i === 6 || i === 24 ? null : id));
    expect(emptySquares(slots)).toEqual(['I2', 'O5']);
    expect(publishProblem(slots)).toBe('Fill every square before publishing: I2, O5.');
    expect(publishProblem(full(2026))).toBeNull();
  });
});

describe('ratings in halves', () => {
  it.each([
    [0, 0],
    [0.5, 1],
    [3.5, 7],
    [5, 10],
  ])('%s stars is %i halves and back', (rating, halves) => {
    expect(ratingToHalves(rating)).toBe(halves);
    expect(halvesToRating(halves)).toBe(rating);
  });

  it.each([-0.5, 5.5, 4.25, Number.NaN])('refuses %s', (rating) => {
    expect(() => ratingToHalves(rating)).toThrow(RangeError);
  });
});

describe('movie ids', () => {
  it.each([
    ['Black Panther', 'black-panther'],
    ["Don't Look Up", 'dont-look-up'],
    ['Dungeons & Dragons: Honor Among Thieves', 'dungeons-and-dragons-honor-among-thieves'],
    ['Amélie', 'amelie'],
    ['  --Tár!  ', 'tar'],
    ['1917', '1917'],
  ])('slugify(%j) is %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('makes <year>-<slug>, then -2, -3 on collisions', () => {
    const taken = new Set<string>();
    const make = () => {
      const id = makeMovieId(2026, 'The Quiet Lighthouse', (candidate) => taken.has(candidate));
      taken.add(id);
      return id;
    };
    expect([make(), make(), make()]).toEqual(['2026-the-quiet-lighthouse', '2026-the-quiet-lighthouse-2', '2026-the-quiet-lighthouse-3']);
  });

  it('gives a title without letters or digits an id anyway, and keeps long ids within 100 characters', () => {
    expect(makeMovieId(2026, '!!!', () => false)).toBe('2026-movie');
    const long = makeMovieId(2026, 'a'.repeat(300), () => false);
    expect(long.length).toBeLessThanOrEqual(94);
    expect(makeMovieId(2026, 'a'.repeat(300), (id) => id === long)).toBe(`${long}-2`);
  });
});

describe('out-of-range inputs name the valid range', () => {
  it.each([-0.5, 5.5, 1.25])('ratingToHalves(%s)', (rating) => {
    expect(() => ratingToHalves(rating)).toThrow(new RangeError(`A rating is 0–5 in halves, got ${rating}`));
  });
});
