import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { halvesToRating } from '../../domain/board-rules';
import { BOARD_SIZE } from '../../domain/boards';
import type { BoardMovie, EditorBoard, EditorMovie } from '../../shared/boards';
import type { Movie } from '../../shared/content';
import type { Executor } from '../db/database';
import type { BoardSlotsTable, BoardsTable, MoviesTable } from './board-tables';
import { posterMediaKeys, posterOf } from './posters';

export type MovieRow = Selectable<MoviesTable>;
export type BoardRow = Selectable<BoardsTable>;

/** A movie as the public site shows it: the spec's fields (imageURL = poster.src) and its poster. */
export function toBoardMovie(row: MovieRow, rasters?: ReadonlySet<string>): BoardMovie {
  const poster = posterOf(row, rasters);
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    description: row.description,
    imageURL: poster.src,
    starDescriptionA: row.star_description_a,
    starRatingA: halvesToRating(row.star_rating_a),
    starDescriptionB: row.star_description_b,
    starRatingB: halvesToRating(row.star_rating_b),
    runtime: row.runtime,
    poster,
  };
}

/** The specification's Movie (the movie-list file's entries). */
export function toSpecMovie(row: MovieRow): Movie {
  const { poster: _poster, ...movie } = toBoardMovie(row);
  return movie;
}

export function toEditorMovie(row: MovieRow, boards: readonly number[], rasters?: ReadonlySet<string>): EditorMovie {
  return { ...toBoardMovie(row, rasters), boards: [...boards], freeSpace: row.free_space, updatedAt: row.updated_at.toISOString() };
}

export function toEditorBoard(row: BoardRow, slots: readonly (string | null)[]): EditorBoard {
  return {
    year: row.year,
    status: row.status,
    publishedAt: row.published_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    slots: [...slots],
  };
}

/** Slots rows → 25 movie ids (or null) per year. */
function slotsByYear(rows: readonly { board_year: number; position: number; movie_id: string | null }[]): Map<number, (string | null)[]> {
  const byYear = new Map<number, (string | null)[]>();
  for (const row of rows) {
    let slots = byYear.get(row.board_year);
    if (slots === undefined) {
      slots = Array.from({ length: BOARD_SIZE }, () => null);
      byYear.set(row.board_year, slots);
    }
    slots[row.position] = row.movie_id;
  }
  return byYear;
}

