import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoViolations, THEMES, type Theme } from './axe';
import { draftBoard, origin, publishedMovies, type Movie } from './boards-support';
import { expect, rootClasses, signIn, test } from './fixtures';

// The board editor as an organiser meets it on a 390 px phone and at 1280 px (issue 33): the open
// square's panel where it can be seen, full titles, Publish offered only for a complete board, and
// errors that go as soon as they are fixed. Each width works on its own draft years, older than
// every published board (the Boards page opens the newest year first, and other stories of this
// project look at theirs); nothing is published, and the drafts go at the end.
// It runs in the `shared-state` project (its file name ends in boards.spec.ts), after the others.

/** Each movie once: a movie on several published boards (boards.spec.ts puts older ones on 2026) is listed with each. */
async function seededMovies(request: APIRequestContext): Promise<Movie[]> {
  const movies = await publishedMovies(request);
  return [...new Map(movies.map((movie) => [movie.id, movie])).values()];
}

async function removeBoard(request: APIRequestContext, year: number): Promise<void> {
  await request.delete(`/api/admin/boards/${year}`, { headers: { origin: origin() } });
}

/** The whole of `locator` is inside the viewport. */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) throw new Error(`${what} has no box`);
  expect(box.y, `${what}: top in view`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${what}: left in view`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom in view`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width, `${what}: right in view`).toBeLessThanOrEqual(viewport.width + 0.5);
}

async function press(page: Page, key: string, times: number): Promise<void> {
  for (let count = 0; count < times; count++) await page.keyboard.press(key);
}

/** The squares' texts: each square's full title lies inside its square, under its poster, never cut. */
function squareLayout(page: Page) {
  return page.getByRole('list', { name: /^Squares of the \d{4} board$/ }).evaluate((list) =>
    [...list.querySelectorAll('button')].map((button) => {
      const title = button.querySelector('[data-testid="square-title"]');
      const picture = button.querySelector('picture');
      const strip = button.querySelector<HTMLElement>('[data-testid="poster-title-strip"]');
      if (title === null) throw new Error('a square without its title');
      const square = button.getBoundingClientRect();
      const lines = [...title.getClientRects()];
      const inside = lines.every(
        (line) => line.left >= square.left - 0.5 && line.right <= square.right + 0.5 && line.bottom <= square.bottom + 0.5,
      );
      const belowPoster = picture === null || lines.every((line) => line.top >= picture.getBoundingClientRect().bottom - 0.5);
      return {
        name: button.dataset.slot ?? '',
        title: title.textContent,
        inside,
        belowPoster,
        clipped: button.scrollHeight > button.clientHeight + 1 || button.scrollWidth > button.clientWidth + 1,
        strip: strip?.dataset.title ?? null,
        // The strip draws its title from data-title (app.css): what is painted.
        stripDrawn: strip === null ? null : getComputedStyle(strip, '::before').content,
      };
    }),
  );
}

