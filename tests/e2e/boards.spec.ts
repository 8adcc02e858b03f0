import { readFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoViolations } from './axe';
import { draftBoard, origin, publishedMovies, savedSlots } from './boards-support';
import { expect, signIn, test, whenServiceWorkerReady } from './fixtures';

// Living boards (issue 21): an admin builds and publishes boards in the browser, visitors play
// them. These tests change what every visitor sees (a published 2026 board), so they run in the
// `shared-state` project, after the other browser tests, and take their boards away at the end.

async function removeBoard(request: APIRequestContext, year: number): Promise<void> {
  await request.post(`/api/admin/boards/${year}/unpublish`, { headers: { origin: origin() } });
  await request.delete(`/api/admin/boards/${year}`, { headers: { origin: origin() } });
}

async function visitor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  return page;
}

test.describe('living boards', () => {
  test.describe.configure({ mode: 'serial' });
  // The first story keeps the new board offline: it needs the service worker.
  test.use({ serviceWorkers: 'allow' });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page);
    for (const year of [2026, 2027, 2028]) await removeBoard(page.request, year);
    await page.close();
  });

  test('an admin publishes a 2026 board with a new movie and its poster; a visitor sees 2026 first, plays it, and keeps it offline', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    // The visitor's first visit is before 2026 exists: the service worker installs with the old boards.
    const fanContext = await browser.newContext();
    const fan = await visitor(fanContext);
    await fan.goto('/');
    await expect(fan.getByRole('tab', { name: /^2025/ })).toHaveAttribute('aria-selected', 'true');
    await whenServiceWorkerReady(fan);

    // The admin: 22 squares from existing movies through the API, one found by title, one new.
    await signIn(page);
    const movies = await publishedMovies(page.request);
    const fromOlderBoards = movies.filter((movie) => movie.year <= 2020);
    const searched = fromOlderBoards[30];
    if (searched === undefined) throw new Error('The seed has movies');
    await draftBoard(
      page.request,
      2026,
      fromOlderBoards.slice(0, 22).map((movie) => movie.id),
    );

    await page.goto('/');
    // The organisers' links sit in the navigation's Admin menu (decision 180).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '2026 board (Draft)' })).toBeVisible();
    // Publish is offered once every square is filled (issue 33); until then the line names what is left.
    await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await expect(page.getByText('2 squares left: G5 and O5. Fill every square to publish.')).toBeVisible();

    await page.getByRole('button', { name: 'G5: empty' }).click();
    await page.getByRole('searchbox', { name: 'Find a movie for G5' }).fill(searched.name);
    await page.getByRole('button', { name: `Put on G5: ${searched.name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `G5: ${searched.name}` })).toBeVisible();

    await page.getByRole('button', { name: 'O5: empty' }).click();
    await page.getByRole('button', { name: 'Add movie' }).click();
    const form = page.getByRole('dialog', { name: 'Add a movie to O5' });
    // A typo, fixed below once the board is public.
    await form.getByRole('textbox', { name: 'Title' }).fill('The Glas Ferry');
    await form.getByRole('textbox', { name: 'Runtime (minutes)' }).fill('98');
    await form.getByRole('textbox', { name: 'Description' }).fill('A fictional ferry crosses a fictional bay.');
    await form.getByRole('textbox', { name: 'First rating’s caption' }).fill('Rosa’s take');
    await form.getByRole('textbox', { name: 'First rating (0–5, halves)' }).fill('4.5');
    await form.getByRole('textbox', { name: 'Second rating (0–5, halves)' }).fill('3');
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await form.getByLabel('Poster').setInputFiles({ name: 'ferry.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('img', { name: 'Preview of the chosen poster' })).toBeVisible();
    await form.getByRole('button', { name: 'Add movie' }).click();
    await expect(page.getByRole('button', { name: 'O5: The Glas Ferry' })).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish the 2026 board?' }).getByRole('button', { name: 'Publish 2026' }).click();
    await expect(page.getByText('The 2026 board is published.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '2026 board (Published)' })).toBeVisible();

    // The visitor, online: 2026 is the first tab and is played like any other year.
    await fan.reload();
    const tab2026 = fan.getByRole('tab', { name: /^2026/ });
    await expect(tab2026).toHaveAttribute('aria-selected', 'true');
    await expect(fan.getByRole('tab').first()).toHaveText(/^2026/);
    const board = fan.getByRole('tabpanel');
    await board.locator('[data-cell="O5"]').click();
    const card = fan.getByRole('dialog', { name: 'The Glas Ferry' });
    await expect(card).toContainText('A fictional ferry crosses a fictional bay.');
    await card.getByRole('button', { name: 'Seen it' }).click();
    await fan.keyboard.press('Escape');
    await expect(tab2026).toContainText('1/24');
    // The uploaded poster carries the title strip (the seed's posters draw their own title).
    await expect(board.locator('[data-cell="O5"] [data-testid="poster-title-strip"]')).toHaveAttribute('data-title', 'The Glas Ferry');
    await expect(board.locator('[data-cell="M1"] [data-testid="poster-title-strip"]')).toHaveCount(0);
    const poster = board.locator('[data-cell="O5"] picture');
    await expect(poster.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/media\/poster-.+ \d+w/);
    await expect
      .poll(() => poster.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);

    // The admin fixes the typo; the public board shows it (ids never change: the mark stays).
    await page.getByRole('button', { name: 'O5: The Glas Ferry' }).click();
    await page.getByRole('button', { name: 'Edit The Glas Ferry' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit The Glas Ferry' });
    await edit.getByRole('textbox', { name: 'Title' }).fill('The Glass Ferry');
    await edit.getByRole('button', { name: 'Save movie' }).click();
    await expect(page.getByRole('button', { name: 'O5: The Glass Ferry' })).toBeVisible();
    await fan.reload();
    await expect(fan.getByRole('tabpanel').getByRole('button', { name: 'The Glass Ferry, O5, seen' })).toBeVisible();
    await expect(fan.getByRole('tab', { name: /^2026/ })).toContainText('1/24');

    // Offline: the board published after the first visit still plays, posters included.
    await fanContext.setOffline(true);
    await fan.reload();
    await expect(fan.getByRole('tab', { name: /^2026/ })).toHaveAttribute('aria-selected', 'true');
    const offlinePoster = fan.getByRole('tabpanel').locator('[data-cell="O5"] img');
    await expect.poll(() => offlinePoster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await fan.getByRole('tabpanel').locator('[data-cell="M1"]').click();
    await fan.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    await fan.keyboard.press('Escape');
    await expect(fan.getByRole('tab', { name: /^2026/ })).toContainText('2/24');
    await fanContext.close();
  });

  test('a draft stays invisible to visitors; its squares move with Alt+arrow keys and by drag and drop', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const movies = await publishedMovies(page.request);
    const [first, second] = movies;
    if (first === undefined || second === undefined) throw new Error('The seed has movies');
    await draftBoard(page.request, 2027, [first.id, second.id]);

    const fan = await browser.newPage();
    await fan.goto('/');
    await expect(fan.getByRole('tab').first()).not.toHaveText(/^2027/);
    await expect(fan.getByRole('tab', { name: /^2027/ })).toHaveCount(0);
    expect((await fan.request.get('/api/boards/2027')).status()).toBe(404);
    const list = (await (await fan.request.get('/api/boards')).json()) as { items: { year: number }[] };
    expect(list.items.map((board) => board.year)).not.toContain(2027);
    await fan.close();

    await page.goto('/boards');
    await page.getByRole('button', { name: 'Open 2027' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '2027 board (Draft)' })).toBeVisible();
    await page.getByRole('button', { name: `M1: ${first.name}` }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(page.getByRole('status').filter({ hasText: `Moved ${first.name} to M2.` })).toBeAttached();
    await expect(page.getByRole('button', { name: `M2: ${first.name}` })).toBeFocused();
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page.getByRole('button', { name: `I2: ${first.name}` })).toBeFocused();
    // Saved on the server (the two moves, in order): a reload shows the same order.
    await expect.poll(async () => (await savedSlots(page.request, 2027))?.indexOf(first.id)).toBe(6);
    await page.reload();
    await page.getByRole('button', { name: 'Open 2027' }).click();
    await expect(page.getByRole('button', { name: `I2: ${first.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `I1: ${second.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'M1: empty' })).toBeVisible();

    // Drag and drop: the second movie onto the empty M1 (the squares swap).
    await page.getByRole('button', { name: `I1: ${second.name}` }).dragTo(page.getByRole('button', { name: 'M1: empty' }));
    await expect(page.getByRole('button', { name: `M1: ${second.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'I1: empty' })).toBeVisible();
    await expect.poll(async () => (await savedSlots(page.request, 2027))?.indexOf(second.id)).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Open 2027' }).click();
    await expect(page.getByRole('button', { name: `M1: ${second.name}` })).toBeVisible();

    await expectNoViolations(page, '/boards');
    await page.getByRole('button', { name: `I2: ${first.name}` }).click();
    await page.getByRole('button', { name: 'Add movie' }).click();
    await expectNoViolations(page, 'the movie form', 'dialog[open]');
  });

  test('Export downloads every board; Import previews a movie list and applies it as a draft', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/boards');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mingo-boards-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      format: string;
      boards: { year: number }[];
      movies: unknown[];
    };
    expect(exported.format).toBe('mingo-boards');
    expect(exported.boards.map((board) => board.year)).toEqual(expect.arrayContaining([2018, 2025]));
    expect(exported.movies).toHaveLength(exported.boards.length * 25);

    // A plain movie list of one fictional board: its centre entry's year (2028) is the board's.
    const list = Array.from({ length: 25 }, (_, cell) => ({
      id: cell === 12 ? '2028-free-space' : `2028-test-reel-${cell}`,
      name: cell === 12 ? 'Free Space' : `Test Reel ${cell}`,
      year: 2028,
      description: 'A fictional film for the import test.',
      imageURL: '',
      starDescriptionA: 'Rosa’s take',
      starRatingA: 3.5,
      starDescriptionB: 'Dev’s take',
      starRatingB: 4,
      runtime: cell === 12 ? 0 : 90 + cell,
    }));
    await page
      .getByLabel('Movie list file')
      .setInputFiles({ name: 'reels.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(list)) });
    const preview = page.getByRole('table', { name: 'What importing this file does' });
    await expect(preview.getByRole('row').nth(1)).toContainText('2028');
    await expect(preview.getByRole('row').nth(1)).toContainText('Create');
    await page.getByRole('button', { name: 'Apply import' }).click();
    // The server draws 25 placeholder posters (WebP and AVIF renditions) before it answers.
    await expect(page.getByText('Imported 1 board.')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('row', { name: '2028 Draft Open 2028' })).toBeVisible();
    // Still a draft: visitors do not see it.
    expect((await page.request.get('/api/boards/2028')).status()).toBe(404);
  });
});
