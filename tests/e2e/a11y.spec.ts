import type { Locator, Page } from '@playwright/test';
import { encodeShareCode } from '../../src/domain/share-code';
import { axeViolations, expectNoViolations, THEMES, type Theme } from './axe';
import { expect, rootClasses, signIn, test } from './fixtures';
import { completeTestCheckout, startPinSetCheckout, uniqueEmail } from './order-support';

// axe-core over every page and main dialog, in both themes, signed out and signed in: any
// violation of axe's default rules (WCAG 2.x A/AA and best practices) fails the test.

// axe over a full page takes seconds on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

/**
 * Loads `path` in `theme` (the stored preference the app reads before first paint). A new page
 * first opens a small same-origin file, so that the app loads once per theme, not twice.
 */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate((value) => window.localStorage.setItem('theme', JSON.stringify(value)), theme);
  await page.goto(path);
  expect(await rootClasses(page)).toEqual(theme === 'dark' ? expect.arrayContaining(['dark']) : expect.not.arrayContaining(['dark']));
}

/** Waits until the page has its content (not a loading state) and nothing is in flight. */
async function settled(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function demoClipId(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/clips?limit=50')).json()) as { items: { docID: string; title: string }[] };
  const clip = list.items.find((item) => item.title === 'Sinners') ?? list.items[0];
  if (clip === undefined) throw new Error('no demo clips');
  return clip.docID;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const homeReady = (page: Page) => page.getByTestId('bingo-board').getByRole('button').nth(24);
const shopReady = (page: Page) => page.getByRole('button', { name: 'CHECKOUT' });

const PUBLIC_PAGES: { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/', ready: homeReady },
  { path: '/about', ready: (page) => page.getByRole('button', { name: 'Try a movie card' }) },
  { path: '/db', ready: (page) => page.getByRole('button', { name: /^Parasite/ }) },
  { path: '/shop', ready: shopReady },
  { path: '/success', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/cancel', ready: (page) => heading(page, 'Payment Cancelled') },
  { path: '/no-such-page', ready: (page) => heading(page, 'Page not found') },
];

test('the axe check finds a fault on the page, and inside a dialog only when it is scoped to the dialog', async ({ page }) => {
  await open(page, '/cancel', 'dark');
  await settled(page, heading(page, 'Payment Cancelled'));
  expect(await axeViolations(page)).toEqual([]);
  // Two faults axe's default rules refuse: a button without a name in the page, and an image
  // without a text alternative in an open dialog.
  await page.evaluate(() => {
    document.querySelector('main')?.append(document.createElement('button'));
    const dialog = document.createElement('dialog');
    const image = document.createElement('img');
    image.src = '/icons/icon-192.png';
    dialog.append(image);
    document.body.append(dialog);
    dialog.show();
  });
  const rules = (violations: string[]) => violations.map((line) => line.slice(0, line.indexOf(' ')));
  expect(rules(await axeViolations(page))).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
  expect(rules(await axeViolations(page, 'dialog[open]'))).toEqual(['image-alt']);
});

test.describe('axe: signed out', () => {
  for (const { path, ready } of PUBLIC_PAGES) {
    test.describe(path, () => {
      // An unknown page answers 404 (with the app's 404 page), which Chromium logs as a failed load.
      if (path === '/no-such-page') test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource.*404/] } });
      test(`${path} in both themes`, async ({ page }) => {
        for (const theme of THEMES) {
          await open(page, path, theme);
          await settled(page, ready(page));
          await expectNoViolations(page, `${path} (${theme})`);
        }
      });
    });
  }

  test('/clip/:id in both themes', async ({ page }) => {
    const id = await demoClipId(page);
    for (const theme of THEMES) {
      await open(page, `/clip/${id}`, theme);
      await settled(page, page.getByTestId('clip-player'));
      await expectNoViolations(page, `/clip/${id} (${theme})`);
    }
  });

  for (const theme of THEMES) {
    test(`movie modal, auth modal, product details and policy modals (${theme})`, async ({ page }) => {
      await open(page, '/', theme);
      await settled(page, homeReady(page));
      await page.getByRole('tab', { name: /^2025/ }).click();
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: /^Sinners,/ })
        .click();
      const movie = page.getByRole('dialog', { name: 'Sinners' });
      await expect(movie.getByRole('button', { name: 'Play the clip of Sinners' })).toBeVisible();
      await expectNoViolations(page, `movie modal (${theme})`, 'dialog[open]');
      await page.keyboard.press('Escape');
      await expect(movie).toBeHidden();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
      const auth = page.locator('dialog[data-modal="auth"]');
      await expect(auth.getByRole('heading', { name: 'Your Account' })).toBeVisible();
      await expectNoViolations(page, `auth modal (${theme})`, 'dialog[open]');
      await page.keyboard.press('Escape');
      await expect(auth).toBeHidden();

      await open(page, '/shop', theme);
      await settled(page, shopReady(page));
      await page.getByRole('button', { name: /^MINGO Classic Tee/ }).click();
      const details = page.locator('dialog[data-modal="productDetails"]');
      await expect(details.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      await expectNoViolations(page, `product details (${theme})`, 'dialog[open]');
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      for (const [link, name] of [
        ['Refund policy', 'refundPolicy'],
        ['Shipping policy', 'shippingPolicy'],
        ['Tax policy', 'taxPolicy'],
      ] as const) {
        await page.getByRole('button', { name: link }).click();
        const dialog = page.locator(`dialog[data-modal="${name}"]`);
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `${name} modal (${theme})`, 'dialog[open]');
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  }
});

