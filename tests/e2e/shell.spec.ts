import type { Locator } from '@playwright/test';
import { expect, holdAppStart, rootClasses, test } from './fixtures';

test.describe('shell', () => {
  test('dark theme is the default and the toggle switches and remembers the theme', async ({ page }) => {
    await page.goto('/');
    expect(await rootClasses(page)).toContain('dark');
    const toggle = page.getByRole('button', { name: 'Switch to light theme' });
    await expect(toggle).toHaveText('dark_mode');

    await toggle.click();
    expect(await rootClasses(page)).not.toContain('dark');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toHaveText('light_mode');

    await page.reload();
    expect(await rootClasses(page)).not.toContain('dark');
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toHaveText('light_mode');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await rootClasses(page)).toContain('dark');
  });

  test('the remembered light theme applies before first paint', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', JSON.stringify('light')));
    // Record the root classes at the moment <body> starts, before any module script has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body !== null) {
          document.documentElement.dataset.classesAtBody = document.documentElement.className;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    const atBody = await page.evaluate(() => document.documentElement.dataset.classesAtBody ?? 'unset');
    expect(atBody.split(' ')).not.toContain('dark');
    expect(atBody).not.toBe('unset');
  });

  for (const [path, heading] of [
    ['/', 'MINGO boards'],
    ['/about', 'About MINGO'],
    ['/db', 'MINGO DB'],
    ['/shop', 'Shop MINGO'],
  ] as const) {
    test(`before the app starts, the static shell of ${path} shows that page's heading`, async ({ page }) => {
      const release = await holdAppStart(page);
      await page.goto(path, { waitUntil: 'commit' });
      // One page's part shows once the stylesheet applies (the browser paints nothing before it);
      // a locator read sooner, from the HTML alone, matches every page's heading.
      await expect(page.locator('.app-shell-page:visible')).toHaveCount(1);
      await expect(page.locator('.app-shell h1:visible')).toHaveText(heading);

      release();
      await expect(page.locator('.app-shell')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  for (const width of [390, 1280]) {
    test(`at ${width} px, the shop's first page of products paints before the app, tile for tile where the app puts them`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdAppStart(page);
      await page.goto('/shop', { waitUntil: 'commit' });
      const boxes = (tiles: Locator) =>
        tiles.evaluateAll((elements) =>
          elements.map((tile) => {
            const box = tile.getBoundingClientRect();
            return { text: tile.textContent, x: box.x, y: box.y, width: box.width, height: box.height };
          }),
        );
      const shellTiles = page.locator('.app-shell-shop li');
      await expect(shellTiles).toHaveCount(4);
      // Its pictures are the ones the app shows (loaded, not broken).
      await expect
        .poll(() =>
          page
            .locator('.app-shell-shop li img')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
        )
        .toBe(true);
      const painted = await boxes(shellTiles);

      release();
      await expect(page.locator('.app-shell')).toHaveCount(0);
      const appTiles = page
        .getByRole('list')
        .filter({ has: page.getByRole('button') })
        .first()
        .locator('li');
      await expect(appTiles).toHaveCount(4);
      expect(await boxes(appTiles)).toEqual(painted);
    });
  }

  test('navigation links lead to their pages and the active link is highlighted', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveClass(/nav-link-active/);
    await expect(nav.getByRole('link', { name: 'About' })).toHaveCSS('text-decoration-line', 'underline');

    await nav.getByRole('link', { name: 'MINGO DB' }).click();
    await expect(page).toHaveURL(/\/db$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO DB' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'About' })).not.toHaveClass(/nav-link-active/);

    await nav.getByRole('link', { name: /Shop/ }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop MINGO' })).toBeVisible();

    await nav.getByRole('link', { name: 'MINGO home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the navigation is one row at every width (decision 180)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCSS('flex-direction', 'row');
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(nav).toHaveCSS('flex-direction', 'row');
  });

  test.describe('unknown paths', () => {
    // The page itself answers 404, which Chromium logs.
    test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource.*404/] } });

    test('an unknown path shows the 404 page', async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText("Looks like the page you're looking for is gone or doesn't exist.")).toBeVisible();
    });
  });

  test('the cart badge is hidden while the cart is empty', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Shop/ })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });
});

