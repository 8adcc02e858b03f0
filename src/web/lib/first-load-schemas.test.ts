import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { expectTwinAgrees } from '../test/twins';
import type { z } from 'zod';
import { getSession } from '../../shared/auth';
import {
  HowToPlayListSchema as SharedHowToPlayListSchema,
  MovieListSchema as SharedMovieListSchema,
  type HowToPlayList,
  type MovieList,
} from '../../shared/content';
import { BOARD_SIZE } from '../../domain/boards';
import { ErrorBodySchema as SharedErrorBodySchema, type ErrorBody } from '../../shared/errors';
import { listBoards, PublicBoardListSchema as SharedBoardListSchema, type PublicBoardList } from '../../shared/boards';
import { seededBoards } from '../test/boards-fixture';
import {
  BOARDS_PATH,
  ErrorBodySchema,
  GET_SESSION_PATH,
  HowToPlayListSchema,
  MovieListSchema,
  number,
  object,
  optional,
  PublicBoardListSchema,
  SessionAnswerSchema,
  string,
  transform,
  union,
  unknown,
  type Infer,
} from './first-load-schemas';

// The first-load twins must accept and refuse exactly what the shared contract does.

const movies = JSON.parse(readFileSync('public/data/movielist.json', 'utf8')) as Record<string, unknown>[];
const first = movies[0] ?? {};

const movieLists: [string, unknown][] = [
  ['the real movie list', movies],
  ['an empty list', []],
  ['not a list', { movies }],
  ['a half star', [{ ...first, starRatingA: 3.5 }]],
  ['a third of a star', [{ ...first, starRatingA: 3.3 }]],
  ['six stars', [{ ...first, starRatingB: 6 }]],
  ['negative stars', [{ ...first, starRatingB: -0.5 }]],
  ['an empty id', [{ ...first, id: '' }]],
  ['an empty name', [{ ...first, name: '' }]],
  ['an empty poster', [{ ...first, imageURL: '' }]],
  ['a fractional year', [{ ...first, year: 2018.5 }]],
  ['a negative runtime', [{ ...first, runtime: -1 }]],
  ['a fractional runtime', [{ ...first, runtime: 90.5 }]],
  ['a missing description', [{ ...first, description: undefined }]],
  ['a string year', [{ ...first, year: '2018' }]],
  ['an infinite runtime', [{ ...first, runtime: Infinity }]],
  ['a NaN rating', [{ ...first, starRatingA: Number.NaN }]],
  ['a null entry', [null]],
  ['an extra field (stripped)', [{ ...first, extra: 1 }]],
];

const tiles = JSON.parse(readFileSync('public/data/how-to-play.json', 'utf8')) as Record<string, unknown>[];
const tile = tiles[0] ?? {};
const howToPlayLists: [string, unknown][] = [
  ['the real tiles', tiles],
  ['no tiles', []],
  ['not a list', { tiles }],
  ['an empty id', [{ ...tile, id: '' }]],
  ['an empty title', [{ ...tile, title: '' }]],
  ['an empty description (allowed)', [{ ...tile, description: '' }]],
  ['no description', [{ ...tile, description: undefined }]],
  ['an empty picture', [{ ...tile, imageURL: '' }]],
  ['a numeric id', [{ ...tile, id: 1 }]],
  ['a null tile', [null]],
  ['an extra field (stripped)', [{ ...tile, extra: 1 }]],
];

const boards = seededBoards();
const board = boards[0] ?? { year: 0, publishedAt: '', movies: [] };
const boardMovie = board.movies[0] ?? {};
const withMovie = (change: Record<string, unknown>) => ({
  items: [{ ...board, movies: [{ ...boardMovie, ...change }, ...board.movies.slice(1)] }],
});
const avif = { type: 'image/avif', srcset: '/media/p/w120.avif 120w, /media/p/w240.avif 240w' };

const boardLists: [string, unknown][] = [
  ['the seeded boards', { items: boards }],
  ['no boards', { items: [] }],
  ['a bare array', boards],
  ['a poster with renditions', withMovie({ poster: { src: '/media/p/w240.webp', sources: [avif], placeholder: false } })],
  ['a placeholder poster', withMovie({ poster: { src: '/media/p.webp', sources: [], placeholder: true } })],
  ['a poster without placeholder flag', withMovie({ poster: { src: '/media/p.webp', sources: [] } })],
  ['a poster flag as a string', withMovie({ poster: { src: '/media/p.webp', sources: [], placeholder: 'no' } })],
  ['a source without srcset', withMovie({ poster: { src: '/media/p.webp', sources: [{ type: 'image/avif' }], placeholder: false } })],
  ['no poster', withMovie({ poster: undefined })],
  ['a half-star movie', withMovie({ starRatingA: 2.5 })],
  ['a third of a star', withMovie({ starRatingA: 2.3 })],
  ['24 squares', { items: [{ ...board, movies: board.movies.slice(1) }] }],
  ['26 squares', { items: [{ ...board, movies: [...board.movies, boardMovie] }] }],
  ['a fractional year', { items: [{ ...board, year: 2026.5 }] }],
  ['no publishedAt', { items: [{ ...board, publishedAt: undefined }] }],
  ['extra fields (stripped)', { items: [{ ...board, extra: 1 }], extra: 2 }],
];