const WIDTHS = [
  {
    label: '390 px phone',
    years: { draft: 2011, created: 2013 },
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { label: '1280 px', years: { draft: 2012, created: 2014 }, use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const { label, years, use } of WIDTHS) {
  const phone = use.viewport.width < 640;

  test.describe(`the board editor on a ${label}`, () => {
    test.use(use);
    test.describe.configure({ mode: 'serial', timeout: 180_000 });

    test.afterAll(async ({ browser }) => {
      const page = await browser.newPage();
      await signIn(page);
      for (const year of [years.draft, years.created]) await removeBoard(page.request, year);
      await page.close();
    });

    test('New board and Open bring the editor into view; the grid shows every full title; a square’s panel opens where it is seen', async ({
      page,
    }) => {
      await signIn(page);
      // A retry of the group starts again from nothing.
      for (const year of [years.draft, years.created]) await removeBoard(page.request, year);
      const movies = await seededMovies(page.request);
      // The longest titles first: they are the ones a grid cuts.
      const longest = [...movies].sort((a, b) => b.name.length - a.name.length);
      // Every square but M2, G5 and O5 (positions 5, 23 and 24).
      await draftBoard(
        page.request,
        years.draft,
        longest.slice(0, 24).map((movie, index) => ([5, 22, 23].includes(index) ? null : movie.id)),
      );

      await page.goto('/boards');
      await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();

      // New board: a live check of the year, then the new draft's editor in view, its heading focused.
      const year = page.getByRole('textbox', { name: 'Year of the new board' });
      await year.fill(String(years.draft));
      await page.getByRole('button', { name: 'New board' }).click();
      await expect(page.getByText(`There is already a ${years.draft} board.`)).toBeVisible();
      await year.fill(String(years.created));
      await expect(page.getByText(`There is already a ${years.draft} board.`)).toHaveCount(0);
      await expect(year).toHaveAttribute('aria-invalid', 'false');
      await page.getByRole('button', { name: 'New board' }).click();
      const created = page.getByRole('heading', { level: 2, name: `${years.created} board (Draft)` });
      await expect(created).toBeFocused();
      await expectInViewport(page, created, 'the new board’s heading');
      await page.getByRole('button', { name: 'Delete draft' }).click();
      await expect(page.getByRole('button', { name: `Open ${years.created}` })).toHaveCount(0);

      // Open {year}: from the top of the page, the editor comes into view with its heading focused.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: `Open ${years.draft}` }).click();
      const heading = page.getByRole('heading', { level: 2, name: `${years.draft} board (Draft)` });
      await expect(heading).toBeFocused();
      await expectInViewport(page, heading, 'the editor’s heading');

      // Full titles in the grid, under the posters (the seed's posters draw their own title: no strip over them).
      const onBoard = longest.slice(0, 24);
      const expected = Array.from({ length: 25 }, (_, position) => {
        if (position === 12) return 'Free Space';
        const index = position > 12 ? position - 1 : position;
        return [5, 22, 23].includes(index) ? 'empty' : (onBoard[index]?.name ?? '');
      });
      const layout = await squareLayout(page);
      expect(layout.map((square) => square.title)).toEqual(expected);
      for (const square of layout) {
        expect(square, `${square.name}: its whole title inside the square, under the poster`).toMatchObject({
          inside: true,
          belowPoster: true,
          clipped: false,
          strip: null,
        });
      }
      const grid = await page.getByRole('list', { name: `Squares of the ${years.draft} board` }).boundingBox();
      if (!phone) expect(grid?.width, 'the grid uses the width of a 1280 px screen').toBeGreaterThan(640);

      // A square of the last row: its panel is seen at once, with the focus in it; Escape gives it back.
      const o5 = page.getByRole('button', { name: 'O5: empty' });
      if (phone) await o5.tap();
      else await o5.click();
      if (phone) {
        const sheet = page.getByRole('dialog', { name: `O5 of ${years.draft}: empty` });
        await expectInViewport(page, sheet, 'the square’s bottom sheet');
        expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
        await expectInViewport(page, sheet.getByRole('searchbox', { name: 'Find a movie for O5' }), 'the sheet’s search');
        await page.keyboard.press('Escape');
        await expect(sheet).toHaveCount(0);
      } else {
        const panel = page.getByTestId('square-panel');
        await expectInViewport(page, panel, 'the square’s panel');
        await expect(panel.getByRole('heading', { level: 3, name: `O5 of ${years.draft}: empty` })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(panel).toHaveCount(0);
      }
      await expect(o5).toBeFocused();

      // From the keyboard: arrow keys from O5 to M2 (G5, up to G2, left to M2), Enter opens it.
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('button', { name: 'G5: empty' })).toBeFocused();
      await press(page, 'ArrowUp', 3);
      await press(page, 'ArrowLeft', 3);
      await expect(page.getByRole('button', { name: 'M2: empty' })).toBeFocused();
      await page.keyboard.press('Enter');
      const m2 = phone ? page.getByRole('dialog', { name: `M2 of ${years.draft}: empty` }) : page.getByTestId('square-panel');
      await expectInViewport(page, m2, 'M2’s panel');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'M2: empty' })).toBeFocused();
    });

    test('Publish says what is left before any confirm and is offered once the board is complete; the movie form’s errors go as they are fixed', async ({
      page,
    }) => {
      await signIn(page);
      const movies = await seededMovies(page.request);
      const longest = [...movies].sort((a, b) => b.name.length - a.name.length);
      const spare = longest.slice(24);
      await page.goto('/boards');
      await page.getByRole('button', { name: `Open ${years.draft}` }).click();
      await expect(page.getByRole('heading', { level: 2, name: `${years.draft} board (Draft)` })).toBeFocused();

      const publish = page.getByRole('button', { name: 'Publish' });
      const left = page.getByTestId('squares-left');
      await expect(publish).toBeDisabled();
      await expect(left).toHaveText('3 squares left: M2, G5 and O5. Fill every square to publish.');
      await expect(publish).toHaveAccessibleDescription('3 squares left: M2, G5 and O5. Fill every square to publish.');

      const openSquare = async (name: string) => {
        const square = page.getByRole('button', { name: `${name}: empty` });
        if (phone) await square.tap();
        else await square.click();
        const panel = phone ? page.getByRole('dialog', { name: `${name} of ${years.draft}: empty` }) : page.getByTestId('square-panel');
        await expectInViewport(page, panel, `${name}’s panel`);
        return panel;
      };
      /** After Put on or Add movie: a phone's sheet closes by itself (the square is done); beside the board the panel stays, its heading focused. */
      const afterChoice = async (name: string, movie: string) => {
        if (!phone) {
          await expect(
            page.getByTestId('square-panel').getByRole('heading', { level: 3, name: `${name} of ${years.draft}: ${movie}` }),
          ).toBeFocused();
          await page.keyboard.press('Escape');
        }
        await expect(phone ? page.getByRole('dialog') : page.getByTestId('square-panel')).toHaveCount(0);
        await expect(page.getByRole('button', { name: `${name}: ${movie}` })).toBeFocused();
      };

      // M2 from the title search.
      const found = spare[0];
      if (found === undefined) throw new Error('The seed has movies');
      let panel = await openSquare('M2');
      await panel.getByRole('searchbox', { name: 'Find a movie for M2' }).fill(found.name);
      await panel.getByRole('button', { name: `Put on M2: ${found.name}`, exact: true }).click();
      await expect(left).toHaveText('2 squares left: G5 and O5. Fill every square to publish.');
      await afterChoice('M2', found.name);

      // O5: a new movie. Its errors show on Add movie and go as each field is fixed.
      panel = await openSquare('O5');
      await panel.getByRole('button', { name: 'Add movie' }).click();
      const form = page.getByRole('dialog', { name: 'Add a movie to O5' });
      const title = form.getByRole('textbox', { name: 'Title' });
      const ratingA = form.getByRole('textbox', { name: 'First rating (0–5, halves)' });
      await ratingA.fill('9');
      await form.getByRole('button', { name: 'Add movie' }).click();
      await expect(form.getByText('The title is required.')).toBeVisible();
      await expect(form.getByText('Ratings go from 0 to 5.')).toBeVisible();
      await expect(form.getByText('Ratings are numbers from 0 to 5.')).toBeVisible();
      await expect(title).toBeFocused();
      const name = `The Lantern Orchard Night Ferry ${years.draft}`;
      await title.fill(name);
      await expect(form.getByText('The title is required.')).toHaveCount(0);
      await expect(title).toHaveAttribute('aria-invalid', 'false');
      await ratingA.fill('4.5');
      await expect(form.getByText('Ratings go from 0 to 5.')).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Second rating (0–5, halves)' }).fill('3');
      await expect(form.getByText('Ratings are numbers from 0 to 5.')).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Runtime (minutes)' }).fill('98');
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
      const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#7a3b69' } })
        .png()
        .toBuffer();
      await form.getByLabel('Poster').setInputFiles({ name: 'ferry.png', mimeType: 'image/png', buffer: png });
      await form.getByRole('button', { name: 'Add movie' }).click();
      await expect(form).toHaveCount(0);
      await expect(left).toHaveText('1 square left: G5. Fill every square to publish.');
      await afterChoice('O5', name);
      // An uploaded poster carries the title strip fans see; the title is also written in full under it.
      const o5 = (await squareLayout(page)).find((square) => square.name === 'O5');
      expect(o5).toMatchObject({
        title: name,
        strip: name,
        stripDrawn: JSON.stringify(name),
        inside: true,
        belowPoster: true,
        clipped: false,
      });

      // G5: the last square. Publish is offered, and its confirm is the one for complete boards.
      const last = spare[1];
      if (last === undefined) throw new Error('The seed has movies');
      panel = await openSquare('G5');
      await panel.getByRole('searchbox', { name: 'Find a movie for G5' }).fill(last.name);
      await panel.getByRole('button', { name: `Put on G5: ${last.name}`, exact: true }).click();
      await expect(left).toHaveCount(0);
      await afterChoice('G5', last.name);
      await expect(publish).toBeEnabled();
      await publish.click();
      const confirm = page.getByRole('dialog', { name: `Publish the ${years.draft} board?` });
      await expect(confirm).toContainText(`Visitors see the ${years.draft} board at once`);
      // Not published here: other stories of this project look at the public boards.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toHaveCount(0);
    });

    test('axe finds nothing on the editor and its open square, in both themes', async ({ page }) => {
      await signIn(page);
      for (const theme of THEMES) {
        await openInTheme(page, theme);
        await page.getByRole('button', { name: `Open ${years.draft}` }).click();
        await expect(page.getByRole('heading', { level: 2, name: `${years.draft} board (Draft)` })).toBeFocused();
        await page.waitForLoadState('networkidle');
        await expectNoViolations(page, `/boards at ${label} (${theme})`);
        const square = page.getByRole('button', { name: /^O5: / });
        if (phone) await square.tap();
        else await square.click();
        if (phone) {
          await expect(page.getByRole('dialog', { name: new RegExp(`^O5 of ${years.draft}: `) })).toBeVisible();
          await expectNoViolations(page, `O5’s bottom sheet (${theme})`, 'dialog[open]');
        } else {
          await expect(page.getByTestId('square-panel')).toBeVisible();
          await expectNoViolations(page, `/boards with O5 open (${theme})`);
        }
      }
    });
  });
}

/** /boards in `theme` (the stored preference the app reads before its first paint). */
async function openInTheme(page: Page, theme: Theme): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate((value) => window.localStorage.setItem('theme', JSON.stringify(value)), theme);
  await page.goto('/boards');
  await expect(page.getByRole('heading', { level: 1, name: 'Boards' })).toBeVisible();
  expect(await rootClasses(page)).toEqual(theme === 'dark' ? expect.arrayContaining(['dark']) : expect.not.arrayContaining(['dark']));
}
