import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { healthz, readyz } from './health';
import { numberedPageSchema } from './page';
import { checkoutReturnPaths, documentTitle, NOT_FOUND_MESSAGE, PAGE_META, pagePaths, sharePaths, SITE_DESCRIPTION } from './page-meta';
import { clipPage, isPagePath, shareImage, sharePage, ShopPageQuerySchema, staticPages } from './pages';

describe('page meta', () => {
  it('titles pages "<name> · MINGO"', () => {
    expect(documentTitle(PAGE_META.shop.name)).toBe('Shop MINGO · MINGO');
    expect(documentTitle(PAGE_META.home.name)).toBe('MINGO boards · MINGO');
  });

  it('words the 404 page as the specification does', () => {
    expect(NOT_FOUND_MESSAGE).toBe("Looks like the page you're looking for is gone or doesn't exist.");
    expect(PAGE_META.notFound.name).toBe('Page not found');
  });

  it('describes the site and the public pages for link previews', () => {
    expect(SITE_DESCRIPTION).toBe('MINGO — yearly movie-bingo boards, spoiler-free clips and the MINGO merch shop.');
    expect(PAGE_META.about).toEqual({
      name: 'About MINGO',
      description: 'How MINGO works: one 5×5 board of movies a year, mark what you have seen and play for a line.',
    });
    expect(PAGE_META.db).toEqual({ name: 'MINGO DB', description: 'Search every movie on every MINGO board, one a year since 2018.' });
    expect(PAGE_META.shop.description).toBe('T-shirts, vinyl and more from the MINGO merch shop.');
  });

  it('builds the checkout return and share addresses', () => {
    expect(checkoutReturnPaths.success('cs_test a/b')).toBe('/success?session_id=cs_test%20a%2Fb');
    expect(checkoutReturnPaths.stripeSuccess).toBe('/success?session_id={CHECKOUT_SESSION_ID}');
    expect(checkoutReturnPaths.sessionParam).toBe('session_id');
    expect(sharePaths.page('AbC123')).toBe('/share/AbC123');
    expect(sharePaths.image('AbC123')).toBe('/share/AbC123.png');
    expect(sharePaths.image('AbC123', 'wide')).toBe('/share/AbC123.png');
    expect(sharePaths.image('AbC123', 'square')).toBe('/share/AbC123.png?format=square');
  });
});

describe('pages', () => {
  it('lists every page without parameters once, and only the public ones for search engines', () => {
    const paths = staticPages.map((page) => page.endpoint.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(staticPages.filter((page) => page.indexed).map((page) => page.endpoint.path)).toEqual(['/', '/about', '/db', '/shop']);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/success',
        '/cancel',
        '/manage',
        '/upload',
        '/add-product',
        '/staff',
        '/orders',
        '/boards',
        '/setup',
        '/leagues',
        '/admin/leagues',
      ]),
    );
    for (const page of staticPages) {
      expect(page.endpoint.method).toBe('GET');
      expect(page.endpoint.tag).toBe('Pages');
    }
    expect(staticPages.find((page) => page.endpoint.path === pagePaths.shop)?.meta).toBe(PAGE_META.shop);
  });

  it.each([
    ['/', true],
    ['/about', true],
    ['/db', true],
    ['/shop', true],
    ['/success', true],
    ['/setup', true],
    ['/clip/abc-123', true],
    ['/share/AbC123', true],
    ['/leagues', true],
    ['/leagues/ABC234', true],
    ['/me/link/token-1', true],
    ['/admin/leagues', true],
    ['/leagues/ABC234/x', false],
    ['/me/link/', false],
    ['/clip/', false],
    ['/clip/a/b', false],
    ['/share/AbC123/', false],
    ['/about/', false],
    ['/aboutx', false],
    ['/xabout', false],
    ['/api/clips', false],
    ['/static/app.js', false],
    ['', false],
  ])('isPagePath(%j) → %s', (path, expected) => {
    expect(isPagePath(path)).toBe(expected);
  });

  it('reads the share image format, wide by default', () => {
    expect(shareImage.query?.parse({})).toEqual({ format: 'wide' });
    expect(shareImage.query?.parse({ format: 'square' })).toEqual({ format: 'square' });
    expect(shareImage.query?.safeParse({ format: 'tall' }).success).toBe(false);
    expect(clipPage.params?.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(sharePage.params?.safeParse({}).success).toBe(false);
  });
});

describe('health', () => {
  it('answers liveness and readiness', () => {
    expect(healthz.response.parse({ status: 'ok' })).toEqual({ status: 'ok' });
    expect(healthz.response.safeParse({ status: 'ready' }).success).toBe(false);
    expect(readyz.response.parse({ status: 'unavailable', database: 'postgres' })).toEqual({ status: 'unavailable', database: 'postgres' });
    expect(readyz.response.safeParse({ status: 'ready', database: 'mysql' }).success).toBe(false);
  });
});

describe('numbered pages', () => {
  const schema = numberedPageSchema(z.string());

  it.each([
    [{ items: ['a'], total: 1, page: 1, pageSize: 9 }, true],
    [{ items: [], total: 0, page: 1, pageSize: 1 }, true],
    [{ items: [], total: -1, page: 1, pageSize: 9 }, false],
    [{ items: [], total: 0, page: 0, pageSize: 9 }, false],
    [{ items: [], total: 0, page: 1, pageSize: 0 }, false],
    [{ items: [], total: 0.5, page: 1, pageSize: 9 }, false],
    [{ items: [1], total: 1, page: 1, pageSize: 9 }, false],
  ])('%o → %s', (value, valid) => {
    expect(schema.safeParse(value).success).toBe(valid);
  });
});

describe("the shop's ?page=", () => {
  it.each([
    [{}, 1],
    [{ page: '3' }, 3],
    [{ page: '2abc' }, 2],
    [{ page: ['4', '9'] }, 4],
    [{ page: 'abc' }, 1],
    [{ page: 7 }, 1],
  ])('%j shows page %i (never a 400)', (query, page) => {
    expect(ShopPageQuerySchema.parse(query)).toEqual({ page });
  });
});
