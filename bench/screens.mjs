// Screenshots for review by eye (issue 23): every main screen at 1280×800 and 390×844, in the dark
// and the light theme, signed out or as the admin, and one contact sheet per screen with its four
// shots side by side (desktop dark, desktop light, phone dark, phone light).
//
//   npm run build && node --import tsx bench/screens.mjs [--out DIR] [--only name,name]
//
// Starts the production build on 127.0.0.1 with a fresh data directory and demo content, and
// Debian's Chromium (CHROMIUM_PATH). Prints the sheets' paths. Not a test: it checks nothing
// itself, it shows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { encodeShareCode } from '../src/domain/share-code.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './bench-utils.mjs';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'test-results/screens' }, only: { type: 'string' } } });
const ADMIN = { email: 'screens-admin@mingo.local', password: 'screens-admin-password' };
process.env.ADMIN_EMAIL = ADMIN.email;
process.env.ADMIN_PASSWORD = ADMIN.password;

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];
const THEMES = ['dark', 'light'];

const board = (page) => page.getByTestId('bingo-board');
const settle = (page) => page.waitForLoadState('networkidle');

/** Each screen: where it is, who looks at it, and what to do before the shot. */
const SCREENS = [
  { name: 'home', path: '/', ready: (page) => board(page).getByRole('button').nth(24).waitFor() },
  {
    name: 'random-pick',
    path: '/',
    ready: async (page) => {
      await board(page).getByRole('button').nth(24).waitFor();
      await page.getByRole('button', { name: 'Ask Mighty MINGO' }).click();
      await page.getByText(/^Mighty MINGO says /).waitFor();
    },
  },
  {
    name: 'movie-modal',
    path: '/',
    ready: async (page) => {
      await board(page).getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'share-dialog',
    path: '/',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Share \d{4}/ }).click();
      await page.getByRole('dialog').getByRole('img').waitFor();
    },
  },
  { name: 'compare', path: 'compare', ready: (page) => page.getByRole('list', { name: 'Shared 2024 board' }).waitFor() },
  { name: 'db', path: '/db', ready: (page) => page.getByRole('button', { name: /^Parasite/ }).waitFor() },
  { name: 'about', path: '/about', ready: (page) => page.getByRole('button', { name: 'Try a movie card' }).waitFor() },
  { name: 'shop', path: '/shop', ready: (page) => page.getByRole('button', { name: 'CHECKOUT' }).waitFor() },
  {
    name: 'empty-cart',
    path: '/shop',
    ready: async (page) => {
      await page.getByRole('button', { name: 'CHECKOUT' }).click();
      await page.getByText('Your cart is empty').first().waitFor();
    },
  },
  {
    name: 'product-window',
    path: '/shop',
    ready: async (page) => {
      await page.getByRole('button', { name: 'CHECKOUT' }).waitFor();
      await page.locator('main').getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'menu',
    path: '/',
    admin: true,
    ready: async (page) => {
      const menu = page.getByRole('button', { name: page.viewportSize().width < 1024 ? 'Menu' : 'Admin' });
      await menu.click();
      // A disclosure: the button says it is expanded, its list of links shows below it.
      await page.locator('button[aria-expanded="true"]').waitFor();
    },
  },
  { name: 'manage', path: '/manage?view=all', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'orders', path: '/orders', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'staff', path: '/staff', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'add-product', path: '/add-product', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'upload', path: '/upload', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'boards', path: '/boards', admin: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'api-docs', path: '/api/docs', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

/** The compare view: a shared 2024 board (first row and B2) against this visitor's M1 and M3. */
async function compareUrl(page) {
  const code = encodeShareCode(
    2024,
    Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 6),
  );
  const movies = await (await page.request.get('/data/movielist.json')).json();
  const ids = movies.slice(150, 175).map((movie) => movie.id);
  await page.addInitScript((value) => globalThis.localStorage.setItem('watchedMovies', value), JSON.stringify([ids[0], ids[10]]));
  return `/share/${code}`;
}

async function shoot(browser, url, screen, viewport, theme, file) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: viewport.width, height: viewport.height },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.addInitScript((value) => globalThis.localStorage.setItem('theme', JSON.stringify(value)), theme);
  if (screen.admin) {
    const signedIn = await page.request.post('/api/auth/sign-in/email', { data: ADMIN, headers: { origin: url } });
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()}`);
  }
  let target = screen.path;
  if (target === 'compare') target = await compareUrl(page);
  await page.goto(target);
  if (target.startsWith('/share/')) await page.getByRole('button', { name: 'Compare with mine' }).click();
  await screen.ready(page);
  await settle(page);
  await page.screenshot({ path: file });
  await context.close();
}

const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
const only = values.only?.split(',');
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const screen of SCREENS.filter((s) => only === undefined || only.includes(s.name))) {
    const shots = [];
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const file = path.join(out, `${screen.name}-${viewport.name}-${theme}.png`);
        try {
          await shoot(browser, server.url, screen, viewport, theme, file);
          shots.push({ file, viewport });
        } catch (error) {
          console.error(`${screen.name} ${viewport.name} ${theme}: ${error.message.split('\n')[0]}`);
        }
      }
    }
    if (shots.length === 0) continue;
    // Half size, side by side, on a grey ground.
    const scaled = await Promise.all(
      shots.map(async ({ file, viewport }) => ({
        input: await sharp(file)
          .resize(Math.round(viewport.width / 2))
          .png()
          .toBuffer(),
        width: Math.round(viewport.width / 2),
      })),
    );
    const gap = 12;
    let left = 0;
    const composite = scaled.map(({ input, width }) => {
      const placed = { input, left, top: 0 };
      left += width + gap;
      return placed;
    });
    const sheet = path.join(out, `sheet-${screen.name}.png`);
    await sharp({ create: { width: left - gap, height: 422, channels: 3, background: '#888888' } })
      .composite(composite)
      .png()
      .toFile(sheet);
    console.log(sheet);
  }
} finally {
  await browser.close();
  await server.stop();
}