test.describe('axe: signed in as staff', () => {
  const STAFF_PAGES: { path: string; ready: (page: Page) => Locator }[] = [
    { path: '/', ready: homeReady },
    { path: '/shop', ready: shopReady },
    { path: '/manage', ready: (page) => heading(page, 'Manage clips') },
    { path: '/upload', ready: (page) => page.getByLabel('Choose a video') },
    { path: '/add-product', ready: (page) => heading(page, 'Add product') },
  ];
  for (const { path, ready } of STAFF_PAGES) {
    test(`${path} in both themes`, async ({ page }) => {
      await signIn(page, 'staff');
      for (const theme of THEMES) {
        await open(page, path, theme);
        await settled(page, ready(page));
        await expectNoViolations(page, `${path} as staff (${theme})`);
      }
    });
  }
});

test.describe('axe: signed in as admin', () => {
  for (const { path, ready } of [
    { path: '/staff', ready: (page: Page) => heading(page, 'Staff') },
    { path: '/orders', ready: (page: Page) => heading(page, 'Orders') },
  ]) {
    test(`${path} in both themes`, async ({ page }) => {
      await signIn(page, 'admin');
      for (const theme of THEMES) {
        await open(page, path, theme);
        await settled(page, ready(page));
        await expectNoViolations(page, `${path} as admin (${theme})`);
      }
    });
  }
});

