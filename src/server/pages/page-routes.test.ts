import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeShareCode } from '../../domain/share-code';
import { createBoardService } from '../boards/board-service';
import { createClipRepository } from '../clips/clip-repository';
import { createStorage } from '../media/create-storage';
import { createAccount } from '../auth/accounts';
import { createProductService } from '../products/product-service';
import { productFields } from '../../../tests/support/product-fields';
import { TEST_PASSWORD } from '../../../tests/support/auth';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { EVENTUALLY } from '../../../tests/support/eventually';
import { SHARE_IMAGE_CACHE, SHARE_IMAGE_RATE_LIMIT } from './page-routes';
import { escapeMarkup } from '../../domain/markup';

/** The og/twitter/title tags of an HTML page, as name → content. */
function headTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[match[1] ?? ''] = match[2] ?? '';
  }
  tags.title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  tags.canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? '';
  return tags;
}

/**
 * Whether robots.txt lets every crawler (`User-agent: *`) fetch `path`, read as RFC 9309 says:
 * `*` matches any characters, a final `$` ends the path, the longest matching rule wins and
 * Allow wins a tie.
 */
function robotsAllow(robots: string, path: string): boolean {
  const rules: { allow: boolean; pattern: string }[] = [];
  let forEveryone = false;
  for (const line of robots.split('\n')) {
    const [field = '', ...rest] = line.replace(/#.*/, '').split(':');
    const name = field.trim().toLowerCase();
    const value = rest.join(':').trim();
    if (name === 'user-agent') forEveryone = value === '*';
    else if ((name === 'allow' || name === 'disallow') && forEveryone && value !== '')
      rules.push({ allow: name === 'allow', pattern: value });
  }
  let verdict = { allow: true, length: -1 };
  for (const { allow, pattern } of rules) {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    if (!new RegExp(`^${body.join('.*')}${anchored ? '$' : ''}`).test(path)) continue;
    if (pattern.length > verdict.length || (pattern.length === verdict.length && allow)) verdict = { allow, length: pattern.length };
  }
  return verdict.allow;
}

const firstRow = Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 7);
const shareCode = encodeShareCode(2024, firstRow);

