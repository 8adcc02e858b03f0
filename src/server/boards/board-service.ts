import { checkSlots, emptyBoardSlots, freeSpaceId, makeMovieId, publishProblem, ratingToHalves } from '../../domain/board-rules';
import { FREE_SPACE_INDEX, FREE_SPACE_NAME } from '../../domain/boards';
import {
  BOARD_NOT_FOUND,
  MOVIE_NOT_FOUND,
  type BoardEditorState,
  type EditorBoard,
  type EditorMovie,
  type MovieFields,
  type PublicBoard,
  type PublicBoardList,
} from '../../shared/boards';
import type { Movie } from '../../shared/content';
import { conflict, notFound, validationFailed } from '../../shared/errors';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media/storage';
import {
  createBoardRepository,
  toBoardMovie,
  toEditorBoard,
  toEditorMovie,
  toSpecMovie,
  type BoardRepository,
  type MovieRow,
} from './board-repository';
import type { Updateable } from 'kysely';
import type { MoviesTable } from './board-tables';
import { removePosterFiles, storePlaceholderPoster, storeUploadedPoster, type StoredPoster } from './posters';

const boardNotFound = () => notFound(BOARD_NOT_FOUND);
const movieNotFound = () => notFound(MOVIE_NOT_FOUND);
/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

type MovieChanges = Partial<MovieFields>;

/** A movie's editable fields as columns (ratings as halves). */
function movieColumns(fields: MovieChanges): Updateable<MoviesTable> {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.year === undefined ? {} : { year: fields.year }),
    ...(fields.description === undefined ? {} : { description: fields.description }),
    ...(fields.starDescriptionA === undefined ? {} : { star_description_a: fields.starDescriptionA }),
    ...(fields.starRatingA === undefined ? {} : { star_rating_a: ratingToHalves(fields.starRatingA) }),
    ...(fields.starDescriptionB === undefined ? {} : { star_description_b: fields.starDescriptionB }),
    ...(fields.starRatingB === undefined ? {} : { star_rating_b: ratingToHalves(fields.starRatingB) }),
    ...(fields.runtime === undefined ? {} : { runtime: fields.runtime }),
  };
}

/**
 * Living boards (decision 150): what visitors read (published boards only) and what admins do in
 * the board editor. Every write is one transaction that locks the board it changes; the database
 * triggers (migration 0060) drop the public cache on every instance when it commits. Poster files
 * are written to the media storage before the row that names them and removed after the row that
 * named them is gone (a crash in between leaves an unused file, never a row naming a missing one).
 */
