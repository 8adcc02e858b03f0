import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  applyImport,
  BOARD_LIMITS,
  createBoard,
  createMovie,
  deleteBoard,
  exportBoards,
  getTmdbMovie,
  getBoard,
  IMPORT_NOT_FOUND,
  getBoardEditor,
  getImportJob,
  getLatestImportJob,
  listBoards,
  movieListFile,
  POSTER_FIELD,
  previewImport,
  publishBoard,
  removeMoviePoster,
  replaceMoviePoster,
  searchMovies,
  searchTmdb,
  unpublishBoard,
  updateBoardSlots,
  updateMovie,
} from '../../shared/boards';
import { notFound, validationFailed } from '../../shared/errors';
import { createBoardImport } from '../boards/board-import';
import { createImportJobs } from '../boards/board-import-jobs';
import { createBoardService } from '../boards/board-service';
import { demoPosterRasters } from '../boards/posters';
import { createTmdbClient } from '../boards/tmdb';
import type { RouteOptions } from '../context';
import { formParts } from '../form-parts';
import { route } from '../route';

/** Reads a poster upload: exactly one file, in the "poster" field, and nothing else. */
async function readPoster(request: FastifyRequest): Promise<Buffer> {
  let poster: Buffer | undefined;
  for await (const part of formParts(request)) {
    if (part.type !== 'file') throw validationFailed(`Unexpected field "${part.fieldname}": only a poster file is accepted.`);
    if (part.fieldname !== POSTER_FIELD || poster !== undefined) {
      part.file.resume();
      throw validationFailed(`Unexpected file field "${part.fieldname}": send one picture in the "${POSTER_FIELD}" field.`);
    }
    poster = await part.toBuffer();
  }
  if (poster === undefined || poster.length === 0) throw validationFailed(`Choose a picture to upload in the "${POSTER_FIELD}" field.`);
  return poster;
}

/**
 * Living boards (decision 150): the public reads of published boards (cached under the `boards`
 * tag, dropped on every instance by the tables' triggers), the movie list in the specification's
 * format, and the admins' board editor.
 */
export const boardRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { fileSize: BOARD_LIMITS.posterMaxBytes, files: 1, fields: 0, parts: 2 },
    });
  }
  // The seeded movies' demo posters, rasterised by the build, are offered as <picture> sources.
  const boards = createBoardService(ctx.database.db, ctx.storage, { demoRasters: demoPosterRasters(ctx.config.staticDir) });
  const transfer = createBoardImport(ctx.database.db, ctx.storage, app.log);
  const { publicCache } = ctx;
  // Imports run in the background (decision 194); closing the app stops one (it writes nothing).
  const imports = createImportJobs({
    db: ctx.database.db,
    transfer,
    log: app.log,
    alone: ctx.database.kind === 'pglite',
    onCommitted: () => publicCache.invalidate('boards'),
  });
  app.addHook('preClose', () => imports.stop());
  const tmdbClient = ctx.config.tmdb === undefined ? undefined : createTmdbClient(ctx.config.tmdb, ctx.config.tmdb.timeoutMs);
  const tmdb = () => {
    if (tmdbClient === undefined) throw notFound('TMDB look-up is not configured (TMDB_API_KEY): fill in the movie by hand.');
    return tmdbClient;
  };
  const cached = { store: publicCache, tag: 'boards' } as const;
  const admin = { access: 'admin' } as const;
  // Every instance drops its cached boards when the database's notice arrives (after the commit);
  // the instance that wrote also drops them before it answers, so an admin who publishes and then
  // reloads the site sees the change at once, even on a PostgreSQL listener's slowest day.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') publicCache.invalidate('boards');
    return payload;
  });

  route(app, listBoards, { access: 'public', cache: cached }, () => boards.listPublished());

  route(app, getBoard, { access: 'public', cache: cached }, ({ params: { year } }) => boards.getPublished(year));

  route(app, movieListFile, { access: 'public' }, async ({ request, reply }) => {
    const file = await publicCache.remember('boards', 'movielist.json', async () => {
      const bytes = Buffer.from(JSON.stringify(await boards.movieList()));
      return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
    });
    reply.header('cache-control', 'no-cache').header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(file.bytes);
  });

  route(app, getBoardEditor, admin, () => boards.editorState(ctx.config.tmdb !== undefined));

  route(app, createBoard, admin, async ({ body: { year }, request }) => {
    const board = await boards.createBoard(year);
    request.log.info({ year }, 'board created');
    return board;
  });

  route(app, updateBoardSlots, admin, ({ params: { year }, body: { slots } }) => boards.updateSlots(year, slots));

  route(app, publishBoard, admin, async ({ params: { year }, request }) => {
    const board = await boards.publish(year);
    request.log.info({ year }, 'board published');
    return board;
  });

  route(app, unpublishBoard, admin, async ({ params: { year }, request }) => {
    const board = await boards.unpublish(year);
    request.log.info({ year }, 'board unpublished');
    return board;
  });

  route(app, deleteBoard, admin, async ({ params: { year }, request }) => {
    await boards.deleteBoard(year);
    request.log.info({ year }, 'board deleted');
    return undefined;
  });

  route(app, searchMovies, admin, async ({ query: { q, limit } }) => ({ items: await boards.searchMovies(q, limit) }));

  route(app, createMovie, admin, async ({ body, request }) => {
    const movie = await boards.createMovie(body);
    request.log.info({ movieId: movie.id }, 'movie created');
    return movie;
  });

  route(app, updateMovie, admin, ({ params: { id }, body }) => boards.updateMovie(id, body));

  route(app, replaceMoviePoster, admin, async ({ params: { id }, body, request }) => {
    if (body !== undefined) {
      const client = tmdb();
      return boards.uploadPoster(id, await client.poster(body.tmdbId));
    }
    return boards.uploadPoster(id, await readPoster(request));
  });

  route(app, removeMoviePoster, admin, ({ params: { id } }) => boards.removePoster(id));

  route(app, exportBoards, admin, async ({ reply }) => {
    const now = new Date();
    reply.header('content-disposition', `attachment; filename="mingo-boards-${now.toISOString().slice(0, 10)}.json"`);
    return transfer.exportFile(now);
  });

  // An import file of many years is larger than the app's 1 MB body limit.
  const importLimit = { bodyLimit: BOARD_LIMITS.importMaxBytes + 64 * 1024 };
  route(app, previewImport, { ...admin, ...importLimit }, ({ body, query }) => transfer.preview(body, query.publish));

  route(app, applyImport, { ...admin, ...importLimit }, async ({ body, request }) => {
    const job = await imports.start(body.file, { overwritePublished: body.overwritePublished, publish: body.publish });
    request.log.info({ jobId: job.id, years: job.years }, 'boards import started');
    return job;
  });

  route(app, getLatestImportJob, admin, async () => ({ job: await imports.latest() }));

  route(app, getImportJob, admin, async ({ params: { id } }) => {
    const job = await imports.get(id);
    if (job === undefined) throw notFound(IMPORT_NOT_FOUND);
    return job;
  });

  route(app, searchTmdb, admin, async ({ query }) => ({ items: await tmdb().search(query.query, query.year) }));

  route(app, getTmdbMovie, admin, ({ params: { tmdbId } }) => tmdb().movie(tmdbId));
};
