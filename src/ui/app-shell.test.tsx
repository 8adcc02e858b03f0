import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FREE_SPACE_INDEX } from '../domain/boards';
import type { BoardMovie, PublicBoard } from '../shared/boards';
import { AppShell, type AppShellProps } from './app-shell';
import type { TileProduct } from './product-tile';

/** The shell as the server and the build send it (react-dom/server), read back as a browser would. */
function shellOf(props: AppShellProps): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToStaticMarkup(<AppShell {...props} />);
  return root;
}

const part = (shell: HTMLElement, page: 'home' | 'about' | 'db' | 'shop') => {
  const found = shell.querySelector<HTMLElement>(`.app-shell-${page}`);
  if (found === null) throw new Error(`no .app-shell-${page}`);
  return found;
};

/** A made-up movie with an AVIF and a WebP rendition, as the boards service answers. */
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

const product = (overrides: Partial<TileProduct>): TileProduct => ({
  id: '0b7e6f3a-9c1d-4a2b-8e5f-6d7c8b9a0f1e',
  productName: 'MINGO Tee',
  priceCents: 2499,
  imageURL: '/api/product-images/tee.webp',
  quantityInStock: 12,
  shirtSizes: ['S', 'M'],
  shirtColors: ['Black'],
  vinylColors: [],
  ...overrides,
});

describe('the static app shell', () => {
  it('is hidden from assistive technology and holds no control to press before the app can act', () => {
    const shell = shellOf({ aboutYears: 'Every year from 2018 to 2025', boards: [board(2025)], products: [product({})] });
    expect(shell.querySelector('.app-shell')?.getAttribute('aria-hidden')).toBe('true');
    expect(shell.querySelectorAll('button, a[href]')).toHaveLength(0);
    expect([...shell.querySelectorAll('input')].every((input) => input.disabled)).toBe(true);
    // The bar's links, as the app's bar lays them out; its controls keep their places unseen.
    const bar = shell.querySelector('nav');
    expect([...(bar?.querySelectorAll('.nav-link') ?? [])].map((link) => link.textContent)).toEqual([
      'About',
      'MINGO DB',
      'shopping_cartShop',
      'Login',
    ]);
    expect([...(bar?.querySelectorAll('.nav-button') ?? [])].map((control) => control.className)).toEqual([
      'nav-button invisible',
      'nav-button invisible',
    ]);
  });

  it('gives each page its heading and intro; About names the years it is given', () => {
    const shell = shellOf({ aboutYears: 'Every year from 2018 to 2031' });
    expect(part(shell, 'home').querySelector('h1')?.textContent).toBe('MINGO boards');
    expect(part(shell, 'about').querySelector('p')?.textContent).toBe(
      'MINGO is movie bingo for the whole year. Every year from 2018 to 2031 has its own 5×5 board of notable films under the letters M I N G O. Watch, mark, and race for a line before the next board drops on 1 May.',
    );
    expect(part(shellOf({}), 'about').querySelector('p')?.textContent).toMatch(/^MINGO is movie bingo for the whole year\. Every year has/);
    // Without boards or products: the DB's heading and description, the shop's heading.
    expect([...part(shell, 'db').children].map((element) => element.textContent)).toEqual(['MINGO DB', 'Every movie from every board.']);
    expect([...part(shell, 'shop').children].map((element) => element.textContent)).toEqual(['Shop MINGO']);
  });
});

