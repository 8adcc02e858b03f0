import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, holdAppStart, test } from './fixtures';
import { recordScripts, zodScripts } from './scripts-support';

const LETTERS = ['M', 'I', 'N', 'G', 'O'];

/** Stores seen ids before the page's scripts run, as an earlier visit would have. */
async function presetSeen(page: Page, ids: string[]): Promise<void> {
  await page.addInitScript((value) => {
    if (window.location.origin === 'null' || window.sessionStorage.getItem('preset-done') !== null) return;
    window.localStorage.setItem('watchedMovies', value);
    window.sessionStorage.setItem('preset-done', '1');
  }, JSON.stringify(ids));
}

async function storedSeen(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('watchedMovies') ?? 'null') as unknown);
}

function board(page: Page) {
  return page.getByRole('tabpanel');
}

/** A year's movie names in board order, its Free Space left out (as the DB's row shows them). */
async function boardNames(page: Page, year: number): Promise<string[]> {
  const response = await page.request.get('/data/movielist.json');
  const movies = (await response.json()) as { name: string; year: number }[];
  return movies.filter((movie) => movie.year === year && movie.name !== 'Free Space').map((movie) => movie.name);
}

async function boardIds(page: Page, year: number): Promise<string[]> {
  const response = await page.request.get('/data/movielist.json');
  const movies = (await response.json()) as { id: string }[];
  const start = (year - 2018) * 25;
  return movies.slice(start, start + 25).map((movie) => movie.id);
}

test.describe('home boards', () => {
  test('year tabs run from 2025 down to 2018 and each board has 25 cells under M I N G O', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: 'Board year' }).getByRole('tab');
    await expect(tabs).toHaveCount(8);
    const labels = await tabs.evaluateAll((elements) => elements.map((element) => element.textContent?.slice(0, 4)));
    expect(labels).toEqual(['2025', '2024', '2023', '2022', '2021', '2020', '2019', '2018']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

    for (const year of [2025, 2021, 2018]) {
      await page.getByRole('tab', { name: new RegExp(`^${year}`) }).click();
      const panel = board(page);
      await expect(panel).toHaveAttribute('aria-labelledby', `board-tab-${year}`);
      await expect(panel.getByRole('button')).toHaveCount(25);
      for (const letter of LETTERS) await expect(panel.locator(`[data-letter="${letter}"]`)).toHaveText(letter);
    }
    await expect(board(page).getByRole('button', { name: /^Black Panther/ })).toBeVisible();
    await expect(board(page).locator('[data-cell="N3"]')).toHaveAccessibleName('Free Space, N3, free square');
  });

  test('tabs follow the arrow keys, Home and End', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: /^2025/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^2024/ })).toBeFocused();
    await expect(page.getByRole('tab', { name: /^2024/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: /^2018/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /^2025/ })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: /^2018/ })).toHaveAttribute('aria-selected', 'true');
    await expect(board(page).getByRole('button', { name: /^Black Panther/ })).toBeVisible();
  });

  test('posters reserve their size and only the first rows load eagerly', async ({ page }) => {
    await page.goto('/');
    const images = board(page).locator('img');
    await expect(images).toHaveCount(25);
    const attributes = await images.evaluateAll((elements) =>
      elements.map((element) => [element.getAttribute('width'), element.getAttribute('height'), element.getAttribute('loading')]),
    );
    expect(attributes.slice(0, 10).every(([w, h, loading]) => w === '200' && h === '300' && loading === 'eager')).toBe(true);
    expect(attributes.slice(10).every(([w, h, loading]) => w === '200' && h === '300' && loading === 'lazy')).toBe(true);
  });
});

