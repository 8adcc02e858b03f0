import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoardMovie } from '../../../shared/boards';
import { MoviePoster } from './movie-poster';

const movie: BoardMovie = {
  id: '2031-the-quiet-lighthouse',
  name: 'The Quiet Lighthouse',
  year: 2031,
  description: 'A fictional test film.',
  imageURL: '/posters/2031-the-quiet-lighthouse.svg',
  starDescriptionA: 'A',
  starRatingA: 4,
  starDescriptionB: 'B',
  starRatingB: 3.5,
  runtime: 101,
  poster: {
    src: '/posters/2031-the-quiet-lighthouse.svg',
    sources: [
      { type: 'image/webp', srcset: '/posters/2031-the-quiet-lighthouse-160.webp 160w, /posters/2031-the-quiet-lighthouse-320.webp 320w' },
    ],
    placeholder: true,
  },
};

describe('MoviePoster', () => {
  it('offers the renditions as <picture> sources with a reserved 2:3 box', () => {
    const { container } = render(<MoviePoster movie={movie} alt="Poster" sizes="10rem" />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('srcset')).toBe(movie.poster.sources[0]?.srcset);
    expect(source?.getAttribute('sizes')).toBe('10rem');
    const image = screen.getByRole('img', { name: 'Poster' });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['200', '300']);
  });

  it('falls back to the plain src (the precached SVG) when the chosen rendition cannot load, e.g. offline', () => {
    const { container } = render(<MoviePoster movie={movie} alt="Poster" />);
    fireEvent.error(screen.getByRole('img', { name: 'Poster' }));
    expect(container.querySelector('source')).toBeNull();
    expect(screen.getByRole('img', { name: 'Poster' }).getAttribute('src')).toBe('/posters/2031-the-quiet-lighthouse.svg');
  });

  it('shows a movie without renditions as its plain picture, in the same <picture> box', () => {
    const { container } = render(<MoviePoster movie={{ ...movie, poster: { ...movie.poster, sources: [] } }} alt="Poster" />);
    expect(container.querySelector('picture > img')).not.toBeNull();
    expect(container.querySelector('source')).toBeNull();
    expect(screen.getByRole('img', { name: 'Poster' }).getAttribute('src')).toBe(movie.imageURL);
  });
});