test.describe('particles', () => {
  // The background as most visitors see it: moving.
  test.use({ reducedMotion: 'no-preference' });

  test('the particle background starts from its settings file and animates in a worker', async ({ page }) => {
    const settings = page.waitForResponse('**/assets/particles.json');
    await page.goto('/');
    expect((await settings).ok()).toBe(true);
    const background = page.locator('#particles');
    await expect(background.locator('canvas')).toBeAttached();
    // The canvas belongs to the worker (it cannot be read back here): it reports the frames it drew.
    await expect(background).toHaveAttribute('data-renderer', 'worker');
    await expect.poll(async () => Number(await background.getAttribute('data-frames'))).toBeGreaterThan(1);
  });

  test('the background waits until the page has settled: its settings are fetched about 1.5 s after load, not at once', async ({
    page,
  }) => {
    await page.goto('/');
    // The background puts its canvas in place as it starts, before its settings have arrived: their
    // resource timing shows once the fetch has ended, so it is waited for.
    const timings = () =>
      page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const settings = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/assets/particles.json'));
        return { loaded: navigation.loadEventEnd, requested: settings?.startTime };
      });
    await expect.poll(async () => (await timings()).requested).toBeDefined();
    const { loaded, requested = Number.NaN } = await timings();
    // root-layout.tsx: load, then 1.5 s, then the next idle moment (a started background fetches
    // its settings at once). Before, it started at the first idle moment after load.
    expect(requested - loaded).toBeGreaterThanOrEqual(1_400);
  });
});

test.describe('particles offline', () => {
  // Home's posters below the fold and its clips cannot load offline; anything else (a failed
  // import of the background's code, a page error) still fails the test.
  test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] } });

  test('offline when the page has settled: no background and no error until the connection is back', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO boards' })).toBeVisible();
    await context.setOffline(true);
    // Past the moment the background would have started (root-layout.tsx: load, 1.5 s, then idle).
    await expect
      .poll(() =>
        page.evaluate(
          () => performance.now() - (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
        ),
      )
      .toBeGreaterThan(2_500);
    await expect(page.locator('#particles')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO boards' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.locator('#particles canvas')).toBeAttached();
  });
});

test.describe('particles under reduced motion', () => {
  // The browser tests' default (playwright.config.ts): the visitor asks for reduced motion.
  test.use({ reducedMotion: 'reduce' });

  test('the background draws one still frame, and moves once the preference changes', async ({ page }) => {
    await page.goto('/');
    const background = page.locator('#particles');
    await expect(background).toHaveAttribute('data-renderer', 'worker');
    await expect(background).toHaveAttribute('data-frames', '1');
    // Still after several frame times (a moving background reports every frame it draws).
    await page.waitForTimeout(1_000);
    await expect(background).toHaveAttribute('data-frames', '1');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(async () => Number(await background.getAttribute('data-frames'))).toBeGreaterThan(1);
  });
});

test.describe('particles without settings', () => {
  test.use({
    reducedMotion: 'no-preference',
    allowedConsoleErrors: { patterns: [/Error loading particles configuration/, /Failed to load resource/] },
  });

  test('logs the failure and still starts the animation', async ({ page }) => {
    const logged = page.waitForEvent('console', (message) => message.text().includes('Error loading particles configuration'));
    await page.route('**/assets/particles.json', (route) => route.fulfill({ status: 500, body: 'nope' }));
    await page.goto('/');
    await logged;
    const background = page.locator('#particles');
    await expect(background.locator('canvas')).toBeAttached();
    await expect.poll(async () => Number(await background.getAttribute('data-frames'))).toBeGreaterThan(1);
  });
});