test.describe('movie modal', () => {
  test('shows the poster, facts, both ratings and the seen toggle', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: /^2018/ }).click();
    await board(page)
      .getByRole('button', { name: /^Black Panther/ })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Black Panther' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('dialog[data-modal="movieCard"]')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Poster of Black Panther (2018)' })).toBeVisible();
    await expect(dialog).toContainText('2018');
    await expect(dialog).toContainText('2h 14m');
    await expect(dialog).toContainText("T'Challa returns home");
    const ratingA = dialog.getByRole('img', { name: '4.5 out of 5 stars' });
    await expect(ratingA).toHaveAttribute('width', '75');
    await expect(dialog.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(dialog).toContainText("Rosa's take");
    await expect(dialog).toContainText("Dev's take");
    await expect(dialog.getByRole('button', { name: 'Seen it' })).toHaveAttribute('aria-pressed', 'false');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(board(page).getByRole('button', { name: /^Black Panther/ })).toBeFocused();
  });

  test('works with the keyboard alone: open, trap focus, toggle, Escape, focus returns', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: /^2025/ }).focus();
    await page.keyboard.press('Tab');
    const first = board(page).locator('[data-cell="M1"]');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The page behind is inert: Tab cycles through the dialog (and the browser's own UI), never the page.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const outside = await dialog.evaluate((element) => {
        const active = document.activeElement;
        return active !== null && active !== document.body && !element.contains(active);
      });
      expect(outside).toBe(false);
    }
    const toggle = dialog.getByRole('button', { name: 'Seen it' });
    for (let i = 0; i < 10 && !(await toggle.evaluate((element) => element === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Seen it' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('data-seen', 'true');
  });

  test('the free square has no toggle: it always counts', async ({ page }) => {
    await page.goto('/');
    await board(page).locator('[data-cell="N3"]').click();
    const dialog = page.getByRole('dialog', { name: 'Free Space' });
    await expect(dialog).toContainText('always counts as seen');
    await expect(dialog.getByRole('button', { name: 'Seen it' })).toHaveCount(0);
  });
});

test.describe('seen marks', () => {
  test('persist across a reload and show on the board, the tab and /db', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: /^2019/ }).click();
    await board(page)
      .getByRole('button', { name: /^Parasite/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    await page.keyboard.press('Escape');

    const cell = board(page).getByRole('button', { name: /^Parasite/ });
    await expect(cell).toHaveAttribute('data-seen', 'true');
    await expect(cell).toHaveAccessibleName(/seen/);
    await expect(page.getByRole('tab', { name: /^2019/ })).toContainText('1/24');
    expect(await storedSeen(page)).toEqual(['2019-parasite']);

    await page.reload();
    await page.getByRole('tab', { name: /^2019/ }).click();
    await expect(board(page).getByRole('button', { name: /^Parasite/ })).toHaveAttribute('data-seen', 'true');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MINGO DB' }).click();
    await page.getByRole('searchbox', { name: 'Search movies by title' }).fill('parasite');
    const dbCell = page.getByRole('button', { name: /^Parasite/ });
    await expect(dbCell).toHaveAttribute('data-seen', 'true');

    await dbCell.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    await page.keyboard.press('Escape');
    await expect(dbCell).toHaveAttribute('data-seen', 'false');
    expect(await storedSeen(page)).toEqual([]);
  });

  test('a corrupt stored value is ignored, not fatal', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('watchedMovies', '{not json'));
    await page.goto('/');
    await expect(board(page).getByRole('button')).toHaveCount(25);
    await expect(page.getByRole('tab', { name: /^2025/ })).toContainText('0/24');
    await board(page).locator('[data-cell="M1"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    expect(await storedSeen(page)).toEqual(['2025-sinners']);
  });
});

