import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyImport,
  BOARD_LIMITS,
  BoardSlotsBodySchema,
  BoardsFileSchema,
  BoardYearParamsSchema,
  BoardYearSchema,
  createBoard,
  getTmdbMovie,
  ImportFileSchema,
  ImportPreviewQuerySchema,
  IMPORT_TEMPLATE_PATH,
  MOVIE_ID_PATTERN,
  MovieFieldsSchema,
  MovieIdSchema,
  MoviePatchSchema,
  MovieSearchQuerySchema,
  POSTER_FIELD,
  POSTER_TYPES,
  PublicBoardSchema,
  TmdbPosterBodySchema,
  TmdbSearchQuerySchema,
} from './boards';
import { MovieSchema } from './content';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const fields = {
  name: 'The Fictional Film',
  year: 2026,
  description: 'A made-up story.',
  starDescriptionA: 'Critics',
  starRatingA: 4.5,
  starDescriptionB: 'Fans',
  starRatingB: 3,
  runtime: 101,
};

describe('limits', () => {
  // The other limits are checked at their bounds where they apply, in the schemas' tests below.
  it('take posters of up to 10 MB and import files of up to 2 MB (the server and the forms check them)', () => {
    expect(BOARD_LIMITS.posterMaxBytes).toBe(10 * 1024 * 1024);
    expect(BOARD_LIMITS.importMaxBytes).toBe(2 * 1024 * 1024);
  });

  it('name the poster types and the form field a poster comes in', () => {
    expect(POSTER_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
    expect(POSTER_FIELD).toBe('poster');
  });
});

describe('board years', () => {
  it.each([
    ['2026', 2026, []],
    [2000, 2000, []],
    [2100, 2100, []],
    [1999, undefined, [['', 'Boards start in 2000.']]],
    [2101, undefined, [['', 'Boards end in 2100.']]],
    [2255, undefined, [['', 'Boards end in 2100.']]],
    ['2026.5', undefined, [['', 'The year must be a whole number.']]],
    ['soon', undefined, [['', 'The year must be a number.']]],
  ])('%j → %s', (input, year, problems) => {
    const result = BoardYearSchema.safeParse(input);
    expect(messages(result)).toEqual(problems);
    if (year !== undefined) expect(result.data).toBe(year);
  });

  it('ends where movie years end: a board’s Free Space is a movie of its year (issue 33)', () => {
    for (const year of [BOARD_LIMITS.yearMin, 2100]) {
      expect(BoardYearSchema.safeParse(year).success, String(year)).toBe(true);
      expect(MovieFieldsSchema.safeParse({ ...fields, year }).success, String(year)).toBe(true);
    }
    expect(BoardYearSchema.safeParse(2101).success).toBe(false);
    expect(MovieFieldsSchema.safeParse({ ...fields, year: 2101 }).success).toBe(false);
    expect(BOARD_LIMITS.yearMax).toBe(BOARD_LIMITS.movieYearMax);
  });

  it('reads a year from the path', () => {
    expect(BoardYearParamsSchema.parse({ year: '2025' })).toEqual({ year: 2025 });
    expect(createBoard.body?.safeParse({ year: 2026, extra: 1 }).success).toBe(false);
  });
});

describe('movie ids', () => {
  it.each([
    ['2018-black-panther', true],
    ['a', true],
    ['0', true],
    ['a'.repeat(100), true],
    ['a'.repeat(101), false],
    ['-leading-dash', false],
    ['Upper', false],
    ['with space', false],
    ['under_score', false],
    ['', false],
    ['ok\n', false],
    ['x/../y', false],
  ])('%j → %s', (id, valid) => {
    expect(MOVIE_ID_PATTERN.test(id)).toBe(valid);
    expect(MovieIdSchema.safeParse(id).success).toBe(valid);
  });

  it('words a bad id', () => {
    expect(messages(MovieIdSchema.safeParse('Bad'))).toEqual([['', 'Not a movie id.']]);
  });
});

describe('movie fields', () => {
  it('trims texts and fills the optional ones', () => {
    expect(MovieFieldsSchema.parse({ ...fields, name: '  The Fictional Film ', description: ' x\ny ', starDescriptionA: ' A ' })).toEqual({
      ...fields,
      description: 'x\ny',
      starDescriptionA: 'A',
    });
    const { description: _d, starDescriptionA: _a, starDescriptionB: _b, ...required } = fields;
    expect(MovieFieldsSchema.parse(required)).toEqual({ ...required, description: '', starDescriptionA: '', starDescriptionB: '' });
  });

  it.each([
    [{ name: '  ' }, [['name', 'The title is required.']]],
    [{ name: 'x'.repeat(121) }, [['name', 'Too big: expected string to have <=120 characters']]],
    [{ name: 'Two\nlines' }, [['name', 'must be a single line']]],
    [{ year: 1887 }, [['year', 'The year must be 1888 or later.']]],
    [{ year: 2101 }, [['year', 'The year must be 2100 or earlier.']]],
    [{ year: 2000.5 }, [['year', 'The year must be a whole number.']]],
    [{ year: '2000' }, [['year', 'The year must be a number.']]],
    [{ description: 'x'.repeat(2001) }, [['description', 'Too big: expected string to have <=2000 characters']]],
    [{ starDescriptionA: 'x'.repeat(61) }, [['starDescriptionA', 'Too big: expected string to have <=60 characters']]],
    [{ starDescriptionB: 'a\rb' }, [['starDescriptionB', 'must be a single line']]],
    [{ starRatingA: -0.5 }, [['starRatingA', 'Ratings go from 0 to 5.']]],
    [{ starRatingB: 5.5 }, [['starRatingB', 'Ratings go from 0 to 5.']]],
    [{ starRatingA: 2.25 }, [['starRatingA', 'Ratings go in halves (0, 0.5, 1 … 5).']]],
    [{ starRatingA: '3' }, [['starRatingA', 'Ratings are numbers from 0 to 5.']]],
    [{ runtime: -1 }, [['runtime', 'The runtime cannot be negative.']]],
    [{ runtime: 601 }, [['runtime', 'The runtime is at most 600 minutes.']]],
    [{ runtime: 90.5 }, [['runtime', 'The runtime is whole minutes.']]],
    [{ runtime: 'long' }, [['runtime', 'The runtime must be a number of minutes.']]],
    [{ poster: 'x' }, [['', 'Unrecognized key: "poster"']]],
  ])('%o → %o', (change, problems) => {
    expect(messages(MovieFieldsSchema.safeParse({ ...fields, ...change }))).toEqual(problems);
  });

  it.each([
    [{ name: 'x'.repeat(120), year: 1888, runtime: 600, starRatingA: 0, starRatingB: 5 }],
    [{ year: 2100, runtime: 0, description: 'x'.repeat(2000), starDescriptionA: 'x'.repeat(60) }],
  ])('takes the limits themselves: %o', (change) => {
    expect(MovieFieldsSchema.safeParse({ ...fields, ...change }).success).toBe(true);
  });

  it('patches any subset of the fields, nothing else', () => {
    expect(MoviePatchSchema.parse({})).toEqual({});
    expect(MoviePatchSchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
    expect(MoviePatchSchema.safeParse({ id: 'x' }).success).toBe(false);
    expect(messages(MoviePatchSchema.safeParse({ runtime: -1 }))).toEqual([['runtime', 'The runtime cannot be negative.']]);
  });
});

describe('board slots', () => {
  const empty = Array<string | null>(25).fill(null);

  it('takes 25 squares of distinct movies or nothing', () => {
    const slots = empty.map((_, index) => (index % 2 === 0 ? `movie-${index}` : null));
    expect(BoardSlotsBodySchema.parse({ slots })).toEqual({ slots });
  });

  it.each([
    [{ slots: empty.slice(1) }, [['slots', 'A board has 25 squares.']]],
    [{ slots: [...empty, null] }, [['slots', 'A board has 25 squares.']]],
    [{ slots: ['same', 'same', ...empty.slice(2)] }, [['', 'A movie can be on a board only once.']]],
    [{ slots: empty, extra: true }, [['', 'Unrecognized key: "extra"']]],
    [{ slots: ['Bad Id', ...empty.slice(1)] }, [['slots.0', 'Not a movie id.']]],
  ])('%#: refuses %o', (body, problems) => {
    expect(messages(BoardSlotsBodySchema.safeParse(body))).toEqual(problems);
  });
});

describe('movie search', () => {
  it.each([
    [{}, { q: '', limit: 20 }],
    [
      { q: '  dragon ', limit: '5' },
      { q: 'dragon', limit: 5 },
    ],
    [{ limit: '1' }, { q: '', limit: 1 }],
    [{ limit: '50' }, { q: '', limit: 50 }],
    [{ q: 'x'.repeat(100) }, { q: 'x'.repeat(100), limit: 20 }],
  ])('%o → %o', (query, parsed) => {
    expect(MovieSearchQuerySchema.parse(query)).toEqual(parsed);
  });

  it.each([{ limit: '0' }, { limit: '51' }, { limit: '2.5' }, { q: 'x'.repeat(101) }, { page: '1' }])('refuses %o', (query) => {
    expect(MovieSearchQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('TMDB', () => {
  it.each([
    [{ query: ' Dragon ' }, { query: 'Dragon' }],
    [
      { query: 'Dragon', year: '2010' },
      { query: 'Dragon', year: 2010 },
    ],
  ])('reads %o', (query, parsed) => {
    expect(TmdbSearchQuerySchema.parse(query)).toEqual(parsed);
  });

  it.each([
    [{ query: ' ' }, [['query', 'Type a title to search for.']]],
    [{ query: 'x'.repeat(101) }, [['query', 'Too big: expected string to have <=100 characters']]],
    [{ query: 'a', year: '1887' }, [['year', 'Too small: expected number to be >=1888']]],
    [{ query: 'a', year: '2101' }, [['year', 'Too big: expected number to be <=2100']]],
    [{ query: 'a', page: '2' }, [['', 'Unrecognized key: "page"']]],
  ])('refuses %o', (query, problems) => {
    expect(messages(TmdbSearchQuerySchema.safeParse(query))).toEqual(problems);
  });

  it('takes a poster by TMDB id, and a movie id from the path', () => {
    expect(TmdbPosterBodySchema.parse({ tmdbId: 7 })).toEqual({ tmdbId: 7 });
    expect(TmdbPosterBodySchema.safeParse({ tmdbId: 0 }).success).toBe(false);
    expect(TmdbPosterBodySchema.safeParse({ tmdbId: 7, url: 'x' }).success).toBe(false);
    expect(getTmdbMovie.params?.parse({ tmdbId: '12' })).toEqual({ tmdbId: 12 });
    expect(getTmdbMovie.params?.safeParse({ tmdbId: '-1' }).success).toBe(false);
  });
});

describe('import files', () => {
  const movie = MovieSchema.parse({ id: 'm', imageURL: '/x.svg', ...fields });

  it('takes an export file or a plain movie list; an empty imageURL is allowed', () => {
    const file = {
      format: 'mingo-boards',
      version: 1,
      exportedAt: 'now',
      boards: [{ year: 2026, status: 'draft' }],
      movies: [{ ...movie, imageURL: '' }],
    };
    expect(BoardsFileSchema.parse(file)).toEqual(file);
    expect(ImportFileSchema.parse(file)).toEqual(file);
    expect(ImportFileSchema.parse([movie])).toEqual([movie]);
    expect(ImportFileSchema.safeParse({ ...file, version: 2 }).success).toBe(false);
    expect(ImportFileSchema.safeParse({ ...file, format: 'other' }).success).toBe(false);
    expect(ImportFileSchema.safeParse({ ...file, boards: [{ year: 2026, status: 'archived' }] }).success).toBe(false);
  });

  it('bounds how many boards and movies one file brings', () => {
    const boards = Array.from({ length: 201 }, (_, index) => ({ year: 2000 + index, status: 'draft' }));
    const file = { format: 'mingo-boards', version: 1, exportedAt: 'now', boards, movies: [] };
    expect(BoardsFileSchema.safeParse(file).success).toBe(false);
    expect(BoardsFileSchema.safeParse({ ...file, boards: boards.slice(1) }).success).toBe(true);
    expect(ImportFileSchema.safeParse(Array(5001).fill(movie)).success).toBe(false);
    expect(ImportFileSchema.safeParse(Array(5000).fill(movie)).success).toBe(true);
  });

  it('applies as drafts unless told otherwise', () => {
    expect(applyImport.body?.parse({ file: [movie] })).toEqual({ file: [movie], overwritePublished: false, publish: false });
    expect(applyImport.body?.safeParse({ file: [movie], force: true }).success).toBe(false);
  });

  it('takes an empty square as null, in an export and in a plain movie list', () => {
    const file = {
      format: 'mingo-boards',
      version: 1,
      exportedAt: 'now',
      boards: [{ year: 2026, status: 'draft' }],
      movies: [movie, null],
    };
    expect(ImportFileSchema.parse(file)).toEqual(file);
    expect(ImportFileSchema.parse([null, movie])).toEqual([null, movie]);
    expect(ImportFileSchema.safeParse([undefined]).success).toBe(false);
    expect(ImportFileSchema.safeParse([{}]).success).toBe(false);
  });

  it('previews with every year published only when asked', () => {
    expect(ImportPreviewQuerySchema.parse({})).toEqual({ publish: false });
    expect(ImportPreviewQuerySchema.parse({ publish: 'true' })).toEqual({ publish: true });
    expect(ImportPreviewQuerySchema.parse({ publish: 'false' })).toEqual({ publish: false });
    expect(ImportPreviewQuerySchema.safeParse({ publish: '1' }).success).toBe(false);
    expect(ImportPreviewQuerySchema.safeParse({ publish: 'true', force: 'true' }).success).toBe(false);
  });

  it('offers a template: one board of 25 fictional movies, one a line, for 2099', () => {
    const text = readFileSync(`public${IMPORT_TEMPLATE_PATH}`, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(25);
    const template = ImportFileSchema.parse(JSON.parse(text));
    if (!Array.isArray(template)) throw new Error('the template is a plain movie list');
    expect(template).toHaveLength(25);
    expect(template[12]).toMatchObject({ id: '2099-free-space', name: 'Free Space', year: 2099 });
    expect(new Set(template.map((entry) => entry?.id)).size).toBe(25);
    expect(template.every((entry) => entry !== null && entry.year === 2099 && entry.imageURL === '')).toBe(true);
  });
});

describe('public boards', () => {
  it('have exactly 25 movies', () => {
    const poster = { src: '/p.webp', sources: [], placeholder: true };
    const movie = { ...MovieSchema.parse({ id: 'm', imageURL: '/p.webp', ...fields }), poster };
    const board = { year: 2026, publishedAt: 'now', movies: Array(25).fill(movie) };
    expect(PublicBoardSchema.safeParse(board).success).toBe(true);
    expect(PublicBoardSchema.safeParse({ ...board, movies: board.movies.slice(1) }).success).toBe(false);
  });
});
