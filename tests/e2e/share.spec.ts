import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { encodeShareCode } from '../../src/domain/share-code';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { expect, test } from './fixtures';

/** Ids of one year's 25 cells in board order. */
async function boardIds(page: Page, year: number): Promise<string[]> {
  const response = await page.request.get('/data/movielist.json');
  const movies = (await response.json()) as { id: string }[];
  const start = (year - 2018) * 25;
  return movies.slice(start, start + 25).map((movie) => movie.id);
}

/** Stores seen ids before the first page script runs, as an earlier visit would have. */
async function presetSeen(page: Page, ids: string[]): Promise<void> {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('preset-done') !== null) return;
    window.localStorage.setItem('watchedMovies', value);
    window.sessionStorage.setItem('preset-done', '1');
  }, JSON.stringify(ids));
}

async function storedSeen(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('watchedMovies') ?? 'null') as unknown);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

// 2024: the first row (5) and the 2nd cell of the 2nd row.
const THEIR_CELLS = [0, 1, 2, 3, 4, 6];
const theirSeen = Array.from({ length: 25 }, (_, cell) => THEIR_CELLS.includes(cell));
const CODE = encodeShareCode(2024, theirSeen);

test.describe('share a board', () => {
  test('the Share dialog gives a link with the marks and downloadable images', async ({ page }) => {
    const ids = await boardIds(page, 2024);
    await presetSeen(
      page,
      THEIR_CELLS.map((cell) => ids[cell] ?? ''),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: /^2024/ }).click();
    await page.getByRole('button', { name: 'Share 2024' }).click();

    const dialog = page.getByRole('dialog', { name: 'Share your 2024 board' });
    await expect(dialog.getByText('2024 · 6/24 · 1 line')).toBeVisible();
    const link = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(link).toHaveValue(new URL(`/share/${CODE}`, page.url()).href);

    const wide = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download image' }).click();
    const wideFile = await wide;
    expect(wideFile.suggestedFilename()).toBe(`mingo-2024-${CODE}.png`);
    expect(pngSize(await readFile(await wideFile.path()))).toEqual({ width: 1200, height: 630 });
    await expect(dialog.getByRole('status')).toHaveText('Image downloaded.');

    const square = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download square image' }).click();
    expect(pngSize(await readFile(await (await square).path()))).toEqual({ width: 1080, height: 1080 });
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the Share dialog previews the link's image, loaded and inside the dialog (${viewport.width} px)`, async ({ page }) => {
      const ids = await boardIds(page, 2024);
      await presetSeen(
        page,
        THEIR_CELLS.map((cell) => ids[cell] ?? ''),
      );
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('tab', { name: /^2024/ }).click();
      // The page is inert behind the modal dialog: the theme is switched before it opens.
      for (const theme of THEMES) {
        await switchTheme(page, theme);
        await page.getByRole('button', { name: 'Share 2024' }).click();
        const dialog = page.getByRole('dialog', { name: 'Share your 2024 board' });
        const preview = dialog.getByRole('img', { name: 'The image the link shows: MINGO 2024 · 6/24 · 1 line' });
        await expect(preview).toHaveAttribute('src', `/share/${CODE}.png`);
        // Loaded: the browser decoded the server's PNG, and the placeholder note is gone.
        await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
        await expect(dialog.getByTestId('share-preview-note')).toHaveCount(0);
        await expect(preview).toBeVisible();
        const image = await preview.boundingBox();
        const frame = await dialog.boundingBox();
        if (image === null || frame === null) throw new Error('the dialog or its preview is not rendered');
        expect(image.width).toBeGreaterThan(200);
        expect(image.x).toBeGreaterThanOrEqual(frame.x);
        expect(image.x + image.width).toBeLessThanOrEqual(frame.x + frame.width);
        expect(Math.abs(image.width / image.height - 1200 / 630), "drawn at the image's proportions").toBeLessThan(0.02);
        expect(frame.x + frame.width, 'the dialog fits the screen').toBeLessThanOrEqual(viewport.width);
        await expectNoViolations(page, `share dialog with preview at ${viewport.width} px (${theme})`);
        await page.screenshot({ path: test.info().outputPath(`share-dialog-${viewport.width}-${theme}.png`) });
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    });
  }

  test('Share… hands the square image to the Web Share API within the click, as Safari requires', async ({ page }) => {
    // Chromium on Linux has no Web Share API: a stand-in records what it is given, and whether it
    // was called while the click was still being dispatched (`window.event`), i.e. within the
    // user gesture (Safari refuses files once the gesture is over, e.g. after drawing the image).
    await page.addInitScript(() => {
      const calls: { during: string | null; url: string | undefined; files: { name: string; type: string; size: number }[] }[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          calls.push({
            during: window.event?.type ?? null,
            url: data.url,
            files: (data.files ?? []).map(({ name, type, size }) => ({ name, type, size })),
          });
          return Promise.resolve();
        },
      });
    });
    await presetSeen(page, []);
    await page.goto('/');
    await page.getByRole('tab', { name: /^2024/ }).click();
    await page.getByRole('button', { name: 'Share 2024' }).click();

    const dialog = page.getByRole('dialog', { name: 'Share your 2024 board' });
    const share = dialog.getByRole('button', { name: 'Share…' });
    await expect(share).toBeEnabled();
    await share.click();
    await expect(dialog.getByRole('status')).toHaveText('Shared.');
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls);
    const code = encodeShareCode(
      2024,
      Array.from({ length: 25 }, () => false),
    );
    expect(calls).toEqual([
      {
        during: 'click',
        url: new URL(`/share/${code}`, page.url()).href,
        files: [{ name: `mingo-2024-${code}-square.png`, type: 'image/png', size: expect.any(Number) }],
      },
    ]);
  });

  test('a share link shows that board read-only and leaves the visitor’s marks alone', async ({ page }) => {
    const ids = await boardIds(page, 2024);
    // The visitor has seen two of the shared squares (cells 0 and 6) and one they have not (cell 10).
    const mine = [ids[0] ?? '', ids[6] ?? '', ids[10] ?? '', '2019-parasite'];
    await presetSeen(page, mine);
    await page.goto(`/share/${CODE}`);

    await expect(page.getByRole('heading', { level: 1, name: 'A shared 2024 board' })).toBeVisible();
    await expect(page.getByTestId('shared-summary')).toHaveText('2024 · 6/24 · 1 line');
    await expect(page).toHaveTitle('Shared board 2024 · 6/24 · 1 line · MINGO');
    const board = page.getByRole('list', { name: 'Shared 2024 board' });
    await expect(board.getByRole('listitem')).toHaveCount(25);
    await expect(board.locator('[data-seen="true"]')).toHaveCount(7); // 6 + the Free Space
    // Read-only: nothing on the board can be pressed.
    await expect(board.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Completed lines' }).getByRole('listitem')).toHaveText(['Row 1']);
    expect(await storedSeen(page)).toEqual(mine);

    await page.getByRole('button', { name: 'Compare with mine' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You have both seen' })).toHaveText('You have both seen 2 of 24.');
    await expect(board.locator('[data-compare="both"]')).toHaveCount(3); // 2 + the Free Space
    await expect(board.locator('[data-compare="theirs"]')).toHaveCount(4);
    await expect(board.locator('[data-compare="mine"]')).toHaveCount(1);
    await expect(board.getByRole('img', { name: /, seen by both of you$/ })).toHaveCount(3);
    await page.getByRole('button', { name: 'Show their board only' }).click();
    await expect(board.locator('[data-compare]')).toHaveCount(0);

    // The visitor's own boards are as they were.
    expect(await storedSeen(page)).toEqual(mine);
    await page.getByRole('link', { name: 'Play your own boards' }).click();
    await page.getByRole('tab', { name: /^2024/ }).click();
    await expect(page.getByRole('tab', { name: /^2024/ })).toContainText('3/24');
  });
});

test.describe('document titles', () => {
  test('each page names itself in the tab title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('MINGO boards · MINGO');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveTitle('About MINGO · MINGO');
    await nav.getByRole('link', { name: 'MINGO DB' }).click();
    await expect(page).toHaveTitle('MINGO DB · MINGO');
    await nav.getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveTitle('Shop MINGO · MINGO');

    const clips = (await (await page.request.get('/api/clips?limit=1')).json()) as { items: { docID: string; title: string }[] };
    const clip = clips.items[0];
    expect(clip).toBeDefined();
    await page.goto(`/clip/${clip?.docID ?? ''}`);
    await expect(page).toHaveTitle(`${clip?.title ?? ''} · MINGO`);
  });
});

test.describe('pages that do not exist', () => {
  // The browser logs the 404 status of the page itself.
  test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource.*404/] } });

  test('an unknown page answers 404 with the 404 page and its title', async ({ page }) => {
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · MINGO');
  });

  test('a broken share link says why', async ({ page }) => {
    const response = await page.goto('/share/GAA*AA');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This share link does not work' })).toBeVisible();
    await expect(page.getByText('A share code uses only letters, digits, "-" and "_".')).toBeVisible();
  });
});
