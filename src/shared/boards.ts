import { z } from 'zod';
import { BOARD_SIZE } from '../domain/boards';
import { MovieSchema } from './content';
import { BODY_LIMITS, endpoint, rawResponse } from './contract';
import { safeText, singleLineText } from './text';

// The living boards' HTTP contract (decision 150): public reads of the published boards, and the
// admins' board editor (boards, movies, posters, TMDB look-up, import and export). Movies travel
// in the specification's Movie fields; a poster adds its renditions.

/**
 * The last year of a board and of a movie: one limit, because a board's Free Space is a movie of
 * the board's year (a board the movies' limit refused could be made but never exported and
 * imported again). A share code could hold years up to 2255.
 */
const LAST_YEAR = 2100;

/** Limits shared by the board editor's forms and the server. */
export const BOARD_LIMITS = {
  /** Share codes hold a board's year in one byte above 2000 (domain/share-code.ts). */
  yearMin: 2000,
  yearMax: LAST_YEAR,
  /** A movie's own (release) year. */
  movieYearMin: 1888,
  movieYearMax: LAST_YEAR,
  nameMax: 120,
  descriptionMax: 2000,
  starDescriptionMax: 60,
  runtimeMax: 600,
  searchMax: 100,
  searchResultsMax: 50,
  posterMaxBytes: 10 * 1024 * 1024,
  /** An export of many years of boards is ~100 KB; this leaves room for decades. */
  importMaxBytes: 2 * 1024 * 1024,
  importBoardsMax: 200,
} as const;

/** Poster files the server accepts (checked by content; EXIF and other metadata are stripped). */
export const POSTER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** The multipart field of a poster upload. */
export const POSTER_FIELD = 'poster';

export const BoardYearSchema = z.coerce
  .number({ error: 'The year must be a number.' })
  .int('The year must be a whole number.')
  .min(BOARD_LIMITS.yearMin, `Boards start in ${BOARD_LIMITS.yearMin}.`)
  .max(BOARD_LIMITS.yearMax, `Boards end in ${BOARD_LIMITS.yearMax}.`);

export const BoardYearParamsSchema = z.object({ year: BoardYearSchema });

/** Movie ids are kept from movielist.json (`2018-black-panther`); new ones are made the same way. */
export const MOVIE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
export const MovieIdSchema = z.string().regex(MOVIE_ID_PATTERN, 'Not a movie id.');
export const MovieIdParamsSchema = z.object({ id: MovieIdSchema });

/** The answers (404) for a board, a movie and an import that do not exist: the routes and the server's checks say the same. */
export const BOARD_NOT_FOUND = 'There is no board for this year.';
export const MOVIE_NOT_FOUND = 'There is no such movie.';
export const IMPORT_NOT_FOUND = 'There is no such import.';

// A malformed year or movie id names nothing: answered like an unknown one (`paramsNotFound`).
const boardYearParams = { params: BoardYearParamsSchema, paramsNotFound: BOARD_NOT_FOUND };
const movieIdParams = { params: MovieIdParamsSchema, paramsNotFound: MOVIE_NOT_FOUND };

export const BoardStatusSchema = z.enum(['draft', 'published']);
export type BoardStatus = z.infer<typeof BoardStatusSchema>;

/**
 * A poster's renditions. `src` is what every browser shows (a WebP, also the spec's imageURL);
 * `sources` are `<source>` candidates, best format first (AVIF, then WebP), each a srcset with
 * width descriptors. Posters are 2:3.
 */
