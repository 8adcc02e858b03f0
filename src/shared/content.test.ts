import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FREE_SPACE_NAME } from '../domain/boards';
import { HowToPlayListSchema, MovieListSchema } from './content';

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));

function readJson(relativePath: string): unknown {
  return JSON.parse(readFileSync(`${publicDir}${relativePath}`, 'utf8'));
}

function publicFileExists(url: string): boolean {
  return existsSync(`${publicDir}${url.replace(/^\//, '')}`);
}

const YEARS = [2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025];
const BOARD_SIZE = 25;
const CENTRE = 12;

describe('movie list', () => {
  // safeParse, checked in a test: a throw while the file is collected would fail no test at all.
  const parsed = MovieListSchema.safeParse(readJson('data/movielist.json'));
  const movies = parsed.data ?? [];

  it('matches the schema', () => {
    expect(parsed.error).toBeUndefined();
  });

  it('refuses a star rating between halves, saying why', () => {
    const [first] = movies;
    const result = MovieListSchema.safeParse([{ ...first, starRatingA: 2.3 }]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Star ratings go in steps of 0.5']);
  });
  const films = movies.filter((movie) => movie.name !== FREE_SPACE_NAME);

  it('holds one 25-square board per year from 2018 to 2025', () => {
    expect(movies).toHaveLength(YEARS.length * BOARD_SIZE);
    YEARS.forEach((year, board) => {
      const slice = movies.slice(board * BOARD_SIZE, (board + 1) * BOARD_SIZE);
      expect(slice.map((movie) => movie.year)).toEqual(Array(BOARD_SIZE).fill(year));
    });
  });

  it('puts the Free Space in the centre of every board and nowhere else', () => {
    YEARS.forEach((year, board) => {
      const centre = movies[board * BOARD_SIZE + CENTRE];
      expect(centre).toMatchObject({ name: FREE_SPACE_NAME, year, runtime: 0, id: `${year}-free-space` });
    });
    expect(movies.length - films.length).toBe(YEARS.length);
  });

  it('has unique names apart from the Free Space, and unique ids', () => {
    expect(new Set(films.map((movie) => movie.name)).size).toBe(films.length);
    expect(new Set(movies.map((movie) => movie.id)).size).toBe(movies.length);
  });

  it('gives every film a feature-length runtime and a description', () => {
    for (const film of films) {
      expect(film.runtime, film.name).toBeGreaterThanOrEqual(60);
      expect(film.runtime, film.name).toBeLessThanOrEqual(240);
      expect(film.description.length, film.name).toBeGreaterThan(0);
    }
  });

  it('has a poster on disk for every entry', () => {
    const missing = movies.filter((movie) => !publicFileExists(movie.imageURL)).map((movie) => movie.imageURL);
    expect(missing).toEqual([]);
  });
});

describe('how-to-play tiles', () => {
  it('explains the four winning boards, each with an image on disk', () => {
    const tiles = HowToPlayListSchema.parse(readJson('data/how-to-play.json'));
    expect(tiles.map((tile) => tile.id)).toEqual(['row', 'column', 'diagonal', 'blackout']);
    const missing = tiles.filter((tile) => !publicFileExists(tile.imageURL)).map((tile) => tile.imageURL);
    expect(missing).toEqual([]);
  });
});

describe('content schemas at their edges (fictional entries)', () => {
  const movie = {
    id: 'test-movie',
    name: 'The Test Movie',
    year: 2030,
    description: '',
    imageURL: '/posters/test.jpg',
    starDescriptionA: '',
    starRatingA: 0,
    starDescriptionB: '',
    starRatingB: 5,
    runtime: 0,
  };
  const refusedAt = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.at(-1));

  it('accepts the extremes: no stars, five stars, a runtime of 0 and empty descriptions', () => {
    expect(MovieListSchema.safeParse([movie]).error).toBeUndefined();
  });

  it.each([
    ['id', ''],
    ['name', ''],
    ['imageURL', ''],
    ['year', 2030.5],
    ['runtime', -1],
    ['runtime', 90.5],
    ['starRatingA', -0.5],
    ['starRatingA', 5.5],
    ['starRatingB', -1],
    ['starRatingB', 6],
  ] as const)('refuses a movie whose %s is %s, naming the field', (field, value) => {
    expect(refusedAt(MovieListSchema.safeParse([{ ...movie, [field]: value }]))).toEqual([field]);
  });

  const tile = { id: 'row', title: 'Row', description: '', imageURL: '/images/row.png' };

  it('accepts a tile with an empty description', () => {
    expect(HowToPlayListSchema.safeParse([tile]).error).toBeUndefined();
  });

  it.each(['id', 'title', 'imageURL'] as const)('refuses a tile with an empty %s, naming the field', (field) => {
    expect(refusedAt(HowToPlayListSchema.safeParse([{ ...tile, [field]: '' }]))).toEqual([field]);
  });
});