export function createBoardService(db: Db, storage: MediaStorage, options: { demoRasters?: ReadonlySet<string> } = {}) {
  const boards = createBoardRepository(db);
  const rasters = options.demoRasters;

  const editorMovies = async (rows: MovieRow[]): Promise<EditorMovie[]> => {
    const used = await boards.boardsOf(rows.map((row) => row.id));
    return rows.map((row) => toEditorMovie(row, used.get(row.id) ?? [], rasters));
  };
  const editorMovie = async (row: MovieRow): Promise<EditorMovie> => (await editorMovies([row]))[0] ?? toEditorMovie(row, [], rasters);

  /** Runs `change` on a locked board, with the repository of its transaction; 404 when there is none. */
  const withBoard = <T>(
    year: number,
    change: (board: NonNullable<Awaited<ReturnType<BoardRepository['lockBoard']>>>, locked: BoardRepository) => Promise<T>,
  ) =>
    db.transaction().execute(async (trx) => {
      const locked = createBoardRepository(trx);
      const board = await locked.lockBoard(year);
      if (board === undefined) throw boardNotFound();
      return change(board, locked);
    });

  const reloadBoard = async (locked: BoardRepository, year: number): Promise<EditorBoard> => {
    const board = await locked.lockBoard(year);
    if (board === undefined) throw boardNotFound();
    return toEditorBoard(board.board, board.slots);
  };

  /** Stores a new poster, points the movie at it, then removes the old one's files. */
  const replacePoster = async (id: string, make: (movie: MovieRow) => Promise<StoredPoster>): Promise<EditorMovie> => {
    const current = await boards.movie(id);
    if (current === undefined || current.free_space) throw movieNotFound();
    const stored = await make(current);
    const updated = await boards.updateMovie(id, { ...stored, poster_static: null, updated_at: new Date() });
    if (updated === undefined) {
      await removePosterFiles(storage, stored.poster_key, stored.poster_widths);
      throw movieNotFound();
    }
    await removePosterFiles(storage, current.poster_key, current.poster_widths);
    return editorMovie(updated);
  };

  return {
    // ——— What visitors read ———

    async listPublished(): Promise<PublicBoardList> {
      const found = await boards.published();
      return { items: found.flatMap(({ board, movies }) => publicBoard(board.year, board.published_at, movies, rasters)) };
    },

    async getPublished(year: number): Promise<PublicBoard> {
      const [found] = await boards.published(year);
      const board = found === undefined ? undefined : publicBoard(found.board.year, found.board.published_at, found.movies, rasters)[0];
      if (board === undefined) throw boardNotFound();
      return board;
    },

    /** The specification's movie list: 25 per published year, oldest year first. */
    async movieList(): Promise<Movie[]> {
      const found = await boards.published();
      return found.reverse().flatMap(({ movies }) => (movies.every((movie) => movie !== undefined) ? movies.map(toSpecMovie) : []));
    },

    /** Movie names of a published board in board order, or undefined (drafts and unknown years). */
    async publishedNames(year: number): Promise<string[] | undefined> {
      const [found] = await boards.published(year);
      if (found === undefined || found.movies.some((movie) => movie === undefined)) return undefined;
      return found.movies.flatMap((movie) => (movie === undefined ? [] : [movie.name]));
    },

    // ——— The board editor ———

    async editorState(tmdb: boolean): Promise<BoardEditorState> {
      const all = await boards.allBoards();
      const ids = [...new Set(all.flatMap(({ slots }) => slots.filter((id): id is string => id !== null)))];
      const movies = await editorMovies(await boards.movies(ids));
      movies.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return { boards: all.map(({ board, slots }) => toEditorBoard(board, slots)), movies, tmdb };
    },

    /** A draft for `year`: 24 empty squares and its Free Space (made now, or kept from an earlier board of that year). */
    async createBoard(year: number): Promise<EditorBoard> {
      const existingFree = await boards.movie(freeSpaceId(year));
      const poster = existingFree === undefined ? await storePlaceholderPoster(storage, FREE_SPACE_NAME, year) : undefined;
      let posterUsed = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const trxBoards = createBoardRepository(trx);
          const inserted = await trxBoards.insertBoard(year);
          if (inserted === undefined) throw conflict(`There is already a board for ${year}.`);
          if (poster !== undefined) {
            posterUsed = await trxBoards.insertMovieIfAbsent({
              id: freeSpaceId(year),
              name: FREE_SPACE_NAME,
              year,
              star_rating_a: 0,
              star_rating_b: 0,
              runtime: 0,
              free_space: true,
              ...poster,
            });
          }
          const slots = emptyBoardSlots(year);
          await trxBoards.replaceSlots(year, slots);
          return toEditorBoard(inserted, slots);
        });
      } catch (error) {
        // Two admins creating the same year at once: the second one's insert waits, then conflicts.
        if (isUniqueViolation(error)) throw conflict(`There is already a board for ${year}.`);
        throw error;
      } finally {
        if (poster !== undefined && !posterUsed) await removePosterFiles(storage, poster.poster_key, poster.poster_widths);
      }
    },

    async updateSlots(year: number, slots: (string | null)[]): Promise<EditorBoard> {
      return withBoard(year, async ({ board }, locked) => {
        if (board.status === 'published') throw conflict(`The ${year} board is published: unpublish it to change its squares.`);
        const check = checkSlots(year, slots);
        if (!check.ok) throw validationFailed(check.message);
        const ids = slots.filter((id, position): id is string => id !== null && position !== FREE_SPACE_INDEX);
        const found = await locked.movies(ids);
        const known = new Map(found.map((movie) => [movie.id, movie]));
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length > 0) throw validationFailed(`No such movie: ${missing.join(', ')}.`);
        if (found.some((movie) => movie.free_space)) throw validationFailed(`A ${FREE_SPACE_NAME} belongs in the centre square only.`);
        await locked.replaceSlots(year, slots);
        await locked.touchBoard(year);
        return reloadBoard(locked, year);
      });
    },

    async publish(year: number): Promise<EditorBoard> {
      return withBoard(year, async ({ board, slots }, locked) => {
        if (board.status === 'published') return toEditorBoard(board, slots);
        const problem = publishProblem(slots);
        if (problem !== null) throw conflict(problem);
        await locked.setStatus(year, 'published');
        return reloadBoard(locked, year);
      });
    },

    async unpublish(year: number): Promise<EditorBoard> {
      return withBoard(year, async ({ board, slots }, locked) => {
        if (board.status === 'draft') return toEditorBoard(board, slots);
        await locked.setStatus(year, 'draft');
        return reloadBoard(locked, year);
      });
    },

    /** Deletes a draft and its squares; its movies stay. */
    async deleteBoard(year: number): Promise<void> {
      await withBoard(year, async ({ board }, locked) => {
        if (board.status === 'published') throw conflict(`The ${year} board is published: unpublish it before deleting it.`);
        await locked.deleteBoard(year);
      });
    },

    async searchMovies(q: string, limit: number): Promise<EditorMovie[]> {
      return editorMovies(await boards.search(q, limit));
    },

    /** A new movie with a generated placeholder; its id is `<year>-<slug>` (with -2, -3 … when taken). */
    async createMovie(fields: MovieFields): Promise<EditorMovie> {
      const poster = await storePlaceholderPoster(storage, fields.name, fields.year);
      try {
        for (let attempt = 0; ; attempt++) {
          const base = makeMovieId(fields.year, fields.name, () => false);
          const taken = await boards.idsLike(base);
          const id = makeMovieId(fields.year, fields.name, (candidate) => taken.has(candidate));
          try {
            const row = await boards.insertMovie({
              id,
              name: fields.name,
              year: fields.year,
              runtime: fields.runtime,
              star_rating_a: ratingToHalves(fields.starRatingA),
              star_rating_b: ratingToHalves(fields.starRatingB),
              ...movieColumns(fields),
              ...poster,
            });
            return toEditorMovie(row, [], rasters);
          } catch (error) {
            // Another admin took the same id a moment ago: make the next one.
            if (!isUniqueViolation(error) || attempt >= 3) throw error;
          }
        }
      } catch (error) {
        await removePosterFiles(storage, poster.poster_key, poster.poster_widths);
        throw error;
      }
    },

    /** Edits a movie; its id never changes. A placeholder poster is redrawn when the title or year changes. */
    async updateMovie(id: string, changes: MovieChanges): Promise<EditorMovie> {
      const current = await boards.movie(id);
      if (current === undefined) throw movieNotFound();
      if (current.free_space) throw validationFailed(`The ${FREE_SPACE_NAME} is not a movie: it cannot be edited.`);
      const retitled =
        (changes.name !== undefined && changes.name !== current.name) || (changes.year !== undefined && changes.year !== current.year);
      const redraw = retitled && current.poster_key !== null && current.poster_placeholder;
      const poster = redraw ? await storePlaceholderPoster(storage, changes.name ?? current.name, changes.year ?? current.year) : undefined;
      const updated = await boards.updateMovie(id, { ...movieColumns(changes), ...(poster ?? {}), updated_at: new Date() });
      if (updated === undefined) throw movieNotFound();
      if (poster !== undefined) await removePosterFiles(storage, current.poster_key, current.poster_widths);
      return editorMovie(updated);
    },

    uploadPoster(id: string, upload: Buffer): Promise<EditorMovie> {
      return replacePoster(id, () => storeUploadedPoster(storage, upload));
    },

    /** Back to a generated placeholder. */
    removePoster(id: string): Promise<EditorMovie> {
      return replacePoster(id, (movie) => storePlaceholderPoster(storage, movie.name, movie.year));
    },
  };
}

/** A published board as visitors get it; [] when a square is empty (publishing refuses that, so never). */
function publicBoard(
  year: number,
  publishedAt: Date | null,
  movies: readonly (MovieRow | undefined)[],
  rasters: ReadonlySet<string> | undefined,
): PublicBoard[] {
  const rows = movies.filter((movie): movie is MovieRow => movie !== undefined);
  if (rows.length !== movies.length || publishedAt === null) return [];
  return [{ year, publishedAt: publishedAt.toISOString(), movies: rows.map((row) => toBoardMovie(row, rasters)) }];
}

export type BoardService = ReturnType<typeof createBoardService>;