test.describe('axe: newer screens', () => {
  // Bounds for a loaded 2-core machine, where one axe run over a full page can take a minute.
  test.describe.configure({ timeout: 240_000 });
  // A fictional marking of 2024: the first row and the sixth square.
  const shareCode = encodeShareCode(
    2024,
    Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 6),
  );

  for (const theme of THEMES) {
    test(`share dialog (${theme})`, async ({ page }) => {
      await open(page, '/', theme);
      await settled(page, homeReady(page));
      await page.getByRole('tab', { name: /^2024/ }).click();
      await page.getByRole('button', { name: 'Share 2024' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share your 2024 board' });
      await expect(dialog.getByRole('textbox', { name: 'Share link' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Download image' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Image downloaded.');
      await expectNoViolations(page, `share dialog (${theme})`, 'dialog[open]');
    });

    test(`shared board and its compare view (${theme})`, async ({ page }) => {
      await open(page, `/share/${shareCode}`, theme);
      await settled(page, heading(page, 'A shared 2024 board'));
      await expectNoViolations(page, `/share/${shareCode} (${theme})`);
      await page.getByRole('button', { name: 'Compare with mine' }).click();
      await expect(page.getByRole('button', { name: 'Show their board only' })).toBeVisible();
      await expectNoViolations(page, `/share/${shareCode} compared (${theme})`);
    });
  }

  test.describe('/setup', () => {
    // This server has an admin (ADMIN_EMAIL), so any setup link says it has been used; the form,
    // its refusal and its success state need a server without one: setup.spec.ts checks them.
    for (const theme of THEMES) {
      test(`a used setup link and a missing token (${theme})`, async ({ page }) => {
        await open(page, '/setup?token=not-a-real-token', theme);
        await settled(page, page.getByText('This setup link has been used.'));
        await expect(page.getByRole('button', { name: 'Create admin account' })).toHaveCount(0);
        await expectNoViolations(page, `/setup used (${theme})`);

        await open(page, '/setup', theme);
        await settled(page, page.getByRole('alert'));
        await expectNoViolations(page, `/setup without a token (${theme})`);
      });
    }
  });

  test.describe('offline', () => {
    // Going offline is the story: the app's deferred chunks (the service worker's registration,
    // loaded once the browser is idle after load) may start just after it, on a slow machine.
    test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] } });
    for (const theme of THEMES) {
      test(`the offline banner (${theme})`, async ({ page, context }) => {
        await open(page, '/shop', theme);
        await settled(page, shopReady(page));
        await context.setOffline(true);
        await expect(page.getByRole('alert').filter({ hasText: 'You are offline. This page needs a connection' })).toBeVisible();
        await expectNoViolations(page, `offline banner (${theme})`);
        await context.setOffline(false);
        await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toHaveCount(0);
      });
    }
  });

  // Server-rendered pages outside the app follow the system's colour scheme.
  for (const colorScheme of THEMES) {
    test(`/api/docs (${colorScheme} system theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/api/docs');
      await expect(page.getByRole('heading', { level: 1, name: 'MINGO API reference' })).toBeVisible();
      await expectNoViolations(page, `/api/docs (${colorScheme})`);
    });
  }
});

test.describe('axe: checkout and order admin', () => {
  test.describe.configure({ timeout: 360_000 });
  // The test checkout answers a refused form with HTTP 422, which Chromium logs.
  test.use({ allowedConsoleErrors: { patterns: [/status of 422/] } });

  test('the test checkout page, with and without problems, in both system themes; then the paid order’s detail as admin', async ({
    page,
  }) => {
    const checkoutUrl = await startPinSetCheckout(page);
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme });
      await page.goto(checkoutUrl);
      await expect(page.getByText('Test mode — no real payment.')).toBeVisible();
      await expectNoViolations(page, `test checkout (${colorScheme})`);
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('alert')).toContainText('Please enter a valid email address for the receipt.');
      await expectNoViolations(page, `test checkout with problems (${colorScheme})`);
    }

    const email = uniqueEmail('a11y');
    await completeTestCheckout(page, email);

    await signIn(page, 'admin');
    for (const theme of THEMES) {
      await open(page, '/orders?status=paid', theme);
      const row = page.getByTestId('order-row').filter({ hasText: email });
      await row.getByRole('button', { name: /^Details/ }).click();
      await expect(page.getByRole('form', { name: 'Mark shipped' })).toBeVisible();
      await page.getByRole('button', { name: 'Refund…' }).click();
      await expect(page.getByRole('button', { name: 'Confirm refund' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `order detail as admin (${theme})`);
    }
  });

  test('All clips (/manage?view=all) as admin, in both themes', async ({ page }) => {
    await signIn(page, 'admin');
    for (const theme of THEMES) {
      await open(page, '/manage?view=all', theme);
      await settled(page, page.getByRole('list', { name: 'All clips' }));
      await expect(page.getByRole('button', { name: 'All clips' })).toHaveAttribute('aria-pressed', 'true');
      await expectNoViolations(page, `/manage?view=all as admin (${theme})`);
    }
  });
});
