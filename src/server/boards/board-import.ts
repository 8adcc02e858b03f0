import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import { checkSlots, emptySquares, freeSpaceId, ratingToHalves } from '../../domain/board-rules';
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
import { beginPendingBatch, removeBatchFiles } from '../clips/pending-media';
import type { Db, Executor } from '../db/database';
import type { MediaStorage } from '../media/storage';
import { createBoardRepository, toSpecMovie, type MovieRow } from './board-repository';
import type { MoviesTable } from './board-tables';
import {
  newPosterPrefix,
  posterMediaKeys,
  posterOf,
  POSTER_WIDTHS,
  removePosterFiles,
  storePlaceholderPoster,
  type StoredPoster,
} from './posters';

/**
 * Import and export of boards (decisions 150/151, 194). The export is the specification's movie
 * list (25 per board, an empty square of a draft as `null`) plus each year's status; an import
 * takes that file or a plain movie list, is checked whole first (a preview lists every problem),
 * draws the placeholder posters it needs, and writes everything in one transaction.
 */

/** The demo posters the static site serves (`/posters/<id>.svg`): the only poster URLs a file may name besides a movie's own. */
const STATIC_POSTERS = new Set((seedList as readonly { imageURL: string }[]).map((movie) => movie.imageURL));

/** Rows per multi-row INSERT (13 parameters a movie: far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

type FileBoard = { year: number; status: BoardStatus; squares: (Movie | null)[] };

/** The boards a file holds, or the problems that stop it. */
function boardsOfFile(file: ImportFile): { boards: FileBoard[]; problems: string[] } {
  const problems: string[] = [];
  const squares = Array.isArray(file) ? file : file.movies;
  if (squares.length % BOARD_SIZE !== 0) {
    problems.push(`A board has ${BOARD_SIZE} entries: the file has ${squares.length} entries, which is not a whole number of boards.`);
  }
  const count = Math.floor(squares.length / BOARD_SIZE);
  if (squares.length === 0) problems.push('The file holds no boards.');
  if (!Array.isArray(file) && file.boards.length !== count) {
    problems.push(`The file lists ${file.boards.length} boards but holds entries for ${count}.`);
  }
  const boards: FileBoard[] = [];
  for (let index = 0; index < count; index++) {
    const group = squares.slice(index * BOARD_SIZE, (index + 1) * BOARD_SIZE);
    const listed = Array.isArray(file) ? undefined : file.boards[index];
    const centre = group[FREE_SPACE_INDEX];
    if (listed === undefined && (centre === null || centre === undefined)) {
      problems.push(
        `Board ${index + 1} of the file: its centre entry (13th) is empty; a plain movie list takes each board's year from its ${FREE_SPACE_NAME}.`,
      );
      continue;
    }
    boards.push({ year: listed?.year ?? centre?.year ?? 0, status: listed?.status ?? 'draft', squares: group });
  }
  return { boards, problems };
}

