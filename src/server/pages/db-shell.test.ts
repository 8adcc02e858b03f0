import { describe, expect, it } from 'vitest';
import { FREE_SPACE_INDEX } from '../../domain/boards';
import type { BoardMovie, PublicBoard } from '../../shared/boards';
import { dbShellPage } from './db-shell';

/** A made-up movie with a WebP and an AVIF rendition, as the boards service answers. */
const movie = (id: string, name: string, overrides: Partial<BoardMovie> = {}): BoardMovie => ({
  id,
  name,
  year: 2025,
  description: '',
  imageURL: `/posters/${id}.webp`,
  starDescriptionA: '',
  starRatingA: 3,
  starDescriptionB: '',
  starRatingB: 3,
  runtime: 100,
  poster: {
    src: `/posters/${id}.webp`,
    sources: [
      { type: 'image/avif', srcset: `/posters/${id}-160.avif 160w, /posters/${id}-320.avif 320w` },
      { type: 'image/webp', srcset: `/posters/${id}-160.webp 160w, /posters/${id}-320.webp 320w` },
    ],
    placeholder: false,
  },
  ...overrides,
});

/** A published board of 25 made-up movies `<year>-<n>` named `Film <year> <n>`, its Free Space at the centre. */
function board(year: number, replace: Record<number, BoardMovie> = {}): PublicBoard {
  return {
    year,
    publishedAt: `${year}-05-01T00:00:00.000Z`,
    movies: Array.from(
      { length: 25 },
      (_, index) =>
        replace[index] ??
        movie(
          index === FREE_SPACE_INDEX ? `${year}-free-space` : `${year}-${index}`,
          index === FREE_SPACE_INDEX ? 'Free Space' : `Film ${year} ${index}`,
        ),
    ),
  };
}

/** The text of the shell's blocks, in order: tags become `|`. */
const texts = (html: string) =>
  html
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter((text) => text !== '');

describe('the static first paint of /db', () => {
  it("paints the page's top as the page does: heading, description, seen-list buttons, search box and the number of movies", () => {
    const html = dbShellPage([board(2025), board(2024)]) ?? '';
    expect(texts(html).slice(0, 8)).toEqual([
      'MINGO DB',
      'Every movie from every board. ',
      '0 of 48 seen.',
      'download',
      'Export seen list',
      'upload',
      'Import seen list',
      'search',
    ]);
    // The seen count is not known here: it keeps its place, unseen.
    expect(html).toMatch(/<span class="invisible block sm:inline">0 of 48 seen\.<\/span>/);
    // Inert: no buttons to press before the app can act, and a search box that takes no input.
    expect(html).not.toContain('<button');
    expect(html).toMatch(/<input type="search" [^>]*placeholder="Search by title…" disabled \/>/);
    expect(html).toContain('<p class="-mt-3 text-sm text-slate-600 dark:text-slate-300">48 movies</p>');
  });

  it("paints the newest year's row only, in board order without its Free Space, each poster in the rendition the row shows", () => {
    const html = dbShellPage([board(2025), board(2024)]) ?? '';
    expect([...html.matchAll(/<h2 [^>]*>(.*?)<\/h2>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''))).toEqual(['2025 (24)']);
    const names = [...html.matchAll(/<li [^>]*>.*?<p [^>]*>(.*?)<\/p><\/li>/g)].map((match) => match[1]);
    expect(names).toEqual(Array.from({ length: 25 }, (_, index) => `Film 2025 ${index}`).filter((_, index) => index !== FREE_SPACE_INDEX));
    expect(html).not.toContain('2024-');
    expect(html).not.toContain('Free Space');
    // Both renditions, best first, at the row's sizes (the preload's), then the plain picture.
    expect(html).toContain(
      '<picture><source type="image/avif" srcset="/posters/2025-0-160.avif 160w, /posters/2025-0-320.avif 320w" sizes="(min-width: 40rem) 9rem, 7rem" />' +
        '<source type="image/webp" srcset="/posters/2025-0-160.webp 160w, /posters/2025-0-320.webp 320w" sizes="(min-width: 40rem) 9rem, 7rem" />' +
        '<img src="/posters/2025-0.webp" alt="" width="200" height="300" loading="eager"',
    );
  });

  it('loads the first six posters at once and draws the rest of the row only near the viewport', () => {
    const html = dbShellPage([board(2025)]) ?? '';
    const posters = [...html.matchAll(/<li class="([^"]*)">.*?loading="(\w+)"/g)].map((match) => [
      (match[1] ?? '').includes('db-poster-later'),
      match[2],
    ]);
    expect(posters).toHaveLength(24);
    expect(posters.slice(0, 7)).toEqual([
      [false, 'eager'],
      [false, 'eager'],
      [false, 'eager'],
      [false, 'eager'],
      [false, 'eager'],
      [false, 'eager'],
      [true, 'lazy'],
    ]);
    expect(posters.slice(6).every(([later, loading]) => later === true && loading === 'lazy')).toBe(true);
  });

  it('counts a movie on two boards once, and shows a poster without renditions as its plain picture', () => {
    const shared = movie('shared', 'Shared', { poster: { src: '/posters/shared.svg', sources: [], placeholder: true } });
    const html = dbShellPage([board(2025, { 0: shared }), board(2024, { 3: shared })]) ?? '';
    expect(html).toContain('>0 of 47 seen.<');
    expect(html).toContain('>47 movies<');
    expect(html).toContain('<span class="board-cell w-full"><img src="/posters/shared.svg" alt=""');
  });

  it('escapes what organisers typed, and paints nothing without published boards', () => {
    const odd = movie('odd', '<b>"Tom" & Jerry</b>', {
      poster: {
        src: '/media/a.webp?x=1&y="2"',
        sources: [{ type: 'image/webp', srcset: '/media/a.webp?x=1&y=2 160w' }],
        placeholder: false,
      },
    });
    const html = dbShellPage([board(2025, { 0: odd })]) ?? '';
    expect(html).toContain('>&lt;b&gt;&quot;Tom&quot; &amp; Jerry&lt;/b&gt;</p>');
    expect(html).toContain('src="/media/a.webp?x=1&amp;y=&quot;2&quot;"');
    expect(html).toContain('srcset="/media/a.webp?x=1&amp;y=2 160w"');
    expect(html).not.toContain('<b>');
    expect(dbShellPage([])).toBeUndefined();
  });
});