describe('page routes: titles, link previews, robots, sitemap, 404s, share images', () => {
  let t: TestApp;
  let siteDir: string;
  let clipId: string;

  beforeAll(async () => {
    // A built site as the server sees it: index.html (the boards come from the database).
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'mingo-site-'));
    await copyFile('src/web/index.html', path.join(siteDir, 'index.html'));
    t = await createTestApp({ STATIC_DIR: siteDir, PUBLIC_URL: 'https://mingo.example' });
    const owner = await createAccount(t, {
      name: 'Rosa',
      email: 'rosa@test.local',
      phoneNumber: '',
      password: TEST_PASSWORD,
      role: 'staff',
    });
    const clip = await createClipRepository(t.database.db).insert({
      ownerId: owner.id,
      title: 'Anora & <friends>',
      videoKey: '00000000-0000-4000-8000-000000000001.webm',
      videoMime: 'video/webm',
      videoBytes: 100,
      screenshotKey: '00000000-0000-4000-8000-000000000002.jpg',
      screenshotMime: 'image/jpeg',
    });
    clipId = clip.docID;
  });
  afterAll(async () => {
    await t.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each([
    ['/', 'MINGO boards · MINGO', 'https://mingo.example/'],
    ['/about', 'About MINGO · MINGO', 'https://mingo.example/about'],
    ['/db', 'MINGO DB · MINGO', 'https://mingo.example/db'],
    ['/shop', 'Shop MINGO · MINGO', 'https://mingo.example/shop'],
  ])('serves %s with its title and Open Graph / Twitter tags', async (url, title, canonical) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const tags = headTags(response.body);
    expect(tags.title).toBe(title);
    expect(tags['og:title']).toBe(title);
    expect(tags['twitter:title']).toBe(title);
    expect(tags['og:url']).toBe(canonical);
    expect(tags.canonical).toBe(canonical);
    expect(tags.description).toBeTruthy();
    expect(tags['og:description']).toBe(tags.description);
    expect(tags['og:image']).toBe('https://mingo.example/icons/icon-512.png');
    expect(tags['twitter:card']).toBe('summary');
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('gives the About page its own description', async () => {
    const home = headTags((await get('/')).body);
    const about = headTags((await get('/about')).body);
    expect(about.description).not.toBe(home.description);
  });

  it('previews a clip with its title (escaped) and screenshot', async () => {
    const response = await get(`/clip/${clipId}`);
    expect(response.statusCode).toBe(200);
    const tags = headTags(response.body);
    expect(tags.title).toBe('Anora &amp; &lt;friends&gt; · MINGO');
    expect(tags['og:image']).toBe('https://mingo.example/media/00000000-0000-4000-8000-000000000002.jpg');
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['og:type']).toBe('video.other');
    expect(response.body).not.toContain('<friends>');
  });

  it.each([
    ['/leagues', 'Leagues · MINGO'],
    ['/admin/leagues', 'Leagues (admin) · MINGO'],
  ])('serves %s, a page kept out of search engines, titled %s', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(headTags(response.body).title).toBe(title);
  });

  it.each([
    ['/leagues/ABC234', 'A MINGO league · MINGO'],
    ['/leagues/not-a-code', 'A MINGO league · MINGO'],
    ['/me/link/some-token', 'Use on this device · MINGO'],
  ])('serves %s with the same head for every code or token: no league named, no canonical link, no referrer', async (url, title) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const tags = headTags(response.body);
    expect(tags.title).toBe(title);
    expect(tags.canonical).toBe('');
    expect(tags['og:image']).toBe('https://mingo.example/icons/icon-512.png');
  });

  it.each([
    '/clip/00000000-0000-4000-8000-000000000000',
    '/clip/not-a-uuid',
    '/no-such-page',
    '/about/extra',
    '/share/GAAAAB',
    '/share/nope',
  ])('answers %s with 404 and the app (its 404 page), titled "Page not found" without a canonical link', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    const tags = headTags(response.body);
    expect(tags.title).toBe('Page not found · MINGO');
    expect(tags['og:title']).toBe('Page not found · MINGO');
    expect(tags.canonical).toBe('');
    expect(tags['og:url']).toBeUndefined();
  });

  it.each([
    ['/about/', '/about'],
    ['/db/?year=2024', '/db?year=2024'],
    ['/shop/', '/shop'],
    ['/manage/?sort=2', '/manage?sort=2'],
    ['/clip/some-clip/', '/clip/some-clip'],
    ['/share/GAAAAB/', '/share/GAAAAB'],
    ['/leagues/ABC234/', '/leagues/ABC234'],
  ])('redirects %s to the page without the trailing slash', async (url, location) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it.each(['/nope/', '/about/extra/'])('answers %s (no page there) with the 404 page, not a redirect', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(headTags(response.body).title).toBe('Page not found · MINGO');
  });

  it('keeps API paths with a trailing slash JSON 404s', async () => {
    const response = await get('/api/nothing/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('keeps unknown API paths JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('previews a share link with the board summary and its image', async () => {
    const response = await get(`/share/${shareCode}`);
    expect(response.statusCode).toBe(200);
    const tags = headTags(response.body);
    expect(tags.title).toBe('Shared board 2024 · 6/24 · 1 line · MINGO');
    expect(tags['og:image']).toBe(`https://mingo.example/share/${shareCode}.png`);
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(tags['twitter:card']).toBe('summary_large_image');
  });

  it.each([
    ['', 1200, 630],
    ['?format=wide', 1200, 630],
    ['?format=square', 1080, 1080],
  ])('renders the share image%s as a PNG of the right size', async (query, width, height) => {
    const response = await t.app.inject({ method: 'GET', url: `/share/${shareCode}.png${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width, height });
  });

  it('draws a share image once and serves repeats from the cache (ETag, 304)', async () => {
    const code = encodeShareCode(2019, firstRow);
    const first = await t.app.inject({ method: 'GET', url: `/share/${code}.png` });
    const second = await t.app.inject({ method: 'GET', url: `/share/${code}.png` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe(SHARE_IMAGE_CACHE);
    expect(SHARE_IMAGE_CACHE).toBe('public, max-age=300, must-revalidate');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/share/${code}.png`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload).toHaveLength(0);
    // A different board is a different image.
    const other = await t.app.inject({
      method: 'GET',
      url: `/share/${encodeShareCode(
        2019,
        firstRow.map((seen) => !seen),
      )}.png`,
    });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('refuses bad share images with JSON errors', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/share/GAA*AA.png' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: { code: 'not_found', message: 'A share code uses only letters, digits, "-" and "_".' } });
    const format = await t.app.inject({ method: 'GET', url: `/share/${shareCode}.png?format=huge` });
    expect(format.statusCode).toBe(400);
  });

  it('points /favicon.ico at the SVG icon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
  });

  it('serves robots.txt as text that points to the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Sitemap: https:\/\/mingo\.example\/sitemap\.xml$/m);
  });

  it('lets crawlers fetch every page and every link-preview image the pages name, and nothing private', async () => {
    const robots = (await t.app.inject({ method: 'GET', url: '/robots.txt' })).body;
    const pages = ['/', '/about', '/db', '/shop', `/clip/${clipId}`, `/share/${shareCode}`];
    const images: string[] = [];
    for (const page of pages) {
      expect(robotsAllow(robots, page), page).toBe(true);
      const tags = headTags((await get(page)).body);
      for (const image of [tags['og:image'], tags['twitter:image']]) {
        const url = new URL(image ?? '');
        images.push(`${url.pathname}${url.search}`);
      }
    }
    expect(images).toContain('/media/00000000-0000-4000-8000-000000000002.jpg');
    expect(images).toContain(`/share/${shareCode}.png`);
    for (const image of images) expect(robotsAllow(robots, image), image).toBe(true);
    // The clip's video, the API, checkout and staff pages stay out.
    for (const path of [
      '/media/00000000-0000-4000-8000-000000000001.webm',
      '/api/clips',
      '/checkout/test/x',
      '/manage',
      '/upload',
      '/orders',
      '/success',
      '/leagues',
      '/leagues/ABC234',
      '/me/link/some-token',
      '/admin/leagues',
    ]) {
      expect(robotsAllow(robots, path), path).toBe(false);
    }
  });

  it('limits how often one address may fetch share images (429 rate_limited)', async () => {
    const code = encodeShareCode(2021, firstRow);
    let last = await t.app.inject({ method: 'GET', url: `/share/${code}.png` });
    expect(last.statusCode).toBe(200);
    for (let request = 1; request <= SHARE_IMAGE_RATE_LIMIT.max && last.statusCode === 200; request++) {
      last = await t.app.inject({ method: 'GET', url: `/share/${code}.png` });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Pages are not limited.
    expect((await get(`/share/${code}`)).statusCode).toBe(200);
  });

  it('lists the public pages and clips in sitemap.xml', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      'https://mingo.example/',
      'https://mingo.example/about',
      'https://mingo.example/db',
      'https://mingo.example/shop',
      `https://mingo.example/clip/${clipId}`,
    ]);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  /** The text of About's static shell paragraph (index.html), comments and line breaks taken out. */
  const aboutIntro = (html: string) =>
    (/<div class="app-shell-page app-shell-about[^"]*">[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/\s+/g, ' ');

  /** The static shell of /db in a page's HTML: its year headings, poster names and status line (app-shell.ts). */
  const dbShell = (html: string) => {
    const shell = /<div class="app-shell-page app-shell-db[^"]*">([\s\S]*?)<div class="app-shell-page app-shell-shop/.exec(html)?.[1] ?? '';
    const all = (pattern: RegExp) => [...shell.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, ''));
    return {
      years: all(/<h2 [^>]*>(.*?)<\/h2>/g),
      posters: all(/<li [^>]*>.*?<p [^>]*>(.*?)<\/p><\/li>/g),
      status: all(/<p [^>]*class="-mt-3[^"]*">(.*?)<\/p>/g),
    };
  };

  /** The pictures a page's HTML asks the browser to fetch at once. */
  const preloadedImages = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((match) => match[1]);

  it("preloads the DB page's first poster: the newest year's first movie", async () => {
    const movies = JSON.parse(await readFile('public/data/movielist.json', 'utf8')) as { year: number; name: string; imageURL: string }[];
    const newest = Math.max(...movies.map((movie) => movie.year));
    const first = movies.find((movie) => movie.year === newest && movie.name !== 'Free Space');
    expect(preloadedImages((await get('/db')).body)).toEqual([first?.imageURL]);
    expect(preloadedImages((await get('/about')).body)).toEqual([]);
  });

  it("paints the DB page's top and first row into its HTML: the newest year's movies, as the page shows them", async () => {
    const movies = JSON.parse(await readFile('public/data/movielist.json', 'utf8')) as { id: string; year: number; name: string }[];
    const newest = Math.max(...movies.map((movie) => movie.year));
    const newestNames = movies
      .filter((movie) => movie.year === newest && movie.name !== 'Free Space')
      .map((movie) => escapeMarkup(movie.name));
    const films = new Set(movies.filter((movie) => movie.name !== 'Free Space').map((movie) => movie.id)).size;
    const html = (await get('/db')).body;
    expect(dbShell(html)).toEqual({ years: [`${newest} (24)`], posters: newestNames, status: [`${films} movies`] });
    // The first poster painted is the one the HTML preloads.
    const first = /<div class="app-shell-page app-shell-db[\s\S]*?<img src="([^"]+)"/.exec(html)?.[1];
    expect(preloadedImages(html)).toEqual([first]);
    // Other pages keep the built shell's words for /db (hidden there): its heading and description alone.
    for (const page of ['/', '/about', '/shop'])
      expect(dbShell((await get(page)).body), page).toEqual({ years: [], posters: [], status: [] });
  });

  it('shares only published boards: a draft year has no share page or image until it is published', async () => {
    const boards = createBoardService(t.database.db, createStorage(t.config.storage));
    const movies = JSON.parse(await readFile('public/data/movielist.json', 'utf8')) as { id: string }[];
    await boards.createBoard(2031);
    await boards.updateSlots(
      2031,
      movies.slice(0, 25).map((movie, position) => (position === 12 ? '2031-free-space' : movie.id)),
    );
    const code = encodeShareCode(2031, firstRow);
    expect((await get(`/share/${code}`)).statusCode).toBe(404);
    // From an address of its own: the rate-limit test above used up the default one's allowance.
    const image = () => t.app.inject({ method: 'GET', url: `/share/${code}.png`, remoteAddress: '10.9.9.9' });
    expect((await image()).json()).toEqual({
      error: { code: 'not_found', message: 'This share code is for 2031, which has no board.' },
    });
    await boards.publish(2031);
    // Written beside the routes: the cached boards go when the database's notice arrives.
    await vi.waitFor(async () => expect((await get(`/share/${code}`)).statusCode).toBe(200), EVENTUALLY);
    const published = await image();
    expect(published.statusCode).toBe(200);
    // Caches keep it minutes, not a day: an unpublished board's picture does not linger (issue 33).
    expect(published.headers['cache-control']).toBe(SHARE_IMAGE_CACHE);
    // The newest published board is the DB page's first: its first poster is preloaded.
    expect(preloadedImages((await get('/db')).body)).toEqual(['/posters/2018-black-panther.svg']);
    // About's static shell names the years as the page will.
    expect(aboutIntro((await get('/about')).body)).toContain('Every year from 2018 to 2031 has its own 5×5 board');
    // The DB's first paint is the new board's row (its movies are 2018's, so the count stays).
    const dbFirstRow = async () => {
      const { years, posters, status } = dbShell((await get('/db')).body);
      return { years, first: posters[0], status };
    };
    expect(await dbFirstRow()).toEqual({ years: ['2031 (24)'], first: 'Black Panther', status: ['192 movies'] });
    await boards.unpublish(2031);
    await vi.waitFor(async () => expect((await get(`/share/${code}`)).statusCode).toBe(404), EVENTUALLY);
    // A cache asking again with the image's ETag gets the 404, not a 304 that would keep the picture.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/share/${code}.png`,
      remoteAddress: '10.9.9.9',
      headers: { 'if-none-match': String(published.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(404);
    expect(aboutIntro((await get('/about')).body)).toContain('Every year from 2018 to 2025 has its own 5×5 board');
    expect(await dbFirstRow()).toEqual({ years: ['2025 (24)'], first: 'Sinners', status: ['192 movies'] });
  });

  it("preloads the pictures of the shop's first row on its first page only", async () => {
    const pixel = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const service = createProductService(t.database.db);
    for (const code of ['PRE-1', 'PRE-2', 'PRE-3']) await service.create(productFields(code), pixel);
    const listed = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=4' })).body) as {
      items: { imageURL: string }[];
    };
    const firstRow = listed.items.slice(0, 2).map((item) => item.imageURL);
    expect(new Set(firstRow).size).toBe(2);
    expect(preloadedImages((await get('/shop')).body)).toEqual(firstRow);
    expect(preloadedImages((await get('/shop?page=1')).body)).toEqual(firstRow);
    expect(preloadedImages((await get('/shop?page=2')).body)).toEqual([]);
    // The query is read as the shop reads it (the first value's integer, anything else page 1),
    // through the page's query schema: never a 400 for a page.
    for (const same of ['/shop?page=01', '/shop?page=1&page=2', '/shop?page=first', '/shop?page=', '/shop?page=%00']) {
      const page = await get(same);
      expect(page.statusCode, same).toBe(200);
      expect(preloadedImages(page.body), same).toEqual(firstRow);
    }
    expect(preloadedImages((await get('/shop?page=2&page=1')).body)).toEqual([]);
  });

  it("sends the shop's first catalogue page with its HTML: a preloaded answer and painted tiles", async () => {
    const url = '/api/products?page=1&pageSize=4';
    const listed = JSON.parse((await t.app.inject({ method: 'GET', url })).body) as { items: { productName: string }[] };
    expect(listed.items.length).toBeGreaterThan(0);

    const html = (await get('/shop')).body;
    // The very URL the shop's code asks for, so the browser hands the preloaded answer to it.
    expect([...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin/g)].map((match) => match[1])).toEqual([
      url.replace('&', '&amp;'),
    ]);
    const shell = /<div class="app-shell-page app-shell-shop[^>]*>([\s\S]*?)<\/ul><\/section><\/div>/.exec(html)?.[1] ?? '';
    expect([...shell.matchAll(/<li>/g)]).toHaveLength(listed.items.length);
    for (const item of listed.items) expect(shell).toContain(escapeMarkup(item.productName));

    // Kept between requests, and repainted when a product changes.
    const listedIds = JSON.parse((await t.app.inject({ method: 'GET', url })).body) as { items: { id: string }[] };
    const firstId = listedIds.items[0]?.id ?? '';
    await createProductService(t.database.db).update(firstId, { name: 'Renamed <Tee>' });
    // The database's notice of the write drops the cached shell (public-cache.ts).
    await vi.waitFor(async () => expect((await get('/shop')).body).toContain('Renamed &lt;Tee&gt;'), EVENTUALLY);

    const later = (await get('/shop?page=2')).body;
    expect(later).not.toContain('as="fetch"');
    expect(later).not.toMatch(/app-shell-shop[^>]*>\s*<h1 class="page-title">Shop MINGO<\/h1>\s*<div/);
  });
});