test.describe('bingo', () => {
  // The celebrations as most visitors see them: with their confetti and motion.
  test.use({ reducedMotion: 'no-preference' });
  test('completing a row highlights it and celebrates once', async ({ page }) => {
    const ids = await boardIds(page, 2024);
    await presetSeen(
      page,
      [ids[10], ids[11], ids[13]].filter((id) => id !== undefined),
    ); // row 3 but its last square
    await page.goto('/');
    await page.getByRole('tab', { name: /^2024/ }).click();
    await expect(page.getByRole('tab', { name: /^2024/ })).toContainText('3/24');
    await expect(board(page).locator('[data-bingo="true"]')).toHaveCount(0);

    await board(page).locator('[data-cell="O3"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    const celebration = page.getByTestId('celebration');
    await expect(celebration).toBeVisible();
    await expect(celebration).toHaveAttribute('data-kind', 'line');
    await expect(celebration).toContainText('MINGO!');
    await expect(celebration).toContainText('Row 3 complete on the 2024 board');
    await page.keyboard.press('Escape');

    for (const letter of LETTERS) await expect(board(page).locator(`[data-cell="${letter}3"]`)).toHaveAttribute('data-bingo', 'true');
    await expect(board(page).locator('[data-bingo="true"]')).toHaveCount(5);
    await expect(board(page).locator('[data-line="row-2"]')).toBeAttached();
    await expect(board(page).getByRole('list', { name: 'Completed lines' })).toHaveText('Row 3');
    await expect(page.getByRole('tab', { name: /^2024/ })).toHaveAccessibleName(/1 MINGO line/);

    // It is short: it goes away by itself.
    await expect(celebration).toHaveCount(0);
  });

  test('never a false bingo: four in a row without the free square is not a line', async ({ page }) => {
    const ids = await boardIds(page, 2023);
    await presetSeen(page, ids.slice(0, 4));
    await page.goto('/');
    await page.getByRole('tab', { name: /^2023/ }).click();
    await expect(page.getByRole('tab', { name: /^2023/ })).toContainText('4/24');
    await expect(board(page).locator('[data-bingo="true"]')).toHaveCount(0);
  });

  test('marking the last square shows the blackout celebration', async ({ page }) => {
    const ids = await boardIds(page, 2020);
    await presetSeen(
      page,
      ids.filter((_, index) => index !== 12 && index !== 24),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: /^2020/ }).click();
    await expect(page.getByRole('tab', { name: /^2020/ })).toContainText('23/24');
    await board(page).locator('[data-cell="O5"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Seen it' }).click();
    const celebration = page.getByTestId('celebration');
    await expect(celebration).toHaveAttribute('data-kind', 'blackout');
    await expect(celebration).toContainText('BLACKOUT!');
    await page.keyboard.press('Escape');
    await expect(board(page).locator('[data-bingo="true"]')).toHaveCount(25);
    await expect(board(page).getByRole('list', { name: 'Completed lines' })).toHaveText('Blackout!');
  });
});

test.describe('random pick', () => {
  // The cards flip as most visitors see them.
  test.use({ reducedMotion: 'no-preference' });
  test('never repeats within 25 draws, ignores clicks while flipping and highlights the cell', async ({ page }) => {
    test.setTimeout(90_000); // 50 clicks on a shared CI machine
    await page.clock.install({ time: new Date('2026-03-01T10:00:00Z') });
    await page.goto('/');
    await expect(board(page).getByRole('button')).toHaveCount(25);
    await page.clock.pauseAt(new Date('2026-03-01T10:01:00Z'));
    const button = page.getByRole('button', { name: 'Ask Mighty MINGO' });
    const result = page.locator('#random-pick-result');

    const picks: string[] = [];
    for (let draw = 1; draw <= 25; draw++) {
      await button.click();
      await button.click(); // ignored: the cards are still flipping
      await expect(result).toHaveText('Shuffling…');
      await page.clock.runFor(300);
      await expect(result).toHaveText(/^Mighty MINGO says [MINGO][1-5]$/);
      const text = (await result.textContent()) ?? '';
      picks.push(text.slice(-2));
      await expect(page.getByText(`${25 - draw} of 25 left before a reshuffle`)).toBeVisible();
    }
    expect(new Set(picks).size).toBe(25);

    const last = picks[24] ?? '';
    await expect(board(page).locator('[data-picked="true"]')).toHaveAttribute('data-cell', last);
    await expect(board(page).locator(`[data-letter="${last[0] ?? ''}"]`)).toHaveClass(/board-letter-picked/);

    await button.click();
    await page.clock.runFor(300);
    await expect(page.getByText('24 of 25 left before a reshuffle')).toBeVisible();
  });
});

