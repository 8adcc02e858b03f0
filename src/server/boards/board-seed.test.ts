import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-app';
import { MovieListSchema } from '../../shared/content';
import { makeMovieId } from '../../domain/board-rules';
import type { DatabaseHandle } from '../db/database';

const seed = MovieListSchema.parse(JSON.parse(readFileSync('public/data/movielist.json', 'utf8')));

describe('boards tables: the seeded movie list and the rules the database keeps', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('seeds every year of movielist.json as a published board, with the same ids in the same squares', async () => {
    const boards = await handle.db.selectFrom('boards').selectAll().orderBy('year').execute();
    expect(boards.map((board) => [board.year, board.status])).toEqual(
      [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => [year, 'published']),
    );
    expect(boards.every((board) => board.published_at instanceof Date)).toBe(true);
    const slots = await handle.db.selectFrom('board_slots').selectAll().orderBy('board_year').orderBy('position').execute();
    // A visitor's watchedMovies hold these ids: each one is still on the same board, in the same square.
    expect(slots.map((slot) => slot.movie_id)).toEqual(seed.map((movie) => movie.id));
    expect(slots.map((slot) => slot.board_year)).toEqual(seed.map((_, i) => 2018 + Math.floor(i / 25)));
  });

  it('has the ids that new movies would get (so the seeded ids follow the id rule)', () => {
    for (const movie of seed) expect(makeMovieId(movie.year, movie.name, () => false)).toBe(movie.id);
  });

  it('keeps every field of a seeded movie, ratings as halves and the demo poster', async () => {
    const row = await handle.db.selectFrom('movies').selectAll().where('id', '=', '2018-black-panther').executeTakeFirstOrThrow();
    const movie = seed.find((entry) => entry.id === '2018-black-panther');
    expect(row).toMatchObject({
      name: movie?.name,
      year: 2018,
      description: movie?.description,
      star_description_a: movie?.starDescriptionA,
      star_rating_a: (movie?.starRatingA ?? 0) * 2,
      star_rating_b: (movie?.starRatingB ?? 0) * 2,
      runtime: movie?.runtime,
      free_space: false,
      poster_key: null,
      poster_static: '/posters/2018-black-panther.svg',
    });
    const free = await handle.db.selectFrom('movies').select('free_space').where('id', '=', '2018-free-space').executeTakeFirstOrThrow();
    expect(free.free_space).toBe(true);
  });

  // Each statement runs in a transaction of its own, which its failure rolls back.
  const refused = async (statement: ReturnType<typeof sql>) => {
    await expect(handle.db.transaction().execute((trx) => statement.execute(trx))).rejects.toThrow();
  };

  it.each([
    ['a rating above 5 stars', sql`update movies set star_rating_a = 11 where id = '2018-roma'`],
    ['a negative rating', sql`update movies set star_rating_b = -1 where id = '2018-roma'`],
    ['a runtime over 600 minutes', sql`update movies set runtime = 601 where id = '2018-roma'`],
    [
      'an id out of pattern',
      sql`insert into movies (id, name, year, star_rating_a, star_rating_b, runtime) values ('Bad Id', 'x', 2020, 0, 0, 90)`,
    ],
    ['a board year before 2000', sql`insert into boards (year) values (1999)`],
    ['a board year after 2100, the movies’ last year (migration 0090)', sql`insert into boards (year) values (2101)`],
    ['a published board without a publication time', sql`insert into boards (year, status) values (2030, 'published')`],
    ['another status', sql`insert into boards (year, status) values (2030, 'archived')`],
    ['a square past 24', sql`insert into board_slots (board_year, position, movie_id) values (2018, 25, null)`],
    ['a movie twice on one board', sql`update board_slots set movie_id = '2018-roma' where board_year = 2018 and position = 0`],
    ['a movie that does not exist', sql`update board_slots set movie_id = 'no-such-movie' where board_year = 2018 and position = 0`],
    ['deleting a movie on a board', sql`delete from movies where id = '2018-roma'`],
  ])('refuses %s', async (_, statement) => {
    await refused(statement);
  });

  it('lets one movie sit on several boards and a draft hold several empty squares', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('boards').values({ year: 2040 }).execute();
      await trx
        .insertInto('board_slots')
        .values([
          { board_year: 2040, position: 0, movie_id: '2018-roma' },
          { board_year: 2040, position: 1, movie_id: null },
          { board_year: 2040, position: 2, movie_id: null },
        ])
        .execute();
      await trx.deleteFrom('boards').where('year', '=', 2040).execute();
    });
    const left = await handle.db.selectFrom('board_slots').select('position').where('board_year', '=', 2040).execute();
    expect(left).toEqual([]);
  });
});
