import { checkSlots, freeSpaceId, ratingToHalves } from '../../domain/board-rules';
import { BOARD_SIZE, FREE_SPACE_INDEX, FREE_SPACE_NAME } from '../../domain/boards';
import seedList from '../../../public/data/movielist.json' with { type: 'json' };
import {
  BOARD_LIMITS,
  MOVIE_ID_PATTERN,
  MovieFieldsSchema,
  type BoardsFile,
  type BoardStatus,
  type ImportFile,
  type ImportPreview,
} from '../../shared/boards';
import type { Movie } from '../../shared/content';
import { conflict, validationFailed } from '../../shared/errors';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media/storage';
import { createBoardRepository, toSpecMovie, type MovieRow } from './board-repository';
import { posterOf, removePosterFiles, storePlaceholderPoster, type StoredPoster } from './posters';

/**
 * Import and export of boards (decision 150/151). The export is the specification's movie list
 * (25 per board) plus each year's status; an import takes that file or a plain movie list, is
 * checked whole first (a preview lists every problem), and is applied in one transaction.
 */

/** The demo posters the static site serves (`/posters/<id>.svg`): the only poster URLs a file may name besides a movie's own. */
const STATIC_POSTERS = new Set((seedList as readonly { imageURL: string }[]).map((movie) => movie.imageURL));

type FileBoard = { year: number; status: BoardStatus; movies: Movie[] };

/** The boards a file holds, or the problems that stop it. */
function boardsOfFile(file: ImportFile): { boards: FileBoard[]; problems: string[] } {
  const problems: string[] = [];
  const movies = Array.isArray(file) ? file : file.movies;
  if (movies.length % BOARD_SIZE !== 0) {
    problems.push(`A board has ${BOARD_SIZE} entries: the file has ${movies.length} entries, which is not a whole number of boards.`);
  }
  const count = Math.floor(movies.length / BOARD_SIZE);
  if (movies.length === 0) problems.push('The file holds no boards.');
  if (!Array.isArray(file) && file.boards.length !== count) {
    problems.push(`The file lists ${file.boards.length} boards but holds entries for ${count}.`);
  }
  const boards: FileBoard[] = [];
  for (let index = 0; index < count; index++) {
    const group = movies.slice(index * BOARD_SIZE, (index + 1) * BOARD_SIZE);
    const listed = Array.isArray(file) ? undefined : file.boards[index];
    const year = listed?.year ?? group[FREE_SPACE_INDEX]?.year ?? 0;
    boards.push({ year, status: listed?.status ?? 'draft', movies: group });
  }
  return { boards, problems };
}

