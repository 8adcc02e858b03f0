import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardsFileSchema, ImportJobSchema, ImportPreviewSchema, PublicBoardListSchema, type BoardsFile } from '../../shared/boards';
import { MovieListSchema, type Movie } from '../../shared/content';
import { runBoardsCommand, UsageError } from '../cli/boards';
import { createStorage } from '../media/create-storage';
import { signedInAs } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { finished, startImport } from '../../../tests/support/import-jobs';

const seedFile = readFileSync('public/data/movielist.json', 'utf8');
/** What a finished import did (its job's `result`). */
const ImportResultSchema = ImportJobSchema.shape.result.unwrap();
const seed = MovieListSchema.parse(JSON.parse(seedFile));

/** A fictional board for `year`: 24 made-up movies around its Free Space. */
function fictionalBoard(year: number, imageURL = ''): Movie[] {
  return Array.from({ length: 25 }, (_, i) =>
    i === 12
      ? ({ ...seed[12], id: `${year}-free-space`, year, imageURL } as Movie)
      : {
          id: `${year}-the-quiet-lighthouse-${i + 1}`,
          name: `The Quiet Lighthouse ${i + 1}`,
          year,
          description: 'A keeper and her lamp.',
          imageURL,
          starDescriptionA: "Rosa's take",
          starRatingA: 4,
          starDescriptionB: "Dev's take",
          starRatingB: 3.5,
          runtime: 90 + i,
        },
  );
}

/** The preview of a board the site does not have: 25 new movies as a draft, each with a placeholder poster. */
const newDraftBoard = (year: number) => ({
  year,
  action: 'create',
  currentStatus: null,
  status: 'draft',
  moviesAdded: 25,
  moviesChanged: 0,
  placeholders: 25,
  emptySquares: [],
});