test.describe('MINGO DB', () => {
  test('search is a case-insensitive substring match and Free Space is never shown', async ({ page }) => {
    await page.goto('/db');
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO DB' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'movies' })).toHaveText('192 movies');
    // Every year's row, newest first (the rows after the first two join one per task).
    await expect(page.getByRole('list', { name: /^\d{4} movies$/ })).toHaveCount(8);
    await expect(page.getByRole('list', { name: /^\d{4} movies$/ }).last()).toHaveAccessibleName('2018 movies');
    await expect(page.getByRole('button', { name: /^Free Space/ })).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search movies by title' });
    await search.fill('sPiDeR-mAn');
    await expect(page.getByText('3 movies match “sPiDeR-mAn”')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Spider-Man: Into the Spider-Verse/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Spider-Man: No Way Home/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Spider-Man: Across the Spider-Verse/ })).toBeVisible();

    await search.fill('FREE');
    await expect(page.getByText('1 movie matches “FREE”')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Free Guy/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Free Space/ })).toHaveCount(0);

    await search.fill('zzzz');
    await expect(page.getByText('No movies match “zzzz”.')).toBeVisible();

    await search.fill('knives');
    await page.getByRole('button', { name: /^Knives Out/ }).click();
    await expect(page.getByRole('dialog', { name: 'Knives Out' })).toContainText('2h 10m');
  });

  test("the first poster (the page's largest paint) comes from the HTML's preload, in the rendition the row shows", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/db');
    const poster = page.getByRole('list', { name: '2025 movies' }).getByRole('img').first();
    await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const fetched = () =>
      poster.evaluate((image: HTMLImageElement) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name === image.currentSrc)
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      );
    // Once, by the <link rel="preload"> the server put in the HTML (page-routes.ts), not by the
    // <img> after the app's code rendered the row. Polled: a resource's timing may show a moment
    // after the image has loaded.
    await expect.poll(fetched).toEqual(['link']);
  });

  test('asks for the boards at boot, alongside its own code, not once that code has arrived', async ({ page }) => {
    await page.goto('/db');
    await expect(page.getByRole('status').filter({ hasText: 'movies' })).toHaveText('192 movies');
    const startTimes = () =>
      page.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const startOf = (pattern: RegExp) => entries.find((entry) => pattern.test(new URL(entry.name).pathname))?.startTime ?? Number.NaN;
        return { boards: startOf(/^\/api\/boards$/), page: startOf(/^\/static\/db-page-[\w-]+\.js$/) };
      });
    // A resource's timing may show a moment after the code that used it has run.
    await expect.poll(async () => Object.values(await startTimes()).some(Number.isNaN)).toBe(false);
    const started = await startTimes();
    expect(started.boards).toBeLessThanOrEqual(started.page);
  });

  test('posters scroll horizontally in rows', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/db');
    const row = page.getByRole('list', { name: '2025 movies' });
    await expect(row.getByRole('button')).toHaveCount(24);
    const overflow = await row.evaluate((element) => [getComputedStyle(element).overflowX, element.scrollWidth > element.clientWidth]);
    expect(overflow).toEqual(['auto', true]);
  });

  test('exports the seen list and imports one by merging, reporting what was added', async ({ page }) => {
    await presetSeen(page, ['2025-sinners']);
    await page.goto('/db');
    await expect(page.getByText('1 of 192 seen.')).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export seen list' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^mingo-seen-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { watchedMovies: string[] };
    expect(exported.watchedMovies).toEqual(['2025-sinners']);

    const input = page.getByLabel('Seen list file to import');
    await input.setInputFiles({
      name: 'seen.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({ ...exported, watchedMovies: ['2025-sinners', '2019-parasite', '2018-roma', '2018-free-space', 'nope'] }),
      ),
    });
    await expect(page.getByText('Added 2 movies to your seen list; 1 movie already marked; 2 unknown entries skipped.')).toBeVisible();
    expect(await storedSeen(page)).toEqual(['2025-sinners', '2019-parasite', '2018-roma']);
    await expect(page.getByText('3 of 192 seen.')).toBeVisible();

    await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
    await expect(page.getByText(/That file is not a MINGO seen list/)).toBeVisible();
    expect(await storedSeen(page)).toEqual(['2025-sinners', '2019-parasite', '2018-roma']);
  });
});