export const PosterSchema = z.object({
  src: z.string(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
  /** A generated placeholder (the movie has no real poster yet). */
  placeholder: z.boolean(),
});
export type Poster = z.infer<typeof PosterSchema>;

/** A movie as the public site shows it: the spec's fields (imageURL = poster.src) and the poster. */
export const BoardMovieSchema = MovieSchema.extend({ poster: PosterSchema });
export type BoardMovie = z.infer<typeof BoardMovieSchema>;

/** A published board: its year and its 25 movies in board order (M1, I1, N1 … O5; 12 is Free Space). */
export const PublicBoardSchema = z.object({
  year: z.number().int(),
  publishedAt: z.string(),
  movies: z.array(BoardMovieSchema).length(BOARD_SIZE),
});
export type PublicBoard = z.infer<typeof PublicBoardSchema>;

/** Every published board, newest year first. */
export const PublicBoardListSchema = z.object({ items: z.array(PublicBoardSchema) });
export type PublicBoardList = z.infer<typeof PublicBoardListSchema>;

export const listBoards = endpoint({
  method: 'GET',
  path: '/api/boards',
  summary: 'Every published board with its movies, newest year first.',
  tag: 'Boards',
  response: PublicBoardListSchema,
  extraResponses: [{ status: 304, description: 'Not modified (If-None-Match matched the ETag).' }],
});

export const getBoard = endpoint({
  method: 'GET',
  path: '/api/boards/:year',
  summary: 'One published board; drafts and unknown years answer 404.',
  tag: 'Boards',
  ...boardYearParams,
  response: PublicBoardSchema,
  errors: ['not_found'],
  extraResponses: [{ status: 304, description: 'Not modified (If-None-Match matched the ETag).' }],
});

// ——— The board editor (admins only) ———

const StarRatingInput = z
  .number({ error: 'Ratings are numbers from 0 to 5.' })
  .min(0, 'Ratings go from 0 to 5.')
  .max(5, 'Ratings go from 0 to 5.')
  .refine((value) => Number.isInteger(value * 2), { error: 'Ratings go in halves (0, 0.5, 1 … 5).' });

/** The fields an admin edits; every text is trimmed, one-line fields refuse line breaks. */
const movieFields = {
  name: singleLineText().trim().min(1, 'The title is required.').max(BOARD_LIMITS.nameMax),
  year: z
    .number({ error: 'The year must be a number.' })
    .int('The year must be a whole number.')
    .min(BOARD_LIMITS.movieYearMin, `The year must be ${BOARD_LIMITS.movieYearMin} or later.`)
    .max(BOARD_LIMITS.movieYearMax, `The year must be ${BOARD_LIMITS.movieYearMax} or earlier.`),
  description: safeText().trim().max(BOARD_LIMITS.descriptionMax),
  starDescriptionA: singleLineText().trim().max(BOARD_LIMITS.starDescriptionMax),
  starRatingA: StarRatingInput,
  starDescriptionB: singleLineText().trim().max(BOARD_LIMITS.starDescriptionMax),
  starRatingB: StarRatingInput,
  runtime: z
    .number({ error: 'The runtime must be a number of minutes.' })
    .int('The runtime is whole minutes.')
    .min(0, 'The runtime cannot be negative.')
    .max(BOARD_LIMITS.runtimeMax, `The runtime is at most ${BOARD_LIMITS.runtimeMax} minutes.`),
};

/** A new movie: the texts besides its title may be left out (empty). */
export const MovieFieldsSchema = z
  .object({
    ...movieFields,
    description: movieFields.description.default(''),
    starDescriptionA: movieFields.starDescriptionA.default(''),
    starDescriptionB: movieFields.starDescriptionB.default(''),
  })
  .strict();
export type MovieFields = z.output<typeof MovieFieldsSchema>;

/**
 * An edit: only the fields sent change. Built from the fields without their defaults, because
 * `.partial()` keeps a default, and a patch of the title alone would empty the description.
 */
export const MoviePatchSchema = z.object(movieFields).partial().strict();

/** A movie in the editor: what the public sees, plus where it is used and when it changed. */
export const EditorMovieSchema = BoardMovieSchema.extend({
  /** Years of the boards (drafts too) this movie sits on. */
  boards: z.array(z.number().int()),
  /** The centre square of a board (not searchable, not editable as a film). */
  freeSpace: z.boolean(),
  updatedAt: z.string(),
});
export type EditorMovie = z.infer<typeof EditorMovieSchema>;

/** A board in the editor: 25 slots of movie ids in board order (null = empty; 12 = its Free Space). */
export const EditorBoardSchema = z.object({
  year: z.number().int(),
  status: BoardStatusSchema,
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  slots: z.array(MovieIdSchema.nullable()).length(BOARD_SIZE),
});
export type EditorBoard = z.infer<typeof EditorBoardSchema>;

/** Everything the Boards page shows: every board (newest first), the movies they use, TMDB or not. */
export const BoardEditorStateSchema = z.object({
  boards: z.array(EditorBoardSchema),
  movies: z.array(EditorMovieSchema),
  /** Whether "Find on TMDB" is offered (TMDB_API_KEY is set). */
  tmdb: z.boolean(),
});
export type BoardEditorState = z.infer<typeof BoardEditorStateSchema>;

export const getBoardEditor = endpoint({
  method: 'GET',
  path: '/api/admin/boards',
  summary: 'Every board (drafts too), the movies on them, and whether TMDB look-up is configured (admins).',
  tag: 'Board editor',
  response: BoardEditorStateSchema,
});

export const createBoard = endpoint({
  method: 'POST',
  path: '/api/admin/boards',
  summary: 'A new draft board for a year: 24 empty squares and its Free Space in the centre (admins).',
  tag: 'Board editor',
  body: z.object({ year: BoardYearSchema }).strict(),
  response: EditorBoardSchema,
  status: 201,
  errors: ['conflict'],
});

/** A board's 25 squares in board order; position 12 must stay the board's own Free Space. */
export const BoardSlotsBodySchema = z
  .object({ slots: z.array(MovieIdSchema.nullable()).length(BOARD_SIZE, `A board has ${BOARD_SIZE} squares.`) })
  .strict()
  .refine((body) => {
    const ids = body.slots.filter((id) => id !== null);
    return new Set(ids).size === ids.length;
  }, 'A movie can be on a board only once.');

export const updateBoardSlots = endpoint({
  method: 'PUT',
  path: '/api/admin/boards/:year/slots',
  summary: "Sets a draft board's squares (assign, clear, reorder). Published boards are locked (admins).",
  tag: 'Board editor',
  ...boardYearParams,
  body: BoardSlotsBodySchema,
  response: EditorBoardSchema,
  errors: ['not_found', 'conflict'],
});

export const publishBoard = endpoint({
  method: 'POST',
  path: '/api/admin/boards/:year/publish',
  summary: 'Publishes a complete board: visitors see it at once (admins).',
  tag: 'Board editor',
  ...boardYearParams,
  response: EditorBoardSchema,
  errors: ['not_found', 'conflict'],
});

export const unpublishBoard = endpoint({
  method: 'POST',
  path: '/api/admin/boards/:year/unpublish',
  summary: 'Takes a board back to draft: visitors no longer see it (admins).',
  tag: 'Board editor',
  ...boardYearParams,
  response: EditorBoardSchema,
  errors: ['not_found'],
});

export const deleteBoard = endpoint({
  method: 'DELETE',
  path: '/api/admin/boards/:year',
  summary: 'Deletes a draft board (its movies stay). Published boards must be unpublished first (admins).',
  tag: 'Board editor',
  ...boardYearParams,
  // No content, as every 204 of the contract: the web client reads none (lib/api-client.ts).
  response: z.undefined(),
  status: 204,
  errors: ['not_found', 'conflict'],
});

export const MovieSearchQuerySchema = z
  .object({
    q: safeText().trim().max(BOARD_LIMITS.searchMax).default(''),
    limit: z.coerce.number().int().min(1).max(BOARD_LIMITS.searchResultsMax).default(20),
  })
  .strict();

export const searchMovies = endpoint({
  method: 'GET',
  path: '/api/admin/movies',
  summary: 'Movies whose title contains `q` (case-insensitive), Free Spaces left out (admins).',
  tag: 'Board editor',
  query: MovieSearchQuerySchema,
  response: z.object({ items: z.array(EditorMovieSchema) }),
});

export const createMovie = endpoint({
  method: 'POST',
  path: '/api/admin/movies',
  summary: 'A new movie with a generated placeholder poster; its id is made from its year and title (admins).',
  tag: 'Board editor',
  body: MovieFieldsSchema,
  response: EditorMovieSchema,
  status: 201,
});

export const updateMovie = endpoint({
  method: 'PATCH',
  path: '/api/admin/movies/:id',
  summary: 'Edits a movie (its id never changes); published boards show the change at once (admins).',
  tag: 'Board editor',
  ...movieIdParams,
  body: MoviePatchSchema,
  response: EditorMovieSchema,
  errors: ['not_found'],
});

/** A poster from TMDB instead of a file: the server downloads it from the configured image host. */
export const TmdbPosterBodySchema = z.object({ tmdbId: z.number().int().positive() }).strict();

export const replaceMoviePoster = endpoint({
  method: 'PUT',
  path: '/api/admin/movies/:id/poster',
  summary: `A movie's poster: a JPEG, PNG, WebP or AVIF file in the "${POSTER_FIELD}" field, or JSON { tmdbId } (admins).`,
  tag: 'Board editor',
  ...movieIdParams,
  body: TmdbPosterBodySchema,
  bodyFormat: 'multipart-or-json',
  response: EditorMovieSchema,
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type', 'service_unavailable'],
});

export const removeMoviePoster = endpoint({
  method: 'DELETE',
  path: '/api/admin/movies/:id/poster',
  summary: "Removes a movie's poster; it gets a generated placeholder again (admins).",
  tag: 'Board editor',
  ...movieIdParams,
  response: EditorMovieSchema,
  errors: ['not_found'],
});

// ——— TMDB look-up (admins; only with TMDB_API_KEY) ———

export const TmdbSearchQuerySchema = z
  .object({
    query: singleLineText().trim().min(1, 'Type a title to search for.').max(BOARD_LIMITS.searchMax),
    year: z.coerce.number().int().min(BOARD_LIMITS.movieYearMin).max(BOARD_LIMITS.movieYearMax).optional(),
  })
  .strict();

export const TmdbResultSchema = z.object({
  tmdbId: z.number().int(),
  title: z.string(),
  year: z.number().int().nullable(),
  overview: z.string(),
  hasPoster: z.boolean(),
});
export type TmdbResult = z.infer<typeof TmdbResultSchema>;

export const TmdbMovieSchema = TmdbResultSchema.extend({ runtime: z.number().int().nullable() });
export type TmdbMovie = z.infer<typeof TmdbMovieSchema>;

export const searchTmdb = endpoint({
  method: 'GET',
  path: '/api/admin/tmdb/search',
  summary: 'Searches TMDB by title (and year). 404 when TMDB is not configured, 503 when it does not answer (admins).',
  tag: 'Board editor',
  query: TmdbSearchQuerySchema,
  response: z.object({ items: z.array(TmdbResultSchema) }),
  errors: ['not_found', 'service_unavailable'],
});

export const getTmdbMovie = endpoint({
  method: 'GET',
  path: '/api/admin/tmdb/movies/:tmdbId',
  summary: "One TMDB movie's details (runtime included) to fill the movie form (admins).",
  tag: 'Board editor',
  params: z.object({ tmdbId: z.coerce.number().int().positive() }),
  paramsNotFound: 'There is no such TMDB movie.',
  response: TmdbMovieSchema,
  errors: ['not_found', 'service_unavailable'],
});

// ——— Import and export ———

/**
 * The export file: the specification's movie-list format (`movies`, 25 per board, boards in the
 * order of `boards`) plus each year's status. Every board is in it, drafts too: an empty square
 * of a draft is `null` (decision 194). Import also takes a plain movie list (an array in the
 * spec's format, like /data/movielist.json, where `null` is an empty square too): each group of 25
 * is one board whose year is the year of its centre entry (the Free Space).
 */
/** An entry of an import file: an empty imageURL is allowed (that movie gets a generated placeholder). */
const ImportMovieSchema = MovieSchema.extend({ imageURL: z.string() });
/** A square of an import file: a movie, or `null` for an empty square of a draft. */
const ImportSquareSchema = ImportMovieSchema.nullable();
const importSquares = () => z.array(ImportSquareSchema).max(BOARD_LIMITS.importBoardsMax * BOARD_SIZE);

export const BoardsFileSchema = z.object({
  format: z.literal('mingo-boards'),
  version: z.literal(1),
  exportedAt: z.string(),
  boards: z.array(z.object({ year: z.number().int(), status: BoardStatusSchema })).max(BOARD_LIMITS.importBoardsMax),
  movies: importSquares(),
});
export type BoardsFile = z.infer<typeof BoardsFileSchema>;

export const ImportFileSchema = z.union([BoardsFileSchema, importSquares()]);
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** The example file offered beside the import's file input: one draft board of fictional movies, one entry a line. */
export const IMPORT_TEMPLATE_PATH = '/data/mingo-board-template.json';

export const exportBoards = endpoint({
  method: 'GET',
  path: '/api/admin/boards/export',
  summary: 'Every board (drafts too; an empty square is null) as a movie-list file with each year’s status (admins).',
  tag: 'Board editor',
  response: BoardsFileSchema,
});

/** What a movie of the file does to the movie of that id here. */
export const MovieChangeSchema = z.enum(['new', 'changed', 'unchanged']);
export type MovieChange = z.infer<typeof MovieChangeSchema>;

/** What importing a file would do, board by board and movie by movie. Nothing is written by a preview. */
export const ImportPreviewSchema = z.object({
  boards: z.array(
    z.object({
      year: z.number().int(),
      /** create: a new year; update: the year exists and the file changes it; unchanged: nothing to do. */
      action: z.enum(['create', 'update', 'unchanged']),
      currentStatus: BoardStatusSchema.nullable(),
      /** The status after the import: the file's, or published for every year with `publish`. */
      status: BoardStatusSchema,
      moviesAdded: z.number().int(),
      moviesChanged: z.number().int(),
      /** Entries whose imageURL is empty or not a poster this site has: they get a placeholder. */
      placeholders: z.number().int(),
      /** The board's empty squares by name (M2, I2 …): only a draft may have them. */
      emptySquares: z.array(z.string()),
    }),
  ),
  /** Every movie of the file once, in file order: new here, changed (which fields), or unchanged. */
  movies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      change: MovieChangeSchema,
      /** The spec's field names that differ from the movie here (`imageURL` for a new poster). */
      changedFields: z.array(z.string()),
      /** The years of the file's boards the movie is on. */
      years: z.array(z.number().int()),
    }),
  ),
  /** The file would change a board that visitors see: apply needs `overwritePublished: true`. */
  overwritesPublished: z.boolean(),
  /** Problems that stop the import (a board without 25 entries, a bad rating …), one per line. */
  problems: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportPreviewQuerySchema = z
  .object({
    /** Preview with every year published, as "Publish every imported year" would import it. */
    publish: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict();

export const previewImport = endpoint({
  method: 'POST',
  path: '/api/admin/boards/import/preview',
  summary: 'What importing a movie-list file would add or change, per year and per movie; writes nothing (admins).',
  tag: 'Board editor',
  query: ImportPreviewQuerySchema,
  body: ImportFileSchema,
  maxBodyBytes: BODY_LIMITS.file,
  response: ImportPreviewSchema,
  errors: ['payload_too_large'],
});

/**
 * An import running in the background (decision 194): first its placeholder posters are drawn
 * (`done` of `total`), then its boards are saved in one transaction (`saving`). A job whose server
 * stopped is `failed`; a failed import wrote nothing.
 */
export const ImportJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['posters', 'saving', 'finished']),
  done: z.number().int(),
  total: z.number().int(),
  /** The years the file holds, in file order. */
  years: z.array(z.number().int()),
  publish: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** What the import did (once done): per year, as the preview said it (the per-movie list stays in the preview). */
  result: z.object({ boards: ImportPreviewSchema.shape.boards }).nullable(),
  /** Why it failed (once failed); nothing of it was imported. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportRequestSchema = z
  .object({
    file: ImportFileSchema,
    overwritePublished: z.boolean().default(false),
    /** Publish every imported year (a plain movie list has no statuses; they import as drafts). */
    publish: z.boolean().default(false),
  })
  .strict();