/** Queries of the boards tables; every function takes the database or a transaction. */
export function createBoardRepository(db: Executor) {
  return {
    /** Published boards (one year, or all), newest first, each with its movies in board order. */
    async published(year?: number): Promise<{ board: BoardRow; movies: (MovieRow | undefined)[] }[]> {
      let boardsQuery = db.selectFrom('boards').selectAll().where('status', '=', 'published').orderBy('year', 'desc');
      if (year !== undefined) boardsQuery = boardsQuery.where('year', '=', year);
      const boards = await boardsQuery.execute();
      if (boards.length === 0) return [];
      const rows = await db
        .selectFrom('board_slots')
        .leftJoin('movies', 'movies.id', 'board_slots.movie_id')
        .selectAll('movies')
        .select(['board_slots.board_year', 'board_slots.position'])
        .where(
          'board_slots.board_year',
          'in',
          boards.map((board) => board.year),
        )
        .execute();
      const byYear = new Map<number, (MovieRow | undefined)[]>();
      for (const row of rows) {
        const movies = byYear.get(row.board_year) ?? Array.from({ length: BOARD_SIZE }, () => undefined);
        byYear.set(row.board_year, movies);
        const { board_year: _year, position, ...movie } = row;
        movies[position] = movie.id === null ? undefined : (movie as MovieRow);
      }
      return boards.map((board) => ({ board, movies: byYear.get(board.year) ?? [] }));
    },

    async allBoards(): Promise<{ board: BoardRow; slots: (string | null)[] }[]> {
      const boards = await db.selectFrom('boards').selectAll().orderBy('year', 'desc').execute();
      const slots = slotsByYear(await db.selectFrom('board_slots').selectAll().execute());
      return boards.map((board) => ({ board, slots: slots.get(board.year) ?? Array.from({ length: BOARD_SIZE }, () => null) }));
    },

    /** One board, its row locked for the rest of the transaction (FOR UPDATE). */
    async lockBoard(year: number): Promise<{ board: BoardRow; slots: (string | null)[] } | undefined> {
      const board = await db.selectFrom('boards').selectAll().where('year', '=', year).forUpdate().executeTakeFirst();
      if (board === undefined) return undefined;
      const rows = await db.selectFrom('board_slots').selectAll().where('board_year', '=', year).execute();
      return { board, slots: slotsByYear(rows).get(year) ?? Array.from({ length: BOARD_SIZE }, () => null) };
    },

    async replaceSlots(year: number, slots: readonly (string | null)[]): Promise<void> {
      await db.deleteFrom('board_slots').where('board_year', '=', year).execute();
      await db
        .insertInto('board_slots')
        .values(slots.map((movie_id, position) => ({ board_year: year, position, movie_id })))
        .execute();
    },

    /** Locks these years' boards for the rest of the transaction (FOR UPDATE), as the editor's writes do. */
    async lockBoards(years: readonly number[]): Promise<void> {
      if (years.length === 0) return;
      await db
        .selectFrom('boards')
        .select('year')
        .where('year', 'in', [...years])
        .forUpdate()
        .execute();
    },

    /**
     * Creates or updates these boards (an import): a board that stays published keeps its
     * publication time.
     */
    async upsertBoards(boards: readonly { year: number; status: 'published' | 'draft' }[], now: Date): Promise<void> {
      if (boards.length === 0) return;
      await db
        .insertInto('boards')
        .values(boards.map(({ year, status }) => ({ year, status, published_at: status === 'published' ? now : null })))
        .onConflict((oc) =>
          oc.column('year').doUpdateSet({
            status: (eb) => eb.ref('excluded.status'),
            published_at: sql`case when excluded.status = 'published' then coalesce(boards.published_at, excluded.published_at) end`,
            updated_at: now,
          }),
        )
        .execute();
    },

    async deleteSlotsOf(years: readonly number[]): Promise<void> {
      if (years.length === 0) return;
      await db
        .deleteFrom('board_slots')
        .where('board_year', 'in', [...years])
        .execute();
    },

    async insertSlots(slots: readonly Insertable<BoardSlotsTable>[]): Promise<void> {
      if (slots.length > 0)
        await db
          .insertInto('board_slots')
          .values([...slots])
          .execute();
    },

    async insertMovies(rows: readonly Insertable<MoviesTable>[]): Promise<void> {
      if (rows.length > 0)
        await db
          .insertInto('movies')
          .values([...rows])
          .execute();
    },

    /** A new draft for `year`; undefined when that year has a board already. */
    async insertBoard(year: number): Promise<BoardRow | undefined> {
      return db
        .insertInto('boards')
        .values({ year })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** Marks a board changed (its squares were replaced). */
    async touchBoard(year: number): Promise<void> {
      await db.updateTable('boards').set({ updated_at: new Date() }).where('year', '=', year).execute();
    },

    /** Publishes a board (now) or takes it back to a draft. */
    async setStatus(year: number, status: 'published' | 'draft'): Promise<void> {
      const now = new Date();
      await db
        .updateTable('boards')
        .set({ status, published_at: status === 'published' ? now : null, updated_at: now })
        .where('year', '=', year)
        .execute();
    },

    /** Deletes a board; its squares go with it (ON DELETE CASCADE), its movies stay. */
    async deleteBoard(year: number): Promise<void> {
      await db.deleteFrom('boards').where('year', '=', year).execute();
    },

    /** Inserts a movie; a taken id throws PostgreSQL's unique_violation. */
    async insertMovie(values: Insertable<MoviesTable>): Promise<MovieRow> {
      return db.insertInto('movies').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Inserts a movie unless its id is taken: whether it did. */
    async insertMovieIfAbsent(values: Insertable<MoviesTable>): Promise<boolean> {
      const created = await db
        .insertInto('movies')
        .values(values)
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return created !== undefined;
    },

    /** Changes a movie's columns: the new row, or undefined when there is no such movie. */
    async updateMovie(id: string, changes: Updateable<MoviesTable>): Promise<MovieRow | undefined> {
      return db.updateTable('movies').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** The media keys of every stored poster's renditions (posters.ts). */
    async posterMediaKeys(): Promise<string[]> {
      const rows = await db.selectFrom('movies').select(['poster_key', 'poster_widths']).where('poster_key', 'is not', null).execute();
      return rows.flatMap((row) => (row.poster_key === null ? [] : posterMediaKeys(row.poster_key, row.poster_widths)));
    },

    async movies(ids: readonly string[]): Promise<MovieRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('movies').selectAll().where('id', 'in', ids).execute();
    },

    async movie(id: string): Promise<MovieRow | undefined> {
      return db.selectFrom('movies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Years of the boards (drafts too) each of `ids` sits on. */
    async boardsOf(ids: readonly string[]): Promise<Map<string, number[]>> {
      const byMovie = new Map<string, number[]>();
      if (ids.length === 0) return byMovie;
      const rows = await db
        .selectFrom('board_slots')
        .select(['movie_id', 'board_year'])
        .where('movie_id', 'in', ids)
        .orderBy('board_year', 'desc')
        .execute();
      for (const row of rows) {
        if (row.movie_id === null) continue;
        byMovie.set(row.movie_id, [...(byMovie.get(row.movie_id) ?? []), row.board_year]);
      }
      return byMovie;
    },

    /** Movies whose title contains `q` (any case), Free Spaces left out, by title. */
    async search(q: string, limit: number): Promise<MovieRow[]> {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return db
        .selectFrom('movies')
        .selectAll()
        .where('free_space', '=', false)
        .where((eb) => eb(eb.fn('lower', ['name']), 'like', pattern))
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Ids taken among those that start with `base` (for making a new id). */
    async idsLike(base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('movies')
        .select('id')
        .where('id', 'like', `${base.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