describe('boards import and export', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInAs(t, 'admin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const exportFile = async (): Promise<BoardsFile> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/boards/export', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mingo-boards-\d{4}-\d\d-\d\d\.json"$/);
    return BoardsFileSchema.parse(response.json());
  };
  const preview = async (file: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boards/import/preview',
      headers: admin,
      payload: file as object,
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };
  /** Starts an import; a started one (202) is waited for and answers its job's result. */
  const apply = async (body: object) => {
    const response = await startImport(t.app, admin, body);
    if (response.statusCode !== 202) return { status: response.statusCode, body: response.json<unknown>() };
    const job = await finished(t, admin, ImportJobSchema.parse(response.json()).id);
    expect(job).toMatchObject({ state: 'done', error: null });
    return { status: response.statusCode, body: job.result };
  };
  const publicYears = async () =>
    PublicBoardListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/boards' })).json()).items.map((board) => board.year);
  const boardCount = async () => (await t.database.db.selectFrom('boards').select('year').execute()).length;

  it('exports every board in the spec’s movie-list format with its status, oldest first', async () => {
    const file = await exportFile();
    expect(file.format).toBe('mingo-boards');
    expect(file.boards).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => ({ year, status: 'published' })));
    expect(file.movies).toEqual(JSON.parse(seedFile));
  });

  it('round-trips: importing its own export changes nothing', async () => {
    const file = await exportFile();
    const { status, body } = await preview(file);
    expect(status).toBe(200);
    const result = ImportPreviewSchema.parse(body);
    expect(result.problems).toEqual([]);
    expect(result.overwritesPublished).toBe(false);
    expect(result.boards.every((board) => board.action === 'unchanged' && board.placeholders === 0)).toBe(true);
    const applied = await apply({ file });
    expect(applied.status).toBe(202);
    expect(await exportFile()).toEqual({ ...file, exportedAt: expect.any(String) as string });
  });

  it('previews a plain movie list as drafts: new years, new movies, placeholders for posters it does not have', async () => {
    const { status, body } = await preview([...fictionalBoard(2027), ...fictionalBoard(2028, '/somewhere/else.jpg')]);
    expect(status).toBe(200);
    const previewed = ImportPreviewSchema.parse(body);
    expect(previewed).toEqual({
      boards: [newDraftBoard(2027), newDraftBoard(2028)],
      movies: expect.any(Array) as unknown[],
      overwritesPublished: false,
      problems: [],
    });
    expect(previewed.movies).toHaveLength(50);
    expect(previewed.movies[0]).toEqual({
      id: '2027-the-quiet-lighthouse-1',
      name: 'The Quiet Lighthouse 1',
      change: 'new',
      changedFields: [],
      years: [2027],
    });
    expect(previewed.movies.every((movie) => movie.change === 'new')).toBe(true);
    expect(await boardCount()).toBe(8);
  });

  it('imports a plain movie list and publishes it on request; a demo poster the site has is kept', async () => {
    const board = fictionalBoard(2027).map((movie, i) => (i === 0 ? { ...movie, imageURL: '/posters/2018-roma.svg' } : movie));
    const { status, body } = await apply({ file: board, publish: true });
    expect(status).toBe(202);
    expect(ImportResultSchema.parse(body).boards[0]).toMatchObject({
      year: 2027,
      action: 'create',
      status: 'published',
      placeholders: 24,
    });
    expect((await publicYears())[0]).toBe(2027);
    const list = MovieListSchema.parse((await t.app.inject({ method: 'GET', url: '/data/movielist.json' })).json());
    expect(list.slice(200).map((movie) => movie.id)).toEqual(board.map((movie) => movie.id));
    expect(list[200]?.imageURL).toBe('/posters/2018-roma.svg');
    expect(list[201]?.imageURL).toMatch(/^\/media\/poster-.*\.webp$/);
  });

  it('refuses to change a published year without overwritePublished (409), and does with it', async () => {
    const changed = fictionalBoard(2027).map((movie, i) =>
      i === 0 ? { ...movie, imageURL: '/posters/2018-roma.svg', runtime: 1 } : movie,
    );
    const previewed = ImportPreviewSchema.parse((await preview(changed)).body);
    expect(previewed.overwritesPublished).toBe(true);
    // The preview names the movie that changes and how.
    expect(previewed.movies.filter((movie) => movie.change !== 'unchanged')).toEqual([
      { id: '2027-the-quiet-lighthouse-1', name: 'The Quiet Lighthouse 1', change: 'changed', changedFields: ['runtime'], years: [2027] },
    ]);
    expect(previewed.boards[0]).toMatchObject({
      action: 'update',
      currentStatus: 'published',
      status: 'draft',
      moviesChanged: 1,
      placeholders: 0,
    });
    const refused = await apply({ file: changed });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'conflict', message: 'The file changes published boards (2027): confirm to overwrite them.' },
    });
    expect(await publicYears()).toContain(2027);
    const accepted = await apply({ file: changed, overwritePublished: true });
    expect(accepted.status).toBe(202);
    // A plain list imports as drafts: the year leaves the public site until it is published again.
    expect(await publicYears()).not.toContain(2027);
  });

  it('lists every problem of a bad file and writes nothing, not even its good boards', async () => {
    const bad = [
      ...fictionalBoard(2029),
      ...fictionalBoard(2030).map((movie, i) =>
        i === 3 ? { ...movie, name: 'x'.repeat(121) } : i === 5 ? { ...movie, runtime: 601 } : movie,
      ),
    ];
    const previewed = ImportPreviewSchema.parse((await preview(bad)).body);
    expect(previewed.problems).toHaveLength(2);
    expect(previewed.problems[0]).toMatch(/^Board 2030, entry 4 \(2030-the-quiet-lighthouse-4\): name: /);
    expect(previewed.problems[1]).toBe('Board 2030, entry 6 (2030-the-quiet-lighthouse-6): runtime: The runtime is at most 600 minutes.');
    const before = await exportFile();
    const refused = await apply({ file: bad, publish: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { code: 'validation_failed', message: expect.stringContaining('Board 2030, entry 4') as string },
    });
    expect(await exportFile()).toEqual({ ...before, exportedAt: expect.any(String) as string });
    const movies = await t.database.db.selectFrom('movies').select('id').where('id', 'like', '2029-%').execute();
    expect(movies).toEqual([]);
  });

  it('previews the template offered beside the file input as one new draft board, without problems', async () => {
    const template: unknown = JSON.parse(readFileSync('public/data/mingo-board-template.json', 'utf8'));
    const previewed = ImportPreviewSchema.parse((await preview(template)).body);
    expect(previewed.problems).toEqual([]);
    expect(previewed.boards).toEqual([newDraftBoard(2099)]);
  });

  it.each([
    ['an empty list', () => [], /The file holds no boards\./],
    ['a list that is not whole boards', () => fictionalBoard(2031).slice(1), /not a whole number of boards/],
    [
      'a centre that is not the Free Space',
      () => fictionalBoard(2031).map((movie, i) => (i === 12 ? { ...movie, id: 'x-1' } : movie)),
      /centre entry/,
    ],
    ['a year twice', () => [...fictionalBoard(2031), ...fictionalBoard(2031)], /in the file twice/],
    ['a year a share code cannot hold', () => fictionalBoard(1999), /boards are for years 2000–2100/],
    ['a year after the last movie year (issue 33)', () => fictionalBoard(2101), /Board 2101: boards are for years 2000–2100/],
    ['a movie twice on one board', () => fictionalBoard(2031).map((movie, i, all) => (i === 1 ? (all[0] as Movie) : movie)), /only once/],
    ['a control character', () => fictionalBoard(2031).map((movie, i) => (i === 1 ? { ...movie, name: 'Bell\u0007' } : movie)), /entry 2/],
  ])('reports %s as a problem', async (_, file, problem) => {
    const { status, body } = await preview(file());
    expect(status).toBe(200);
    expect(ImportPreviewSchema.parse(body).problems.join('\n')).toMatch(problem);
  });

  it('refuses files that are not movie lists (400) and bodies above the import limit (413)', async () => {
    expect((await preview({ format: 'other' })).status).toBe(400);
    expect((await preview([{ id: 'x' }])).status).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boards/import/preview',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `[${'"x",'.repeat(600_000)}"x"]`,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('exports drafts with empty squares as null and imports them back as drafts; publishing one incomplete is refused', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/boards', headers: admin, payload: { year: 2040 } })).statusCode).toBe(
      201,
    );
    const slots = Array.from({ length: 25 }, (_, i) => (i === 12 ? '2040-free-space' : i === 0 ? '2018-roma' : null));
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/boards/2040/slots', headers: admin, payload: { slots } });
    expect(put.statusCode).toBe(200);
    const file = await exportFile();
    expect(file.boards.find((board) => board.year === 2027)).toEqual({ year: 2027, status: 'draft' });
    const index = file.boards.findIndex((board) => board.year === 2040);
    expect(file.boards[index]).toEqual({ year: 2040, status: 'draft' });
    expect(file.movies).toHaveLength(file.boards.length * 25);
    const squares = file.movies.slice(index * 25, index * 25 + 25);
    expect(squares.map((movie) => movie?.id ?? null)).toEqual(slots);

    // Gone, then back from the export: the same draft, its empty squares empty.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/boards/2040', headers: admin })).statusCode).toBe(204);
    const previewed = ImportPreviewSchema.parse((await preview(file)).body);
    expect(previewed.problems).toEqual([]);
    expect(previewed.boards.find((board) => board.year === 2040)).toMatchObject({
      action: 'create',
      status: 'draft',
      emptySquares: [
        'I1',
        'N1',
        'G1',
        'O1',
        'M2',
        'I2',
        'N2',
        'G2',
        'O2',
        'M3',
        'I3',
        'G3',
        'O3',
        'M4',
        'I4',
        'N4',
        'G4',
        'O4',
        'M5',
        'I5',
        'N5',
        'G5',
        'O5',
      ],
    });
    expect((await apply({ file })).status).toBe(202);
    expect(await exportFile()).toEqual({ ...file, exportedAt: expect.any(String) as string });
    expect(await publicYears()).not.toContain(2040);

    // Publishing it incomplete is refused, whether asked for or written in the file.
    const refused = await apply({ file, publish: true, overwritePublished: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Board 2040 cannot be published: its squares I1, N1');
    const withPublished = {
      ...file,
      boards: file.boards.map((board) => (board.year === 2040 ? { ...board, status: 'published' } : board)),
    };
    expect(ImportPreviewSchema.parse((await preview(withPublished)).body).problems).toEqual([
      expect.stringMatching(
        /^Board 2040 is published in the file but its squares I1, .* are empty: only a draft may have empty squares\.$/,
      ),
    ]);
    // The preview follows "Publish every imported year".
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boards/import/preview?publish=true',
      headers: admin,
      payload: fictionalBoard(2041),
    });
    expect(ImportPreviewSchema.parse(published.json()).boards).toMatchObject([{ year: 2041, status: 'published' }]);
  });

  it('refuses a plain movie list whose board has no Free Space to take its year from', async () => {
    const board: (Movie | null)[] = fictionalBoard(2042);
    board[12] = null;
    expect(ImportPreviewSchema.parse((await preview(board)).body).problems).toEqual([
      "Board 1 of the file: its centre entry (13th) is empty; a plain movie list takes each board's year from its Free Space.",
    ]);
  });

  describe('command line', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-boards-cli-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    const cli = (argv: string[]) =>
      runBoardsCommand({ database: t.database, storage: createStorage(t.config.storage) }, argv, new Date('2026-11-26T12:00:00Z'));

    it('exports the same file as the API', async () => {
      const printed = BoardsFileSchema.parse(JSON.parse(await cli(['export'])));
      expect(printed).toEqual({ ...(await exportFile()), exportedAt: '2026-11-26T12:00:00.000Z' });
    });

    it('imports a file, publishing with --publish, overwriting published years only with --overwrite-published', async () => {
      const file = path.join(dir, 'list.json');
      await writeFile(file, JSON.stringify(fictionalBoard(2032)));
      expect(await cli(['import', file, '--publish'])).toBe(
        `Imported ${file}:\n2032: create (published), 25 movies added, 0 changed, 25 placeholder posters`,
      );
      expect(await publicYears()).toContain(2032);
      await writeFile(file, JSON.stringify(fictionalBoard(2032).map((movie, i) => (i === 0 ? { ...movie, runtime: 2 } : movie))));
      await expect(cli(['import', file])).rejects.toThrow('The file changes published boards (2032)');
      expect(await cli(['import', file, '--publish', '--overwrite-published'])).toContain(
        '2032: update (published), 0 movies added, 1 changed',
      );
    });

    it('explains bad usage', async () => {
      await expect(cli([])).rejects.toThrow(UsageError);
      await expect(cli(['import'])).rejects.toThrow('Name the file to import.');
      await expect(cli(['publish'])).rejects.toThrow('Unknown command: publish');
      const notJson = path.join(dir, 'bad.json');
      await writeFile(notJson, 'nope');
      await expect(cli(['import', notJson])).rejects.toThrow(`${notJson} is not JSON.`);
    });
  });
});
