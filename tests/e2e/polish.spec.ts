import type { Page } from '@playwright/test';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { expect, signIn, test } from './fixtures';

// Issue 23 (decision 180): the compact header, feedback after actions, offline calm states, the
// random pick's name, the success page and the orders admin — measured, not eyeballed.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const header = (page: Page) => page.locator('header').first();

async function headerHeight(page: Page): Promise<number> {
  const box = await header(page).boundingBox();
  if (box === null) throw new Error('the header is not rendered');
  return box.height;
}

async function activeElementText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');
}

test.describe('header', () => {
  for (const state of ['signed out', 'staff', 'admin'] as const) {
    test(`one row from 1024 to 1600 px and a bar of at most 64 px at 390 px (${state})`, async ({ page }) => {
      if (state !== 'signed out') await signIn(page, state);
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto('/');
      const toggle = page.getByRole('button', { name: /^Switch to (light|dark) theme$/ });
      await expect(toggle).toBeVisible();
      if (state !== 'signed out') await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      for (const width of [1024, 1280, 1600]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerHeight(page), `header height at ${width} px`).toBeLessThanOrEqual(64);
        // Every visible control sits on the logo's row.
        const logo = await nav(page).getByRole('link', { name: 'MINGO home' }).boundingBox();
        const shop = await nav(page).getByRole('link', { name: /Shop/ }).boundingBox();
        const theme = await toggle.boundingBox();
        expect(logo).not.toBeNull();
        for (const box of [shop, theme]) {
          expect(box).not.toBeNull();
          if (box === null || logo === null) continue;
          expect(Math.abs(box.y + box.height / 2 - (logo.y + logo.height / 2))).toBeLessThan(8);
        }
      }
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await headerHeight(page), 'header height at 390 px').toBeLessThanOrEqual(64);
      await expect(nav(page).getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: /Shop/ })).toBeVisible();
      await expect(toggle).toBeVisible();
      // The header stays on screen (sticky) while the page scrolls.
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect((await header(page).boundingBox())?.y).toBe(0);
    });
  }

  test('the Admin menu is a menu button: aria-expanded, arrow keys, Escape, and it closes after following a link', async ({ page }) => {
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const admin = nav(page).getByRole('button', { name: 'Admin' });
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Orders' })).toHaveCount(0);

    await admin.focus();
    await page.keyboard.press('ArrowDown');
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => activeElementText(page)).toBe('Manage');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeElementText(page)).toBe('Upload');
    await page.keyboard.press('End');
    await expect.poll(() => activeElementText(page)).toBe('Boards');
    await page.keyboard.press('Escape');
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await expect.poll(() => activeElementText(page)).toContain('Admin');

    await admin.click();
    for (const name of ['Manage', 'Upload', 'Add product', 'Staff', 'Orders', 'Boards']) {
      await expect(nav(page).getByRole('link', { name })).toBeVisible();
    }
    // A click elsewhere closes it.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(admin).toHaveAttribute('aria-expanded', 'false');

    await admin.click();
    await nav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await expect(admin).toHaveClass(/nav-link-active/);
  });

  test('on a phone the Menu button holds the pages and the account links, and Escape returns focus to it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = nav(page).getByRole('button', { name: 'Menu' });
    await expect(nav(page).getByRole('link', { name: 'About' })).toHaveCount(0);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: 'About' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'MINGO DB' })).toBeVisible();
    await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeElementText(page)).toBe('About');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent))
      .toContain('Menu');

    await menu.click();
    await nav(page).getByRole('link', { name: 'MINGO DB' }).click();
    await expect(page).toHaveURL(/\/db$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('phone menu signed in as admin: staff links under Admin, Logout; axe finds nothing in both themes', async ({ page }) => {
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      const menu = nav(page).getByRole('button', { name: 'Menu' });
      await menu.click();
      for (const name of ['Manage', 'Upload', 'Add product', 'Staff', 'Orders', 'Boards']) {
        await expect(nav(page).getByRole('link', { name })).toBeVisible();
      }
      await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      await page.screenshot({ path: `test-results/shots/header-390-admin-menu-${theme}.png` });
      await expectNoViolations(page, `phone menu (${theme})`, 'header');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await nav(page).getByRole('button', { name: 'Admin' }).click();
      await page.screenshot({ path: `test-results/shots/header-1280-admin-menu-${theme}.png` });
      await expectNoViolations(page, `admin menu (${theme})`, 'header');
      await page.keyboard.press('Escape');
    }
  });
});
