import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, rootClasses, signIn, test } from './fixtures';

// axe-core over every page and main dialog, in both themes, signed out and signed in: any
// violation of axe's default rules (WCAG 2.x A/AA and best practices) fails the test.

// axe over a full page takes seconds on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

type Theme = 'dark' | 'light';
const THEMES: Theme[] = ['dark', 'light'];

/** Runs axe over the page (or only `include`, e.g. an open dialog) and expects no violations. */
async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  // Only violations: collecting every passing node roughly doubles axe's time on a large page.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Loads `path` in `theme` (the stored preference the app reads before first paint). */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  await page.goto(path);
  await page.evaluate((value) => window.localStorage.setItem('theme', JSON.stringify(value)), theme);
  await page.reload();
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
