import { describe, expect, it } from 'vitest';
import { FREE_SPACE_INDEX } from '../domain/boards';
import { dbFilms, dbRows, posterEager, resultText, seenText } from './db-page';

/** A board of 25 made-up movies `<year>-<n>` named `Film <n>`, its Free Space at the centre. */
function board(year: number, names: Record<number, string> = {}) {
  return {
    year,
    movies: Array.from({ length: 25 }, (_, index) =>
      index === FREE_SPACE_INDEX
        ? { id: `${year}-free-space`, name: 'Free Space' }
        : { id: `${year}-${index}`, name: names[index] ?? `Film ${index}` },
    ),
  };
}

describe('the MINGO DB rows', () => {
  it('lists each movie once but the Free Spaces, even a movie on two boards', () => {
    const newer = board(2025);
    const older = board(2024);
    // The same movie on both boards.
    const shared = { id: 'shared', name: 'Shared' };
    newer.movies[0] = shared;
    older.movies[3] = shared;
    const films = dbFilms([newer, older]);
    expect(films).toHaveLength(24 + 24 - 1);
    expect(films.filter((movie) => movie.id === 'shared')).toHaveLength(1);
    expect(films.map((movie) => movie.id)).not.toContain('2025-free-space');
    expect(films.map((movie) => movie.id)).not.toContain('2024-free-space');
    expect(dbFilms([])).toEqual([]);
  });

  it("keeps the boards' order, each row without its Free Space, and leaves out rows with no match", () => {
    const rows = dbRows([board(2025, { 0: 'Knives Out' }), board(2024, { 7: 'Glass Onion: A Knives Out Mystery' }), board(2023)], '');
    expect(rows.map((row) => [row.year, row.movies.length])).toEqual([
      [2025, 24],
      [2024, 24],
      [2023, 24],
    ]);
    expect(rows[0]?.movies.map((movie) => movie.id)).not.toContain('2025-free-space');

    const matching = dbRows(
      [board(2025, { 0: 'Knives Out' }), board(2024, { 7: 'Glass Onion: A Knives Out Mystery' }), board(2023)],
      ' kNIVES ',
    );
    expect(matching.map((row) => [row.year, row.movies.map((movie) => movie.name)])).toEqual([
      [2025, ['Knives Out']],
      [2024, ['Glass Onion: A Knives Out Mystery']],
    ]);
    expect(dbRows([board(2025)], 'free space')).toEqual([]);
  });

  it.each([
    [192, '', '192 movies'],
    [0, 'zzzz', 'No movies match “zzzz”.'],
    [1, ' free ', '1 movie matches “free”'],
    [3, 'spider', '3 movies match “spider”'],
  ])('says %i results for %j as “%s”', (count, query, text) => {
    expect(resultText(count, query)).toBe(text);
  });

  it('counts what was seen and marks which posters load at once', () => {
    expect(seenText(3, 192)).toBe('3 of 192 seen.');
    expect([posterEager(0, 5), posterEager(1, 0), posterEager(0, 6), posterEager(2, 0)]).toEqual([true, true, false, false]);
  });
});
