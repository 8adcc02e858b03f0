import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { expect, signIn, test } from './fixtures';

// Imports that finish (issue 33, decision 194): an organiser imports a file of several boards; the
// page shows the import's progress and its outcome, a reload during the import finds it again,
// and a template file is offered beside the file input. One import runs at a time on the server,
// so these stories run one after the other; their boards are drafts (visitors never see them),
// taken away at the end.

const origin = () => String(test.info().project.use.baseURL);

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A plain movie list of fictional boards for `years`: every movie new, every poster a placeholder to draw (25 a board). */
function movieList(years: readonly number[]) {
  return years.flatMap((year) =>
    Array.from({ length: 25 }, (_, cell) => ({
      id: cell === 12 ? `${year}-free-space` : `${year}-lantern-reel-${cell}`,
      name: cell === 12 ? 'Free Space' : `Lantern Reel ${cell}`,
      year,
      description: 'A fictional film for the import story.',
      imageURL: '',
      starDescriptionA: 'Rosa’s take',
      starRatingA: 3.5,
      starDescriptionB: 'Dev’s take',
      starRatingB: 4,
      runtime: cell === 12 ? 0 : 80 + cell,
    })),
  );
}

async function removeBoards(request: APIRequestContext, years: readonly number[]): Promise<void> {
  for (const year of years) await request.delete(`/api/admin/boards/${year}`, { headers: { origin: origin() } });
}

async function openBoards(page: Page): Promise<void> {
  await page.goto('/boards');
  await expect(page.getByRole('heading', { name: 'Import and export' })).toBeVisible();
}

test.describe('board import', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  for (const [label, device, years] of [
    ['at 1280 px', DESKTOP, [2091, 2092, 2093, 2094]],
    ['on a 390 px phone', PHONE, [2095, 2096, 2097, 2098]],
  ] as const) {
    test.describe(label, () => {
      test.use(device);

      test.afterAll(async ({ browser }) => {
        const page = await browser.newPage();
        await signIn(page);
        await removeBoards(page.request, years);
        await page.close();
      });

      test('an import shows its progress, a reload finds it again, and it ends with its outcome', async ({ page }) => {
        await signIn(page);
        await openBoards(page);
        await page
          .getByLabel('Movie list file')
          .setInputFiles({ name: 'lanterns.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(movieList(years))) });
        const preview = page.getByRole('table', { name: 'What importing this file does' });
        for (const [index, year] of years.entries()) await expect(preview.getByRole('row').nth(index + 1)).toContainText(`${year}Create`);
        await expect(page.getByText('New movies (100)')).toBeVisible();
        await expect(page.getByText('No year is published by this import.')).toBeVisible();
        // The preview follows "Publish every imported year" (left unticked: these boards stay drafts).
        const publish = page.getByRole('checkbox', { name: 'Publish every imported year' });
        await publish.check();
        await expect(
          page.getByText(`Importing publishes ${years.slice(0, -1).join(', ')} and ${years[3]}: visitors see them at once.`),
        ).toBeVisible();
        await publish.uncheck();
        await expect(page.getByText('No year is published by this import.')).toBeVisible();

        await page.getByRole('button', { name: 'Apply import' }).click();
        // 100 placeholder posters take the server tens of seconds (the 4 boards took 26 s):
        // the page follows the job meanwhile, and a reload finds it again.
        const progress = page.getByText(/^Importing… \d+ of 100 posters$/);
        await expect(progress).toBeVisible();
        await page.reload();
        await expect(progress).toBeVisible();
        await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          await expectNoViolations(page, `/boards with an import running (${theme})`);
        }
        await switchTheme(page, 'dark');

        await expect(page.getByText('Imported 4 boards.')).toBeVisible({ timeout: 200_000 });
        await expect(progress).toBeHidden();
        for (const year of years) await expect(page.getByRole('row', { name: `${year} Draft Open ${year}` })).toBeVisible();
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          await expectNoViolations(page, `/boards after an import (${theme})`);
        }
        await switchTheme(page, 'dark');
        // A later visit shows the last import's outcome; the boards stay drafts.
        await page.reload();
        await expect(page.getByText('Imported 4 boards.')).toBeVisible();
        expect((await page.request.get(`/api/boards/${years[0]}`)).status()).toBe(404);
      });

      test('the template link beside the file input downloads a 25-line example that imports', async ({ page }) => {
        await signIn(page);
        await openBoards(page);
        const link = page.getByRole('link', { name: 'Download a template' });
        await expect(link).toBeVisible();
        const downloading = page.waitForEvent('download');
        await link.click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe('mingo-board-template.json');
        const text = await readFile(await download.path(), 'utf8');
        expect(text.trimEnd().split('\n')).toHaveLength(25);
        const movies = JSON.parse(text) as { id: string; name: string }[];
        expect(movies).toHaveLength(25);
        expect(movies[12]?.id).toBe('2099-free-space');
        await page.getByLabel('Movie list file').setInputFiles(await download.path());
        const preview = page.getByRole('table', { name: 'What importing this file does' });
        await expect(preview.getByRole('row').nth(1)).toContainText('2099');
        await expect(page.getByRole('button', { name: 'Apply import' })).toBeEnabled();
        await expect(page.getByText('This file cannot be imported:')).toBeHidden();
      });
    });
  }
});