const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'staff' };
const sessionAnswers: [string, unknown][] = [
  ['signed out', null],
  ['signed in', { user }],
  ['signed in with the session record', { user, session: { id: 's1', expiresAt: '2026-01-01' } }],
  ['an admin', { user: { ...user, role: 'admin' } }],
  ['an unknown role', { user: { ...user, role: 'owner' } }],
  ['no user', {}],
  ['a user without e-mail', { user: { id: 'u1', name: 'Ann', role: 'staff' } }],
  ['undefined', undefined],
  ['a string', 'yes'],
];

const error = { code: 'not_found', message: 'No such thing.' };
const errorBodies: [string, unknown][] = [
  ['an error', { error }],
  ['an error with details', { error: { ...error, details: [{ path: 'name', message: 'Required' }] } }],
  ['details set to undefined', { error: { ...error, details: undefined } }],
  ['details set to null', { error: { ...error, details: null } }],
  ['extra fields (stripped)', { error: { ...error, hint: 'x' }, requestId: 'r1' }],
  ['no message', { error: { code: 'x' } }],
  ['a numeric code', { error: { ...error, code: 404 } }],
  ['a bare message', { message: 'No such thing.' }],
  ['an error string', { error: 'not_found' }],
  ['null', null],
  ['not JSON (undefined)', undefined],
];

describe('first-load validators', () => {
  it.each(movieLists)('the movie list twin agrees with the shared schema on %s', (_, input) => {
    expectTwinAgrees(SharedMovieListSchema, MovieListSchema, input, 'equal');
  });

  it.each(howToPlayLists)('the how-to-play twin agrees with the shared schema on %s', (_, input) => {
    expectTwinAgrees(SharedHowToPlayListSchema, HowToPlayListSchema, input);
  });

  it.each(sessionAnswers)('the session twin agrees with getSession.response on %s', (_, input) => {
    expectTwinAgrees(getSession.response, SessionAnswerSchema, input, 'equal');
  });

  it.each(boardLists)('the boards twin agrees with the shared schema on %s', (_, input) => {
    expectTwinAgrees(SharedBoardListSchema, PublicBoardListSchema, input, 'equal');
  });

  it.each(errorBodies)('the error body twin agrees with the shared schema on %s', (_, input) => {
    expectTwinAgrees(SharedErrorBodySchema, ErrorBodySchema, input);
  });

  it('reads the boards from the contract’s endpoint, 25 squares each', () => {
    expect(listBoards.method).toBe('GET');
    expect(BOARDS_PATH).toBe(listBoards.path);
    expect(BOARD_SIZE).toBe(25);
  });

  it('reads the session from the contract’s endpoint', () => {
    expect(getSession.method).toBe('GET');
    expect(GET_SESSION_PATH).toBe(getSession.path);
  });

  it('infers the same types', () => {
    expectTypeOf<Infer<typeof MovieListSchema>>().toEqualTypeOf<MovieList>();
    expectTypeOf<Infer<typeof HowToPlayListSchema>>().toEqualTypeOf<HowToPlayList>();
    expectTypeOf<Infer<typeof PublicBoardListSchema>>().toEqualTypeOf<PublicBoardList>();
    expectTypeOf<Infer<typeof SessionAnswerSchema>>().toEqualTypeOf<z.infer<typeof getSession.response>>();
    expectTypeOf<Infer<typeof ErrorBodySchema>>().toEqualTypeOf<ErrorBody>();
  });
});

describe('optional and unknown', () => {
  it('leave a missing key missing and take anything, like zod', () => {
    const shape = object({ name: string(), note: optional(string()), extra: optional(unknown()) });
    expect(shape.safeParse({ name: 'a' })).toStrictEqual({ success: true, data: { name: 'a' } });
    expect(shape.safeParse({ name: 'a', note: undefined })).toStrictEqual({ success: true, data: { name: 'a', note: undefined } });
    expect(shape.safeParse({ name: 'a', note: 'b', extra: [1] })).toStrictEqual({
      success: true,
      data: { name: 'a', note: 'b', extra: [1] },
    });
    expect(shape.safeParse({ name: 'a', note: 1 }).success).toBe(false);
    expect(unknown().safeParse(undefined)).toStrictEqual({ success: true, data: undefined });
  });
});

describe('union and transform', () => {
  it('take the first validator that accepts, and map or refuse like zod', () => {
    const either = union(string({ minLength: 1 }), number({ int: true }));
    expect(either.safeParse('a')).toEqual({ success: true, data: 'a' });
    expect(either.safeParse(3)).toEqual({ success: true, data: 3 });
    expect(either.safeParse(1.5).success).toBe(false);
    const even = transform(number({ int: true }), (value) => (value % 2 === 0 ? value / 2 : undefined));
    expect(even.safeParse(4)).toEqual({ success: true, data: 2 });
    expect(even.safeParse(3).success).toBe(false);
    expect(even.safeParse('4').success).toBe(false);
  });
});