export const applyImport = endpoint({
  method: 'POST',
  path: '/api/admin/boards/import',
  summary:
    'Starts importing a movie-list file: checked at once (400, or 409 for a published year without overwritePublished ' +
    'or while another import runs), then imported in the background in one transaction; answers the job (admins).',
  tag: 'Board editor',
  body: ImportRequestSchema,
  maxBodyBytes: BODY_LIMITS.file,
  response: ImportJobSchema,
  status: 202,
  errors: ['conflict', 'payload_too_large'],
});

export const getLatestImportJob = endpoint({
  method: 'GET',
  path: '/api/admin/boards/import/jobs/latest',
  summary: 'The running import, or else the last one (null when there was none), so a reloaded page finds it again (admins).',
  tag: 'Board editor',
  response: z.object({ job: ImportJobSchema.nullable() }),
});

export const getImportJob = endpoint({
  method: 'GET',
  path: '/api/admin/boards/import/jobs/:id',
  summary: 'One import: its state and progress, and its result or error once finished (admins).',
  tag: 'Board editor',
  params: z.object({ id: z.uuid() }),
  paramsNotFound: IMPORT_NOT_FOUND,
  response: ImportJobSchema,
  errors: ['not_found'],
});

/** The movie list in the spec's format, served from the published boards (oldest year first). */
export const movieListFile = endpoint({
  method: 'GET',
  path: '/data/movielist.json',
  summary: 'The published boards in the specification’s movie-list format: 25 movies per year, oldest year first.',
  tag: 'Boards',
  response: rawResponse('The movie list (JSON array of Movie).', 'application/json'),
});