/** Problems of one board of a file: its year, its centre, its entries' fields. */
function boardProblems(board: FileBoard): string[] {
  const problems: string[] = [];
  const { year } = board;
  if (!Number.isInteger(year) || year < BOARD_LIMITS.yearMin || year > BOARD_LIMITS.yearMax) {
    problems.push(`Board ${year}: boards are for years ${BOARD_LIMITS.yearMin}–${BOARD_LIMITS.yearMax}.`);
    return problems;
  }
  const centre = board.movies[FREE_SPACE_INDEX];
  if (centre?.id !== freeSpaceId(year)) {
    problems.push(`Board ${year}: the centre entry (13th) must be its ${FREE_SPACE_NAME}, id "${freeSpaceId(year)}".`);
  }
  const check = checkSlots(
    year,
    board.movies.map((movie) => movie.id),
  );
  if (!check.ok && centre?.id === freeSpaceId(year)) problems.push(`Board ${year}: ${check.message}`);
  for (const [position, movie] of board.movies.entries()) {
    const where = `Board ${year}, entry ${position + 1} (${movie.id})`;
    if (!MOVIE_ID_PATTERN.test(movie.id)) problems.push(`${where}: the id may hold only a–z, 0–9 and "-".`);
    if (position !== FREE_SPACE_INDEX && movie.id.endsWith('-free-space'))
      problems.push(`${where}: a ${FREE_SPACE_NAME} belongs in the centre only.`);
    const { id: _id, imageURL: _imageURL, ...fields } = movie;
    const parsed = MovieFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${where}: ${issue.path.join('.') || 'entry'}: ${issue.message}`);
    }
  }
  return problems;
}

/** The columns an entry sets (ratings as halves). */
function columnsOf(movie: Movie) {
  return {
    name: movie.name.trim(),
    year: movie.year,
    description: movie.description.trim(),
    star_description_a: movie.starDescriptionA.trim(),
    star_rating_a: ratingToHalves(movie.starRatingA),
    star_description_b: movie.starDescriptionB.trim(),
    star_rating_b: ratingToHalves(movie.starRatingB),
    runtime: movie.runtime,
  };
}

/** Whether an entry would change a stored movie's fields. */
function changes(row: MovieRow, movie: Movie): boolean {
  const next = columnsOf(movie);
  return (Object.keys(next) as (keyof typeof next)[]).some((key) => row[key] !== next[key]);
}

/** What an entry does to its movie's poster: keep the stored one, point at a demo poster, or draw a placeholder. */
function posterPlan(row: MovieRow | undefined, imageURL: string): 'keep' | 'static' | 'placeholder' {
  if (row !== undefined && posterOf(row).src === imageURL) return 'keep';
  if (STATIC_POSTERS.has(imageURL)) return 'static';
  // A movie already here keeps its poster; only a movie without one gets a placeholder.
  if (row !== undefined && (row.poster_key !== null || row.poster_static !== null)) return 'keep';
  return 'placeholder';
}

type Plan = {
  preview: ImportPreview;
  boards: FileBoard[];
  /** One entry per movie id: the last entry of the file for that id wins (entries must agree). */
  movies: Map<string, Movie>;
  existing: Map<string, MovieRow>;
};

async function plan(db: Db, file: ImportFile, publishAll: boolean): Promise<Plan> {
  const { boards, problems } = boardsOfFile(file);
  const years = new Set<number>();
  const movies = new Map<string, Movie>();
  for (const board of boards) {
    if (years.has(board.year)) problems.push(`Board ${board.year} is in the file twice.`);
    years.add(board.year);
    problems.push(...boardProblems(board));
    for (const movie of board.movies) {
      const seen = movies.get(movie.id);
      if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(movie)) {
        problems.push(`Movie ${movie.id} is in the file twice with different fields.`);
      }
      movies.set(movie.id, movie);
    }
  }
  const repository = createBoardRepository(db);
  const existing = new Map((await repository.movies([...movies.keys()])).map((row) => [row.id, row]));
  const current = new Map((await repository.allBoards()).map((entry) => [entry.board.year, entry]));
  const previewBoards: ImportPreview['boards'] = boards.map((board) => {
    const now = current.get(board.year);
    const status: BoardStatus = publishAll ? 'published' : board.status;
    let moviesAdded = 0;
    let moviesChanged = 0;
    let placeholders = 0;
    for (const movie of board.movies) {
      const row = existing.get(movie.id);
      if (row === undefined) moviesAdded++;
      else if (changes(row, movie)) moviesChanged++;
      if (posterPlan(row, movie.imageURL) === 'placeholder') placeholders++;
    }
    const slotsDiffer = now === undefined || now.slots.some((id, position) => id !== board.movies[position]?.id);
    const action =
      now === undefined ? 'create' : slotsDiffer || now.board.status !== status || moviesAdded + moviesChanged > 0 ? 'update' : 'unchanged';
    return { year: board.year, action, currentStatus: now?.board.status ?? null, status, moviesAdded, moviesChanged, placeholders };
  });
  const overwritesPublished = previewBoards.some((board) => board.currentStatus === 'published' && board.action === 'update');
  return { preview: { boards: previewBoards, overwritesPublished, problems }, boards, movies, existing };
}

export function createBoardImport(db: Db, storage: MediaStorage) {
  return {
    /** Every board (drafts too, oldest first) in the specification's movie-list format; incomplete drafts are left out. */
    async exportFile(now: Date): Promise<BoardsFile> {
      const repository = createBoardRepository(db);
      const all = (await repository.allBoards()).filter(({ slots }) => slots.every((id) => id !== null)).reverse();
      const rows = new Map(
        (await repository.movies(all.flatMap(({ slots }) => slots.filter((id): id is string => id !== null)))).map((row) => [row.id, row]),
      );
      const complete = all.filter(({ slots }) => slots.every((id) => id !== null && rows.has(id)));
      return {
        format: 'mingo-boards',
        version: 1,
        exportedAt: now.toISOString(),
        boards: complete.map(({ board }) => ({ year: board.year, status: board.status })),
        movies: complete.flatMap(({ slots }) => slots.flatMap((id) => (id === null ? [] : [toSpecMovie(rows.get(id) as MovieRow)]))),
      };
    },

    /** What importing `file` would do; writes nothing. */
    async preview(file: ImportFile): Promise<ImportPreview> {
      return (await plan(db, file, false)).preview;
    },

    /**
     * Imports `file` in one transaction: movies added or updated (ids kept), boards created or
     * replaced with the file's squares and status (or published, with `publish`). Refused whole
     * when the file has problems (400) or would change a published board without `overwritePublished` (409).
     */
    async apply(file: ImportFile, options: { overwritePublished: boolean; publish: boolean }): Promise<ImportPreview> {
      const planned = await plan(db, file, options.publish);
      const { preview } = planned;
      if (preview.problems.length > 0) {
        throw validationFailed(
          `The file cannot be imported: ${preview.problems[0] ?? ''}${preview.problems.length > 1 ? ` (and ${preview.problems.length - 1} more problems)` : ''}`,
          preview.problems.map((message) => ({ path: 'file', message })),
        );
      }
      if (preview.overwritesPublished && !options.overwritePublished) {
        const years = preview.boards
          .filter((board) => board.currentStatus === 'published' && board.action === 'update')
          .map((board) => board.year);
        throw conflict(`The file changes published boards (${years.join(', ')}): confirm to overwrite them.`);
      }
      // Placeholders are drawn before the transaction (files first, rows after); undone if it fails.
      const drawn = new Map<string, StoredPoster>();
      const undo = async () => {
        for (const poster of drawn.values()) await removePosterFiles(storage, poster.poster_key, poster.poster_widths);
      };
      try {
        for (const movie of planned.movies.values()) {
          if (posterPlan(planned.existing.get(movie.id), movie.imageURL) === 'placeholder') {
            drawn.set(movie.id, await storePlaceholderPoster(storage, movie.name.trim(), movie.year));
          }
        }
        await db.transaction().execute(async (trx) => {
          for (const movie of planned.movies.values()) {
            const row = planned.existing.get(movie.id);
            const poster = posterPlan(row, movie.imageURL);
            const posterColumns =
              poster === 'static'
                ? { poster_static: movie.imageURL, poster_key: null, poster_widths: [], poster_placeholder: true }
                : poster === 'placeholder'
                  ? { ...drawn.get(movie.id), poster_static: null }
                  : {};
            const values = { ...columnsOf(movie), ...posterColumns, free_space: movie.id.endsWith('-free-space') };
            if (row === undefined)
              await trx
                .insertInto('movies')
                .values({ id: movie.id, ...values })
                .execute();
            else if (changes(row, movie) || poster !== 'keep') {
              await trx
                .updateTable('movies')
                .set({ ...values, updated_at: new Date() })
                .where('id', '=', movie.id)
                .execute();
            }
          }
          for (const [index, board] of planned.boards.entries()) {
            const status = preview.boards[index]?.status ?? 'draft';
            if (preview.boards[index]?.action === 'unchanged') continue;
            await trx
              .insertInto('boards')
              .values({ year: board.year, status, published_at: status === 'published' ? new Date() : null })
              .onConflict((oc) =>
                oc.column('year').doUpdateSet((eb) => ({
                  status,
                  // A board that stays published keeps its publication time.
                  published_at: status === 'published' ? eb.fn.coalesce('boards.published_at', eb.val(new Date())) : null,
                  updated_at: new Date(),
                })),
              )
              .execute();
            await createBoardRepository(trx).replaceSlots(
              board.year,
              board.movies.map((movie) => movie.id),
            );
          }
        });
      } catch (error) {
        await undo();
        throw error;
      }
      // Posters replaced by this import's placeholders or demo posters.
      for (const movie of planned.movies.values()) {
        const row = planned.existing.get(movie.id);
        if (row !== undefined && posterPlan(row, movie.imageURL) !== 'keep')
          await removePosterFiles(storage, row.poster_key, row.poster_widths);
      }
      return preview;
    },
  };
}

export type BoardImport = ReturnType<typeof createBoardImport>;