/**
 * Where the parts of the DB page's top and first row are, found alike in the server's static shell
 * (.app-shell-db) and in the app's page (main): heading, description, seen-list buttons, search
 * box, status line, year heading and the first row's first eight posters.
 */
function dbLayout(root: Locator) {
  return root.evaluate((element) => {
    const box = (part: Element | null) => {
      const rect = part?.getBoundingClientRect();
      return rect === undefined ? null : { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const one = (selector: string) => box(element.querySelector(selector));
    return {
      heading: one('h1'),
      description: one('h1 + p'),
      buttons: [...element.querySelectorAll('.btn-secondary')].map(box),
      search: one('input[type="search"]'),
      status: one('div:has(> input[type="search"]) + p'),
      year: one('h2'),
      posters: [...element.querySelectorAll('ul.db-row > li')].slice(0, 8).map(box),
    };
  });
}

type Paint = { value: number; tag?: string; inShell?: boolean; url?: string; moved?: string[] };

/** Records the page's layout shifts and largest-paint candidates from its very start. */
async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Paint[] = [];
    const largest: Paint[] = [];
    Object.assign(window, { __shifts: shifts, __largest: largest });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            // What moved, where it was and where it went (x, y, width, height): a failure says how it moved.
            moved: entry.sources.map((source) => {
              const node = source.node instanceof Element ? source.node : source.node?.parentElement;
              const rect = ({ x, y, width, height }: DOMRectReadOnly) => [x, y, width, height].map((n) => Math.round(n)).join(',');
              return `${node?.tagName ?? '?'}.${node?.className ?? ''} ${node?.closest('.app-shell') == null ? 'app' : 'shell'}: ${source.node?.textContent?.slice(0, 40) ?? ''} (${rect(source.previousRect)} → ${rect(source.currentRect)}, ${Math.round(entry.startTime)} ms)`;
            }),
          });
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null; url: string })[])
        largest.push({
          value: entry.size,
          tag: entry.element?.tagName,
          inShell: entry.element?.closest('.app-shell') != null,
          url: entry.url,
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const recorded = (page: Page, name: '__shifts' | '__largest') =>
  page.evaluate((key) => (window as unknown as Record<string, Paint[]>)[key] ?? [], name);

test.describe('MINGO DB first paint', () => {
  for (const [width, theme] of [
    [390, 'dark'],
    [390, 'light'],
    [768, 'dark'],
    [1280, 'dark'],
    [1280, 'light'],
  ] as const) {
    test(`at ${width} px (${theme}), the HTML paints the top and the first row, its poster is the largest paint, and the app takes over without a shift`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await presetSeen(page, ['2025-sinners', '2019-parasite']);
      if (theme === 'light') await page.addInitScript(() => window.localStorage.setItem('theme', JSON.stringify('light')));
      await recordPaints(page);
      const release = await holdAppStart(page);
      await page.goto('/db', { waitUntil: 'commit' });

      // Before the app has started: the server's shell, with the newest year's row.
      const shell = page.locator('.app-shell-db');
      await expect(shell.locator('h2')).toHaveText('2025 (24)');
      await expect(shell.locator('ul.db-row > li')).toHaveCount(24);
      await expect(shell.locator('ul.db-row > li').first()).toHaveText('Sinners');
      await expect(shell.getByText('192 movies')).toBeVisible();
      // What only the visitor's browser knows is not painted: the seen count keeps its place, unseen.
      await expect(shell.getByText('0 of 192 seen.')).toBeHidden();
      await expect
        .poll(async () => (await recorded(page, '__largest')).at(-1))
        .toMatchObject({ tag: 'IMG', inShell: true, url: expect.stringMatching(/\/posters\/2025-[a-z0-9-]+-\d+\.webp$/) });
      const painted = await dbLayout(shell);
      const largestBefore = await recorded(page, '__largest');
      expect(painted.posters).toHaveLength(8);

      release();
      await expect(page.locator('.app-shell')).toHaveCount(0);
      const firstRow = page.getByRole('list', { name: '2025 movies' });
      await expect(firstRow.getByRole('button')).toHaveCount(24);
      await expect(firstRow.getByRole('button').first()).toHaveAccessibleName('Sinners, seen');
      await expect(page.getByText('2 of 192 seen.')).toBeVisible();
      await expect(page.getByRole('list', { name: /^\d{4} movies$/ })).toHaveCount(8);
      expect(await dbLayout(page.locator('main'))).toEqual(painted);
      await page.waitForLoadState('networkidle');
      // Only the DB page's own parts are this test's subject. The static shell's navigation bar
      // (index.html, the same on every page) is seen to shift by about 0.001 now and then while
      // the shell is up (decision 185, open point): not yet explained, so not hidden either — it
      // is left out here by name and nothing else is.
      const shifts = await recorded(page, '__shifts');
      expect(
        shifts.filter(
          (shift) =>
            !(shift.moved !== undefined && shift.moved.length > 0 && shift.moved.every((moved) => /^SPAN\.nav-link shell:/.test(moved))),
        ),
      ).toEqual([]);
      // The app's poster, drawn in the same place at the same size, is no larger paint.
      expect(await recorded(page, '__largest')).toEqual(largestBefore);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("the HTML holds the page's top and the first row's posters, in the rendition the preload names", async ({ page }) => {
      await page.goto('/db');
      const shell = page.locator('.app-shell-db');
      await expect(shell.locator('h1')).toHaveText('MINGO DB');
      await expect(shell.locator('input[type="search"]')).toBeDisabled();
      const posters = shell.locator('ul.db-row > li');
      await expect(posters).toHaveCount(24);
      await expect(posters.locator('p')).toHaveText(await boardNames(page, 2025));
      const first = posters.first().locator('source');
      const preload = page.locator('link[rel="preload"][as="image"]');
      await expect(first).toHaveAttribute('srcset', (await preload.getAttribute('imagesrcset')) ?? 'no preload');
      await expect(first).toHaveAttribute('sizes', (await preload.getAttribute('imagesizes')) ?? 'no preload');
    });
  });
});

test.describe('about page', () => {
  test.use({ timezoneId: 'UTC' });

  test('paints its intro from the page, nothing moves once the app has the boards (no layout shift), and no zod loads', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await recordPaints(page);
    await page.goto('/about');
    const intro = page.getByText(/^MINGO is movie bingo for the whole year\. Every year from 2018 to 2025 has its own 5×5 board/);
    await expect(intro).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Countdown to MINGO/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Row', exact: true })).toBeVisible(); // the first how-to-play tile
    await page.waitForLoadState('networkidle');
    expect(await recorded(page, '__shifts')).toEqual([]);
    // Decision 184: its tiles are read with a first-load twin, so the page evaluates no zod.
    expect(scripts.size).toBeGreaterThan(3);
    expect(await zodScripts(page, scripts)).toEqual([]);
  });

  test('in April it counts down to 1 May this year and ticks every second', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-04-30T22:00:00Z') });
    await page.goto('/about');
    const timer = page.getByRole('timer');
    // Pause only once the countdown has ticked on its own (so its interval is set): pausing between
    // its first render and its effect would leave a countdown computed before the jump, with no
    // tick due to correct it.
    await expect(page.getByRole('heading', { name: 'Countdown to MINGO 2026 · 1 May' })).toBeVisible();
    await expect(timer.locator('[data-unit="H"]')).toContainText('01');
    const firstSeconds = (await timer.locator('[data-unit="S"]').textContent()) ?? '';
    await expect(timer.locator('[data-unit="S"]')).not.toHaveText(firstSeconds);
    // The display changes on the countdown's own tick (an interval started at page load, so at some
    // fraction of a second): jump to 23:59:50, let one tick run, and read the second it shows.
    await page.clock.pauseAt(new Date('2026-04-30T23:59:50Z'));
    await page.clock.runFor(1000);
    await expect(timer.locator('[data-unit="D"]')).toContainText('0');
    await expect(timer.locator('[data-unit="H"]')).toContainText('00');
    await expect(timer.locator('[data-unit="M"]')).toContainText('00');
    const seconds = timer.locator('[data-unit="S"] .countdown-value');
    await expect(seconds).toHaveText(/^(09|10)$/);
    const shown = Number(await seconds.textContent());
    await page.clock.runFor(1000);
    await expect(seconds).toHaveText(String(shown - 1).padStart(2, '0'));
    await page.clock.runFor(10_000);
    await expect(page.getByText("Enjoy this year's MINGO!")).toBeVisible();
  });

  test('during May it shows the two messages', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-05-15T12:00:00Z') });
    await page.goto('/about');
    await expect(page.getByText("Enjoy this year's MINGO!")).toBeVisible();
    await expect(page.getByText("The countdown will resume on June 1st until next year's MINGO!")).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
  });

  test('from June it counts down to 1 May next year', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-05-31T23:00:00Z') });
    await page.goto('/about');
    await expect(page.getByText("Enjoy this year's MINGO!")).toBeVisible();
    await page.clock.pauseAt(new Date('2026-06-01T00:00:00Z'));
    await expect(page.getByRole('heading', { name: 'Countdown to MINGO 2027 · 1 May' })).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer.locator('[data-unit="D"]')).toContainText('334');
    await expect(timer.locator('[data-unit="H"]')).toContainText('00');
    await page.clock.runFor(1000);
    await expect(timer.locator('[data-unit="D"]')).toContainText('333');
    await expect(timer.locator('[data-unit="H"]')).toContainText('23');
    await expect(timer.locator('[data-unit="S"]')).toContainText('59');
  });

  test('winning-board tiles open the aboutExample modal and the sample card never touches the seen list', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Diagonal' }).click();
    const example = page.locator('dialog[data-modal="aboutExample"]');
    await expect(example).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Diagonal' })).toContainText('corner to corner');
    await page.keyboard.press('Escape');
    await expect(example).toBeHidden();

    await page.getByRole('button', { name: 'Try a movie card' }).click();
    const card = page.getByRole('dialog', { name: 'Sinners' });
    const toggle = card.getByRole('button', { name: 'Seen it' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await storedSeen(page)).toBeNull();
    await page.keyboard.press('Escape');

    await expect(page.getByRole('heading', { name: 'What is MINGOVERVIEW?' })).toBeVisible();
  });
});

test.describe('movie list', () => {
  test('is fetched once (the published boards, GET /api/boards) and shared by every page', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/boards') requests++;
    });
    await page.goto('/');
    await expect(board(page).getByRole('button')).toHaveCount(25);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'MINGO DB' }).click();
    await expect(page.getByRole('button', { name: /^Parasite/ })).toBeVisible();
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('button', { name: 'Try a movie card' })).toBeEnabled();
    await nav.getByRole('link', { name: 'MINGO home' }).click();
    await expect(board(page).getByRole('button')).toHaveCount(25);
    expect(requests).toBe(1);
  });
});

test.describe('movie list unavailable', () => {
  test.use({ allowedConsoleErrors: { patterns: [/Could not load the movie list/, /Failed to load resource/] } });

  test('is logged and treated as an empty list', async ({ page }) => {
    const logged = page.waitForEvent('console', (message) => message.text().includes('Could not load the movie list'));
    await page.route('**/api/boards', (route) => route.fulfill({ status: 500, body: 'nope' }));
    await page.goto('/');
    await logged;
    await expect(page.getByText('The movie boards are not available right now.')).toBeVisible();
    // The years come from the boards: with none loaded there are no tabs.
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});