/** Problems of one board of a file: its year, its centre, its entries' fields, and publishing it incomplete. */
function boardProblems(board: FileBoard, status: BoardStatus, publishAll: boolean): string[] {
  const problems: string[] = [];
  const { year } = board;
  if (!Number.isInteger(year) || year < BOARD_LIMITS.yearMin || year > BOARD_LIMITS.yearMax) {
    problems.push(`Board ${year}: boards are for years ${BOARD_LIMITS.yearMin}–${BOARD_LIMITS.yearMax}.`);
    return problems;
  }
  const slots = board.squares.map((movie) => movie?.id ?? null);
  const centre = board.squares[FREE_SPACE_INDEX];
  if (centre?.id !== freeSpaceId(year)) {
    problems.push(`Board ${year}: the centre entry (13th) must be its ${FREE_SPACE_NAME}, id "${freeSpaceId(year)}".`);
  }
  const check = checkSlots(year, slots);
  if (!check.ok && centre?.id === freeSpaceId(year)) problems.push(`Board ${year}: ${check.message}`);
  const empty = emptySquares(slots);
  if (status === 'published' && empty.length > 0) {
    problems.push(
      publishAll
        ? `Board ${year} cannot be published: its squares ${empty.join(', ')} are empty. Import it without "Publish every imported year" to keep it a draft.`
        : `Board ${year} is published in the file but its squares ${empty.join(', ')} are empty: only a draft may have empty squares.`,
    );
  }
  for (const [position, movie] of board.squares.entries()) {
    if (movie === null) continue;
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

/** The columns an entry sets (ratings as halves), each with the spec's name for it. */
const FIELDS = [
  ['name', 'name'],
  ['year', 'year'],
  ['description', 'description'],
  ['star_description_a', 'starDescriptionA'],
  ['star_rating_a', 'starRatingA'],
  ['star_description_b', 'starDescriptionB'],
  ['star_rating_b', 'starRatingB'],
  ['runtime', 'runtime'],
] as const;

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

/** The spec's names of the fields an entry would change in a stored movie. */
function changedFields(row: MovieRow, movie: Movie): string[] {
  const next = columnsOf(movie);
  return FIELDS.filter(([column]) => row[column] !== next[column]).map(([, field]) => field);
}

/** What an entry does to its movie's poster: keep the stored one, point at a demo poster, or draw a placeholder. */
function posterPlan(row: MovieRow | undefined, imageURL: string): 'keep' | 'static' | 'placeholder' {
  if (row !== undefined && posterOf(row).src === imageURL) return 'keep';
  if (STATIC_POSTERS.has(imageURL)) return 'static';
  // A movie already here keeps its poster; only a movie without one gets a placeholder.
  if (row !== undefined && (row.poster_key !== null || row.poster_static !== null)) return 'keep';
  return 'placeholder';
}

/** Everything an import needs, computed from the file and the database (nothing written). */
export type ImportPlan = {
  preview: ImportPreview;
  boards: FileBoard[];
  /** One entry per movie id: the last entry of the file for that id wins (entries must agree). */
  movies: Map<string, Movie>;
  existing: Map<string, MovieRow>;
  /** Movies that get a generated placeholder poster, in file order. */
  placeholders: Movie[];
};

async function plan(db: Executor, file: ImportFile, publishAll: boolean): Promise<ImportPlan> {
  const { boards, problems } = boardsOfFile(file);
  const years = new Set<number>();
  const movies = new Map<string, Movie>();
  const yearsOf = new Map<string, number[]>();
  for (const board of boards) {
    if (years.has(board.year)) problems.push(`Board ${board.year} is in the file twice.`);
    years.add(board.year);
    problems.push(...boardProblems(board, publishAll ? 'published' : board.status, publishAll));
    for (const movie of board.squares) {
      if (movie === null) continue;
      const seen = movies.get(movie.id);
      if (seen !== undefined && JSON.stringify(seen) !== JSON.stringify(movie)) {
        problems.push(`Movie ${movie.id} is in the file twice with different fields.`);
      }
      movies.set(movie.id, movie);
      yearsOf.set(movie.id, [...(yearsOf.get(movie.id) ?? []), board.year]);
    }
  }
  const repository = createBoardRepository(db);
  const existing = new Map((await repository.movies([...movies.keys()])).map((row) => [row.id, row]));
  const current = new Map((await repository.allBoards()).map((entry) => [entry.board.year, entry]));
  const movieRows: ImportPreview['movies'] = [...movies.values()].map((movie) => {
    const row = existing.get(movie.id);
    const fields = row === undefined ? [] : changedFields(row, movie);
    if (row !== undefined && posterPlan(row, movie.imageURL) !== 'keep') fields.push('imageURL');
    const change = row === undefined ? 'new' : fields.length > 0 ? 'changed' : 'unchanged';
    return { id: movie.id, name: movie.name.trim(), change, changedFields: fields, years: yearsOf.get(movie.id) ?? [] };
  });
  const changeOf = new Map(movieRows.map((movie) => [movie.id, movie.change]));
  const previewBoards: ImportPreview['boards'] = boards.map((board) => {
    const now = current.get(board.year);
    const status: BoardStatus = publishAll ? 'published' : board.status;
    let moviesAdded = 0;
    let moviesChanged = 0;
    let placeholders = 0;
    for (const movie of board.squares) {
      if (movie === null) continue;
      const change = changeOf.get(movie.id);
      if (change === 'new') moviesAdded++;
      else if (change === 'changed') moviesChanged++;
      if (posterPlan(existing.get(movie.id), movie.imageURL) === 'placeholder') placeholders++;
    }
    const slotsDiffer = now === undefined || now.slots.some((id, position) => id !== (board.squares[position]?.id ?? null));
    const action =
      now === undefined ? 'create' : slotsDiffer || now.board.status !== status || moviesAdded + moviesChanged > 0 ? 'update' : 'unchanged';
    return {
      year: board.year,
      action,
      currentStatus: now?.board.status ?? null,
      status,
      moviesAdded,
      moviesChanged,
      placeholders,
      emptySquares: emptySquares(board.squares.map((movie) => movie?.id ?? null)),
    };
  });
  const overwritesPublished = previewBoards.some((board) => board.currentStatus === 'published' && board.action === 'update');
  const placeholders = [...movies.values()].filter((movie) => posterPlan(existing.get(movie.id), movie.imageURL) === 'placeholder');
  return {
    preview: { boards: previewBoards, movies: movieRows, overwritesPublished, problems },
    boards,
    movies,
    existing,
    placeholders,
  };
}

/** Why `planned` may not be applied: problems (400) or a published year without the overwrite confirm (409). */
function refusal(preview: ImportPreview, overwritePublished: boolean): Error | undefined {
  if (preview.problems.length > 0) {
    return validationFailed(
      `The file cannot be imported: ${preview.problems[0] ?? ''}${preview.problems.length > 1 ? ` (and ${preview.problems.length - 1} more problems)` : ''}`,
      preview.problems.map((message) => ({ path: 'file', message })),
    );
  }
  if (preview.overwritesPublished && !overwritePublished) {
    const years = preview.boards
      .filter((board) => board.currentStatus === 'published' && board.action === 'update')
      .map((board) => board.year);
    return conflict(`The file changes published boards (${years.join(', ')}): confirm to overwrite them.`);
  }
  return undefined;
}

export type ImportOptions = { overwritePublished: boolean; publish: boolean };

/** Progress of the work after the checks: placeholder posters drawn (of all to draw), then the boards saved. */
export type ImportProgress = { phase: 'posters' | 'saving'; done: number; total: number };

export type ImportHooks = {
  /** Stops the import between two posters (it then writes nothing); the signal's reason is thrown. */
  signal?: AbortSignal;
  /** Called outside the transaction only (a PGlite database has one connection, which the transaction holds). */
  onProgress?: (progress: ImportProgress) => Promise<void>;
  /** The transaction's last step, with the result: a job records that it is done in the same commit. */
  beforeCommit?: (trx: Executor, result: ImportPreview) => Promise<void>;
};

/** A prepared import: its file, options and plan, checked and ready to write. */
export type PreparedImport = { file: ImportFile; options: ImportOptions; planned: ImportPlan };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Whether two plans of the same file would write the same rows and posters. */
function samePlan(a: ImportPlan, b: ImportPlan): boolean {
  const ids = (plan: ImportPlan) => plan.placeholders.map((movie) => movie.id).join(',');
  return JSON.stringify(a.preview) === JSON.stringify(b.preview) && ids(a) === ids(b);
}

export function createBoardImport(db: Db, storage: MediaStorage, log: FastifyBaseLogger) {
  /** Checks `file` whole: throws 400 (problems) or 409 (a published year without `overwritePublished`). */
  async function prepare(file: ImportFile, options: ImportOptions): Promise<PreparedImport> {
    const planned = await plan(db, file, options.publish);
    const refused = refusal(planned.preview, options.overwritePublished);
    if (refused !== undefined) throw refused;
    return { file, options, planned };
  }

  /** Writes a prepared import: posters first (recorded as pending media), then every row in one transaction. */
  async function write({ file, options, planned }: PreparedImport, hooks: ImportHooks = {}): Promise<ImportPreview> {
    const { signal, onProgress, beforeCommit } = hooks;
    // Each placeholder's keys are recorded before its files exist and the records are dropped in
    // the transaction: a failure removes the files below, a process that dies leaves records the
    // media sweep removes (clips/pending-media.ts). Either way no poster of a failed import stays.
    const batch = beginPendingBatch(db, log);
    const drawn = new Map<string, StoredPoster>();
    let written: ImportPlan;
    try {
      const total = planned.placeholders.length;
      await onProgress?.({ phase: 'posters', done: 0, total });
      for (const [index, movie] of planned.placeholders.entries()) {
        signal?.throwIfAborted();
        const prefix = newPosterPrefix();
        await batch.add(posterMediaKeys(prefix, POSTER_WIDTHS));
        drawn.set(movie.id, await storePlaceholderPoster(storage, movie.name.trim(), movie.year, prefix));
        await onProgress?.({ phase: 'posters', done: index + 1, total });
      }
      signal?.throwIfAborted();
      await onProgress?.({ phase: 'saving', done: total, total });
      written = await db.transaction().execute(async (trx) => {
        const years = planned.boards.map((board) => board.year);
        // The file's boards are locked against the editor (its writes take the same row locks),
        // then the plan is made again: anything changed since the check refuses the import whole.
        await createBoardRepository(trx).lockBoards(years);
        const again = await plan(trx, file, options.publish);
        if (!samePlan(planned, again)) {
          throw conflict('The boards or movies changed while the file was being imported, so nothing was imported: check the file again.');
        }
        await writeRows(trx, again, drawn);
        await batch.commit(trx);
        await beforeCommit?.(trx, again.preview);
        return again;
      });
    } catch (error) {
      await removeBatchFiles(batch, storage, log);
      throw error;
    } finally {
      batch.end();
    }
    // Posters replaced by this import's placeholders or demo posters: best effort, the import is committed.
    for (const movie of written.movies.values()) {
      const row = written.existing.get(movie.id);
      if (row === undefined || posterPlan(row, movie.imageURL) === 'keep') continue;
      await removePosterFiles(storage, row.poster_key, row.poster_widths).catch((error: unknown) =>
        log.warn({ err: error, movieId: movie.id }, 'could not remove a replaced poster; the start-up media sweep will'),
      );
    }
    return written.preview;
  }

  return {
    /** Every board (drafts too, oldest first) in the specification's movie-list format; an empty square is null. */
    async exportFile(now: Date): Promise<BoardsFile> {
      const repository = createBoardRepository(db);
      const all = (await repository.allBoards()).reverse();
      const rows = new Map(
        (await repository.movies(all.flatMap(({ slots }) => slots.filter((id): id is string => id !== null)))).map((row) => [row.id, row]),
      );
      return {
        format: 'mingo-boards',
        version: 1,
        exportedAt: now.toISOString(),
        boards: all.map(({ board }) => ({ year: board.year, status: board.status })),
        movies: all.flatMap(({ slots }) =>
          slots.map((id) => {
            const row = id === null ? undefined : rows.get(id);
            return row === undefined ? null : toSpecMovie(row);
          }),
        ),
      };
    },

    /** What importing `file` would do (with every year published when `publish`); writes nothing. */
    async preview(file: ImportFile, publish = false): Promise<ImportPreview> {
      return (await plan(db, file, publish)).preview;
    },

    prepare,

    write,

    /**
     * Imports `file`: movies added or updated (ids kept), boards created or replaced with the
     * file's squares and status (or published, with `publish`), all in one transaction.
     */
    async apply(file: ImportFile, options: ImportOptions, hooks?: ImportHooks): Promise<ImportPreview> {
      return write(await prepare(file, options), hooks);
    },
  };
}

/** The rows of an import, inside its transaction: new movies in batches, changed ones, then every board and its squares. */
async function writeRows(trx: Executor, planned: ImportPlan, drawn: ReadonlyMap<string, StoredPoster>): Promise<void> {
  const boards = createBoardRepository(trx);
  const inserts: Insertable<MoviesTable>[] = [];
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
    if (row === undefined) inserts.push({ id: movie.id, ...values });
    else if (changedFields(row, movie).length > 0 || poster !== 'keep') {
      await boards.updateMovie(movie.id, { ...values, updated_at: new Date() });
    }
  }
  for (const chunk of chunks(inserts, INSERT_CHUNK)) await boards.insertMovies(chunk);

  const written = planned.boards.filter((_, index) => planned.preview.boards[index]?.action !== 'unchanged');
  if (written.length === 0) return;
  const now = new Date();
  const statusOf = new Map(planned.preview.boards.map((board) => [board.year, board.status]));
  await boards.upsertBoards(
    written.map((board) => ({ year: board.year, status: statusOf.get(board.year) ?? 'draft' })),
    now,
  );
  const years = written.map((board) => board.year);
  await boards.deleteSlotsOf(years);
  const slots = written.flatMap((board) =>
    board.squares.map((movie, position) => ({ board_year: board.year, position, movie_id: movie?.id ?? null })),
  );
  for (const chunk of chunks(slots, INSERT_CHUNK * 2)) await boards.insertSlots(chunk);
}

export type BoardImport = ReturnType<typeof createBoardImport>;