describe('the static first paint of /db', () => {
  it("paints the page's top as the page does: heading, description, seen-list buttons, search box and the number of movies", () => {
    const db = part(shellOf({ boards: [board(2025), board(2024)] }), 'db');
    expect(db.querySelector('h1')?.textContent).toBe('MINGO DB');
    expect(db.querySelector('h1 + p')?.textContent).toBe('Every movie from every board. 0 of 48 seen.');
    // The seen count is not known here: it keeps its place, unseen.
    expect(db.querySelector('h1 + p span')?.className).toBe('invisible block sm:inline');
    expect([...db.querySelectorAll('.btn-secondary')].map((control) => [control.tagName, control.textContent])).toEqual([
      ['SPAN', 'downloadExport seen list'],
      ['SPAN', 'uploadImport seen list'],
    ]);
    const search = db.querySelector('input');
    expect([search?.type, search?.placeholder, search?.disabled]).toEqual(['search', 'Search by title…', true]);
    expect(db.querySelector('[role="status"]')?.textContent).toBe('48 movies');
  });

  it("paints the newest year's row only, in board order without its Free Space, each poster in the rendition the row shows", () => {
    const db = part(shellOf({ boards: [board(2025), board(2024)] }), 'db');
    expect([...db.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual(['2025 (24)']);
    expect([...db.querySelectorAll('ul.db-row > li > p')].map((name) => name.textContent)).toEqual(
      Array.from({ length: 25 }, (_, index) => `Film 2025 ${index}`).filter((_, index) => index !== FREE_SPACE_INDEX),
    );
    const first = db.querySelector('ul.db-row > li');
    expect([...(first?.querySelectorAll('source') ?? [])].map((source) => [source.type, source.srcset, source.sizes])).toEqual([
      ['image/avif', '/posters/2025-0-160.avif 160w, /posters/2025-0-320.avif 320w', '(min-width: 40rem) 9rem, 7rem'],
      ['image/webp', '/posters/2025-0-160.webp 160w, /posters/2025-0-320.webp 320w', '(min-width: 40rem) 9rem, 7rem'],
    ]);
    const image = first?.querySelector('img');
    expect([image?.getAttribute('src'), image?.alt, image?.width, image?.height]).toEqual(['/posters/2025-0.webp', '', 200, 300]);
  });

  it('loads the first six posters at once and draws the rest of the row only near the viewport', () => {
    const db = part(shellOf({ boards: [board(2025)] }), 'db');
    const posters = [...db.querySelectorAll('ul.db-row > li')].map((item) => [
      item.classList.contains('db-poster-later'),
      item.querySelector('img')?.getAttribute('loading'),
    ]);
    expect(posters).toHaveLength(24);
    expect(posters.slice(0, 6).every(([later, loading]) => later === false && loading === 'eager')).toBe(true);
    expect(posters.slice(6).every(([later, loading]) => later === true && loading === 'lazy')).toBe(true);
  });

  it('counts a movie on two boards once, and shows a poster without renditions as its plain picture', () => {
    const shared = movie('shared', 'Shared', { poster: { src: '/posters/shared.svg', sources: [], placeholder: true } });
    const db = part(shellOf({ boards: [board(2025, { 0: shared }), board(2024, { 3: shared })] }), 'db');
    expect(db.querySelector('h1 + p span')?.textContent).toBe('0 of 47 seen.');
    expect(db.querySelector('[role="status"]')?.textContent).toBe('47 movies');
    expect(db.querySelector('ul.db-row > li > .board-cell > picture > img')?.getAttribute('src')).toBe('/posters/shared.svg');
  });

  it('keeps what organisers typed as text', () => {
    const odd = movie('odd', '<b>"Tom" & Jerry</b>', {
      poster: {
        src: '/media/a.webp?x=1&y="2"',
        sources: [{ type: 'image/webp', srcset: '/media/a.webp?x=1&y=2 160w' }],
        placeholder: false,
      },
    });
    const db = part(shellOf({ boards: [board(2025, { 0: odd })] }), 'db');
    expect(db.querySelector('ul.db-row > li > p')?.textContent).toBe('<b>"Tom" & Jerry</b>');
    expect(db.querySelector('ul.db-row img')?.getAttribute('src')).toBe('/media/a.webp?x=1&y="2"');
    expect(db.querySelector('ul.db-row source')?.getAttribute('srcset')).toBe('/media/a.webp?x=1&y=2 160w');
    expect(db.querySelector('b')).toBeNull();
  });
});

describe('the static first paint of /shop', () => {
  it('shows each product as the shop tile does: name, options, price and stock', () => {
    const shop = part(
      shellOf({
        products: [
          product({ id: 'a' }),
          product({ id: 'b', productName: 'Pins', priceCents: 800, quantityInStock: 3, shirtSizes: [], shirtColors: [] }),
          product({ id: 'c', productName: 'Vinyl', quantityInStock: 0, shirtSizes: [], shirtColors: [], vinylColors: ['Red'] }),
        ],
      }),
      'shop',
    );
    const tiles = [...shop.querySelectorAll('li > span')].map((tile) =>
      [...tile.querySelectorAll('span')].filter((span) => span.children.length === 0).map((span) => span.textContent),
    );
    expect(tiles).toEqual([
      ['MINGO Tee', '2 sizes · 1 color', '$24.99', 'In stock'],
      ['Pins', 'One size', '$8.00', 'Only 3 left'],
      ['Vinyl', '1 color', '$24.99', 'Out of stock'],
    ]);
  });

  it('loads the first row of pictures at once and the rest lazily, each with its size reserved', () => {
    const shell = shellOf({ products: ['a', 'b', 'c', 'd'].map((id) => product({ id, imageURL: `/api/product-images/${id}.webp` })) });
    const shop = part(shell, 'shop');
    const images = [...shop.querySelectorAll('img')];
    expect(images.map((image) => `${image.getAttribute('loading')}/${image.getAttribute('fetchpriority')}`)).toEqual([
      'eager/high',
      'eager/high',
      'lazy/auto',
      'lazy/auto',
    ]);
    expect(images.every((image) => image.width === 800 && image.height === 800)).toBe(true);
    // react-dom/server names the first row's pictures in preload links before the shell.
    expect([...shell.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/api/product-images/a.webp',
      '/api/product-images/b.webp',
    ]);
  });

  it('keeps what staff typed as text', () => {
    const shop = part(shellOf({ products: [product({ productName: '<b>"Tee" & co</b>', imageURL: '/x.webp?a=1&b="2"' })] }), 'shop');
    expect(shop.querySelector('li > span > span > span')?.textContent).toBe('<b>"Tee" & co</b>');
    expect(shop.querySelector('img')?.getAttribute('src')).toBe('/x.webp?a=1&b="2"');
    expect(shop.querySelector('b')).toBeNull();
  });
});
