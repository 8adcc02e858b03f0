import { readFileSync } from 'node:fs';
import type { PublicBoard } from '../../shared/boards';
import type { Movie } from '../../shared/content';

/** The static movie list the site shipped before living boards (now the boards' seed data). */
export function staticMovieList(): Movie[] {
  return JSON.parse(readFileSync('public/data/movielist.json', 'utf8')) as Movie[];
}

/**
 * What GET /api/boards answers for a database seeded from the static list (decision 150): the
 * same ids, 25 per year, newest year first, each movie with its poster.
 */
export function seededBoards(): PublicBoard[] {
  const movies = staticMovieList();
  const boards: PublicBoard[] = [];
  for (let start = 0; start < movies.length; start += 25) {
    const slice = movies.slice(start, start + 25);
    const year = slice[12]?.year ?? 0;
    boards.push({
      year,
      publishedAt: `${year}-05-01T00:00:00.000Z`,
      movies: slice.map((movie) => ({ ...movie, poster: { src: movie.imageURL, sources: [], placeholder: false } })),
    });
  }
  return boards.reverse();
}

/** A published board of 25 made-up films `<year>-<cell>` called "Film <year> <cell>" (the centre is the Free Space). */
export function fictionalBoard(year: number): PublicBoard {
  return {
    year,
    publishedAt: `${year}-05-01T00:00:00.000Z`,
    movies: Array.from({ length: 25 }, (_, cell) => {
      const id = `${year}-${cell}`;
      return {
        id,
        name: cell === 12 ? 'Free Space' : `Film ${year} ${cell}`,
        year,
        description: 'A made-up film.',
        imageURL: `/posters/${id}.svg`,
        starDescriptionA: '',
        starRatingA: 3,
        starDescriptionB: '',
        starRatingB: 3,
        runtime: 100,
        poster: { src: `/posters/${id}.svg`, sources: [], placeholder: true },
      };
    }),
  };
}
