import type { Page } from '@playwright/test';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { openCompareView } from './compare-support';
import { expect, signIn, test, whenServiceWorkerReady } from './fixtures';
import { buyPinSet, startPinSetCheckout, uniqueEmail } from './order-support';

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
    await expect.poll(() => activeElementText(page)).toBe('Leagues');
    await page.keyboard.press('Escape');
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await expect.poll(() => activeElementText(page)).toContain('Admin');

    await admin.click();
    for (const name of ['Manage', 'Upload', 'Add product', 'Staff', 'Orders', 'Boards', 'Leagues']) {
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
      for (const name of ['Manage', 'Upload', 'Add product', 'Staff', 'Orders', 'Boards', 'Leagues']) {
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

test.describe('feedback after actions', () => {
  test('marking an order shipped under the Paid filter: a toast names it and the row leaves the list without a reload', async ({
    page,
  }) => {
    const email = uniqueEmail('polish-ship');
    await buyPinSet(page, email);
    await signIn(page, 'admin');
    await page.goto('/orders?status=paid');
    const row = page.getByTestId('order-row').filter({ hasText: email });
    await expect(row).toContainText('Paid');
    const number = ((await row.locator('.font-mono').textContent()) ?? '').trim();
    expect(number).toMatch(/^[0-9A-F]{8}$/);
    await row.getByRole('button', { name: /^Details/ }).click();
    await page.getByRole('form', { name: 'Mark shipped' }).getByRole('button', { name: 'Mark shipped' }).click();

    const toast = page.getByRole('status').filter({ hasText: `Order ${number} marked shipped` });
    await expect(toast).toBeVisible();
    // Inside the screen, whatever the scroll position.
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box !== null && viewport !== null && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    // It is no longer paid: it moves out of the Paid list at once (decision 192).
    await expect(row).toHaveCount(0);
  });

  test('the staff form shows every field’s message at once and focuses the first invalid field; creating says so in a toast', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/staff');
    const form = page.getByRole('form', { name: 'New account' });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await expect(form.getByText('Email is invalid')).toBeVisible();
    await expect(form.getByText('Password not provided!')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');

    await form.getByLabel('Name').fill('Polly Polish');
    const email = uniqueEmail('polish-staff').replace('@example.com', '@mingo.local');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Name is required.')).toHaveCount(0);
    await expect(form.getByText('Password not provided!')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');

    await form.getByLabel('Password').fill('polly-polish-secret');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Account created for ${email}` })).toBeVisible();

    await page.getByRole('button', { name: `Disable ${email}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `${email} disabled` })).toBeVisible();
  });

  test('an invalid product form focuses its first invalid field with every message shown; adding one ends with a toast', async ({
    page,
  }) => {
    await signIn(page, 'staff');
    await page.goto('/add-product');
    const form = page.getByRole('region', { name: 'New product' });
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id.endsWith('-productName'))).toBe(true);
    expect(await form.locator('[aria-invalid="true"]').count()).toBeGreaterThan(2);

    const name = `Quiet Lighthouse Mug ${Date.now().toString(36)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Code').fill(`QLM${Date.now().toString(36)}`.slice(0, 20));
    await form.getByLabel('Description').fill('A fictional mug for a fictional film.');
    await form.getByLabel('Price (USD)').fill('9.50');
    await form.getByLabel('Stock').fill('3');
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Product “${name}” added to the shop` })).toBeVisible();
    // Archived again at once, so that the shop's pages stay as the shop tests expect them.
    await page.getByRole('button', { name: `Archive ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Product “${name}” archived` })).toBeVisible();
  });
});

test.describe('offline calm states', () => {
  // Requests made while offline fail, which Chromium logs.
  // Offline, a poster rendition never cached fails (ERR_FAILED) and falls back to its precached SVG.
  test.use({
    serviceWorkers: 'allow',
    allowedConsoleErrors: { patterns: [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /Failed to load resource: net::ERR_FAILED/] },
  });

  test('offline, the movie card says calmly that clips need a connection, and the shop has an offline state', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: /^2025/ })).toBeVisible();
    // Installed first, as offline.spec.ts does: offline, the app's code comes from the service worker.
    await whenServiceWorkerReady(page);
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    await page.getByRole('tabpanel').locator('[data-cell="M1"]').click();
    const movie = page.getByRole('dialog');
    await expect(movie.getByRole('status').filter({ hasText: 'Clips need a connection' })).toBeVisible();
    await expect(movie.getByRole('alert')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await nav(page).getByRole('link', { name: /Shop/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The shop needs a connection.' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Product pages' })).toHaveCount(0);
    const checkout = page.getByRole('button', { name: 'CHECKOUT' });
    await expect(checkout).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Checkout needs a connection.')).toBeVisible();
    await page.screenshot({ path: 'test-results/shots/shop-offline-1280-dark.png' });

    await context.setOffline(false);
    await expect(page.getByRole('navigation', { name: 'Product pages' })).toBeVisible();
    await expect(checkout).toHaveAttribute('aria-disabled', 'false');
  });

  test.describe('a real failure while online', () => {
    test.use({ allowedConsoleErrors: { patterns: [/status of 500/] } });

    test('keeps the specification’s red clip alert', async ({ page }) => {
      await page.route('**/api/clips/by-title/**', (route) => route.fulfill({ status: 500, json: { error: { code: 'x', message: 'x' } } }));
      await page.goto('/');
      await page.getByRole('tabpanel').locator('[data-cell="M1"]').click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText("Ooops! There's been an error loading the clip!");
    });
  });

  test('an empty cart’s CHECKOUT says why it does nothing', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page.getByText('Your cart is empty — add something first.')).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
  });
});

test.describe('Home when the clips cannot be read', () => {
  test.use({ allowedConsoleErrors: { patterns: [/status of 503.*\/api\/clips\?/] } });

  test('the clip list says so in place and loads them on "Try again"', async ({ page }) => {
    // The list is not retried by itself (use-clip-list.ts): one failure, then "Try again" loads.
    let failures = 0;
    await page.route(/\/api\/clips\?/, (route) => {
      if (failures >= 1) return route.fallback();
      failures += 1;
      return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again later.' } } });
    });
    await page.goto('/');
    const clips = page.getByRole('region', { name: 'MINGOVERVIEW' });
    await expect(clips.getByRole('alert')).toContainText("Ooops! There's been an error loading the clips!");
    await clips.getByRole('button', { name: 'Try again' }).click();
    await expect(clips.getByRole('list', { name: 'Clips' }).getByRole('listitem').first()).toBeVisible();
    await expect(clips.getByRole('alert')).toHaveCount(0);
    expect(failures).toBe(1);
  });
});

test.describe('a part whose code cannot be fetched', () => {
  // The aborted chunk requests are logged by Chromium; anything else (the route error page's
  // "React Router caught the following error", a page error) still fails the test.
  test.use({ allowedConsoleErrors: { patterns: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] } });

  /**
   * Fails every request for the named lazy chunk (as a dropped connection does) until `restore` is
   * called; `restore({ dropMore: n })` lets requests through only after n more have been dropped.
   */
  async function dropChunk(page: Page, chunk: string): Promise<{ restore: (options?: { dropMore?: number }) => Promise<void> }> {
    const pattern = new RegExp(`/static/${chunk}-[\\w-]+\\.js$`);
    let dropped = 0;
    let passFrom = Infinity;
    await page.route(pattern, (route) => {
      if (dropped >= passFrom) return route.fallback();
      dropped += 1;
      return route.abort('internetdisconnected');
    });
    return {
      restore: async ({ dropMore = 0 } = {}) => {
        expect(dropped, `requests for ${chunk} dropped`).toBeGreaterThan(0);
        if (dropMore > 0) passFrom = dropped + dropMore;
        else await page.unroute(pattern);
      },
    };
  }

  test('Home keeps its boards when the clip list cannot load: the list says so in place and loads on "Try again"', async ({ page }) => {
    const chunk = await dropChunk(page, 'clip-list');
    await page.goto('/');
    const clips = page.getByRole('region', { name: 'MINGOVERVIEW' });
    await expect(clips.getByRole('alert')).toContainText("Ooops! There's been an error loading the clips!");
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO boards' })).toBeVisible();
    await expect(page.getByRole('tabpanel').locator('[data-cell="M1"]')).toBeVisible();
    await chunk.restore();
    await clips.getByRole('button', { name: 'Try again' }).click();
    await expect(clips.getByRole('list', { name: 'Clips' }).getByRole('listitem').first()).toBeVisible();
    await expect(clips.getByRole('alert')).toHaveCount(0);
  });

  test('offline before the clip list has loaded, Home says calmly that clips need a connection, and loads them once back online', async ({
    page,
    context,
  }) => {
    const chunk = await dropChunk(page, 'clip-list');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO boards' })).toBeVisible();
    const clips = page.getByRole('region', { name: 'MINGOVERVIEW' });
    await expect(clips.getByRole('alert')).toBeVisible();
    // The particle background has started (it fetches its code and settings once the page has
    // settled, and logs a failure to fetch them, as the specification says).
    await expect.poll(async () => Number(await page.locator('#particles').getAttribute('data-frames'))).toBeGreaterThan(0);
    await context.setOffline(true);
    await expect(clips.getByRole('status').filter({ hasText: 'Clips need a connection' })).toBeVisible();
    await expect(clips.getByRole('alert')).toHaveCount(0);
    // Back online, the first fetch is still dropped, as it can be while a connection comes up
    // (Chromium raises `online` before its network follows): the list is fetched again by itself,
    // and no red error shows meanwhile, not even for a frame as `online` comes (decision 213): every
    // element the page adds from then on is looked at.
    await page.evaluate(() => {
      const seen: string[] = [];
      Reflect.set(window, 'alertsAdded', seen);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element)
              for (const alert of [node, ...node.querySelectorAll('*')].filter((element) => element.getAttribute('role') === 'alert'))
                seen.push(alert.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await chunk.restore({ dropMore: 1 });
    await context.setOffline(false);
    await expect(clips.getByRole('list', { name: 'Clips' }).getByRole('listitem').first()).toBeVisible();
    await expect(clips.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => Reflect.get(window, 'alertsAdded') as string[])).toEqual([]);
  });

  test('a movie card whose code cannot load says so in a toast and leaves the board as it was; the next open shows it', async ({
    page,
  }) => {
    await page.goto('/');
    const chunk = await dropChunk(page, 'movie-modal');
    const square = page.getByRole('tabpanel').locator('[data-cell="M1"]');
    await square.click();
    await expect(page.getByRole('status').filter({ hasText: 'The movie card could not be loaded. Please try again.' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO boards' })).toBeVisible();
    await chunk.restore();
    await square.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("a movie's clip whose player cannot load keeps the poster and shows the clip error", async ({ page }) => {
    await page.goto('/');
    await dropChunk(page, 'movie-clip');
    await page.getByRole('tabpanel').locator('[data-cell="M1"]').click();
    const movie = page.getByRole('dialog');
    await expect(movie.getByRole('alert')).toHaveText("Ooops! There's been an error loading the clip!");
    await expect(movie.getByRole('img', { name: /^Poster of / })).toBeVisible();
  });
});

test.describe('random pick', () => {
  test('on a phone, the pick names its movie, scrolls its square into view below the header, and opens its card', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const ask = page.getByRole('button', { name: 'Ask Mighty MINGO' });
    await ask.scrollIntoViewIfNeeded();
    await ask.click();
    const named = page.getByTestId('pick-name').getByRole('button');
    await expect(named).toHaveText(/^[MINGO][1-5] — .+/);
    const [cell = '', title = ''] = ((await named.textContent()) ?? '').split(' — ');
    const square = page.locator(`[data-cell="${cell}"]`);
    await expect(square).toHaveAttribute('data-picked', 'true');
    const headerBottom = (await header(page).boundingBox())?.height ?? 0;
    await expect
      .poll(async () => {
        const box = await square.boundingBox();
        return box !== null && box.y >= headerBottom && box.y + box.height <= 844;
      })
      .toBe(true);
    await page.screenshot({ path: 'test-results/shots/random-pick-390.png' });
    await named.click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  });
});

test.describe('success page', () => {
  test('shows the order number the admin sees, the items, the ship-to address and the masked receipt e-mail', async ({ page }) => {
    const email = uniqueEmail('polish-success');
    await buyPinSet(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    const shown = ((await page.getByTestId('order-number').locator('strong').textContent()) ?? '').trim();
    expect(shown).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByText('Enamel Pin Set')).toBeVisible();
    // Within a day of payment: where it ships and who got the receipt, masked (decision 181).
    await expect(page.getByTestId('order-ship-to')).toHaveText(/Robin Reel\s*7 Projector Row\s*Springfield, 12345\s*US/);
    await expect(page.getByTestId('order-receipt-email')).toHaveText('p•••@example.com');
    await expect(page.getByText(email)).toHaveCount(0);
    const ordersAnswer = page.waitForResponse((response) => response.url().includes('/api/orders/by-session/'));
    await page.reload();
    expect(await (await ordersAnswer).text()).not.toContain(email);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/success with the delivery details (${theme})`);
    }

    await signIn(page, 'admin');
    await page.goto('/orders?status=paid');
    await expect(page.getByTestId('order-row').filter({ hasText: email })).toContainText(shown);
  });
});

test.describe('orders admin', () => {
  test('opens on what needs action, keeps abandoned checkouts under their own tab, and shows cards that fit a phone', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('polish-views');
    await buyPinSet(page, email);
    const abandonedSession = (await startPinSetCheckout(page)).split('/').pop() ?? '';
    await signIn(page, 'admin');
    const pending = (await (await page.request.get('/api/orders?view=pending')).json()) as {
      items: { id: string; providerSessionId: string | null }[];
    };
    const abandonedId = pending.items.find((order) => order.providerSessionId === abandonedSession)?.id ?? '';
    expect(abandonedId).not.toBe('');
    const abandonedNumber = abandonedId.slice(0, 8).toUpperCase();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/orders');
    const views = page.getByRole('navigation', { name: 'Order views' });
    await expect(views.getByRole('link', { name: 'Needs action' })).toHaveAttribute('aria-current', 'page');
    const paidCard = page.getByTestId('order-row').filter({ hasText: email });
    await expect(paidCard).toHaveCount(1);
    await expect(page.getByTestId('order-row').filter({ hasText: abandonedNumber })).toHaveCount(0);
    // A card, not a table row: nothing scrolls sideways, the card fits the screen.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Orders, newest first' })).toBeVisible();
    const fits = async (what: string) => {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `page width with ${what}`).toBeLessThanOrEqual(390);
    };
    await fits('the cards');
    const card = await paidCard.boundingBox();
    expect(card !== null && card.x >= 0 && card.x + card.width <= 390).toBe(true);

    // The details panel opens inside the card and fits the screen too.
    await paidCard.getByRole('button', { name: /^Details/ }).click();
    const form = paidCard.getByRole('form', { name: 'Mark shipped' });
    await expect(form).toBeVisible();
    await fits('the details open');
    for (const part of [form, paidCard.getByRole('list', { name: 'Timeline' }), paidCard.getByRole('heading', { name: /^Order / })]) {
      const box = await part.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= 390, 'a part of the details inside the screen').toBe(true);
    }
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/orders at 390 px with details open (${theme})`);
    }

    await views.getByRole('link', { name: 'Payment pending' }).click();
    await expect(page).toHaveURL(/\/orders\?view=pending$/);
    await expect(page.getByTestId('order-row').filter({ hasText: abandonedNumber })).toHaveCount(1);
    await expect(page.getByTestId('order-row').filter({ hasText: email })).toHaveCount(0);

    // From 640 px the same orders are a table.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('table', { name: 'Orders, newest first' })).toBeVisible();
    await expect(page.getByTestId('order-row').filter({ hasText: abandonedNumber })).toHaveCount(1);
  });
});

test.describe('orders admin counts', () => {
  test('each tab shows its count in its name, and the counts follow an order marked shipped', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('polish-counts');
    await buyPinSet(page, email);
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/orders');
    const views = page.getByRole('navigation', { name: 'Order views' });
    const nameOf = (label: string) => views.getByRole('link', { name: new RegExp(`^${label} \\d+ orders?$`) });
    /** The count in a tab's accessible name ("Shipped 4 orders"), once the counts are shown. */
    const countOf = async (label: string): Promise<number> => {
      const tab = nameOf(label);
      await expect(tab).toBeVisible();
      return Number(/ (\d+) orders?$/.exec((await tab.textContent()) ?? '')?.[1]);
    };
    await expect(nameOf('Needs action')).toHaveAttribute('aria-current', 'page');
    const shippedBefore = await countOf('Shipped');
    expect(await countOf('Needs action')).toBeGreaterThanOrEqual(1);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/orders with counts at 1280 px (${theme})`);
    }

    const row = page.getByTestId('order-row').filter({ hasText: email });
    await row.getByRole('button', { name: /^Details/ }).click();
    await page.getByRole('form', { name: 'Mark shipped' }).getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByRole('status').filter({ hasText: /marked shipped$/ })).toBeVisible();
    // Other tests may ship orders at the same time: the count rises by at least this one, without a reload.
    await expect.poll(() => countOf('Shipped')).toBeGreaterThanOrEqual(shippedBefore + 1);
  });
});

test.describe('product window on a phone', () => {
  test('keeps its title bar and action row pinned while the body scrolls; adding shows the count change and a toast', async ({ page }) => {
    // A short phone screen: the window's body is taller than what is left between the pinned rows.
    await page.setViewportSize({ width: 390, height: 664 });
    await page.goto('/shop?page=1');
    await page.getByRole('button', { name: /^MINGO Classic Tee/ }).click();
    const dialog = page.locator('dialog[data-modal="productDetails"]');
    await expect(dialog.getByRole('heading', { name: 'MINGO Classic Tee' })).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close' });
    const add = dialog.getByRole('button', { name: 'Add to cart' });
    const body = dialog.getByTestId('modal-body');
    const inScreen = async (what: string, locator: typeof close) => {
      const box = await locator.boundingBox();
      expect(box, what).not.toBeNull();
      if (box === null) return;
      expect(box.y, `${what}: top inside the screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${what}: bottom inside the screen`).toBeLessThanOrEqual(664);
    };
    await inScreen('close button', close);
    await inScreen('Add to cart', add);
    const closeBefore = await close.boundingBox();
    const addBefore = await add.boundingBox();

    // The body scrolls; the title bar and the action row do not move.
    expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await body.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await close.boundingBox()).toEqual(closeBefore);
    expect(await add.boundingBox()).toEqual(addBefore);
    await expect(dialog.getByTestId('selection-summary')).toHaveText('Choose shirt size and shirt color');

    // "Please select…" shows whole, above the fold, beside the button.
    await add.click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('Please select one option from Shirt Size, Shirt Color');
    await inScreen('the "Please select" message', alert);
    await inScreen('close button with the message shown', close);

    await dialog.getByLabel('Shirt Size').selectOption('M');
    await dialog.getByLabel('Shirt Color').selectOption('Red');
    await expect(dialog.getByTestId('selection-summary')).toHaveText('1 × Size M · Red · $24.99');
    await expect(dialog.getByTestId('window-cart-count')).toHaveText(/0 in cart$/);
    await add.click();
    const added = dialog.getByRole('status').filter({ hasText: 'Added to your cart' });
    await expect(added).toBeVisible();
    await inScreen('the "Added" message', added);
    await expect(dialog.getByTestId('window-cart-count')).toHaveText(/1 in cart$/);
    const toast = page.getByRole('status').filter({ hasText: 'MINGO Classic Tee added — see your cart under Shop' });
    await expect(toast).toBeVisible();
    await inScreen('the toast', toast);
    // The toast covers neither the close button nor Add to cart.
    const toastBox = await toast.boundingBox();
    for (const [what, box] of [
      ['close', await close.boundingBox()],
      ['add', await add.boundingBox()],
    ] as const) {
      const apart = toastBox === null || box === null || toastBox.y + toastBox.height <= box.y || box.y + box.height <= toastBox.y;
      expect(apart, `the toast clear of ${what}`).toBe(true);
    }
    await expect(close).toBeVisible();

    for (const theme of THEMES) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await expectNoViolations(page, `product window at 390 px (${theme})`);
    }
    await close.click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
  });
});

test.describe('small things', () => {
  test('My clips / All clips is a segmented control: the pressed one is marked by aria-pressed and looks selected, in both themes', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/manage');
    const group = page.getByRole('group', { name: 'Whose clips' });
    const mine = group.getByRole('button', { name: 'My clips' });
    const all = group.getByRole('button', { name: 'All clips' });
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    const background = (button: typeof mine) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      expect(await background(mine), `the pressed segment stands out (${theme})`).not.toBe(await background(all));
    }
    await all.click();
    await expect(page).toHaveURL(/view=all/);
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(mine).toHaveAttribute('aria-pressed', 'false');
    expect(await background(all)).not.toBe(await background(mine));
    // Both segments sit on one row, the same height.
    const [a, b] = [await mine.boundingBox(), await all.boundingBox()];
    expect(a !== null && b !== null && Math.abs(a.y - b.y) < 1 && Math.abs(a.height - b.height) < 1).toBe(true);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/manage?view=all with the segmented control (${theme})`);
    }
  });
  test('the API docs page stacks its columns on a phone, nothing wider than the screen, and shows `code` spans as code', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO API reference' })).toBeVisible();
    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => element.getClientRects().length > 0 && element.closest('pre, table') === null)
        .map((element) => ({ tag: element.tagName, right: element.getBoundingClientRect().right }))
        .filter((box) => box.right > width + 1);
      const links = [...document.querySelectorAll('nav a')].map((link) => link.getBoundingClientRect());
      const overlaps = links.flatMap((a, i) =>
        links.slice(i + 1).filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
      ).length;
      const lefts = new Set(links.map((link) => Math.round(link.left)));
      return { scrollWidth: document.documentElement.scrollWidth, width, wide, overlaps, columns: lefts.size };
    });
    expect(layout.scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(layout.width);
    expect(layout.wide, 'elements wider than the viewport').toEqual([]);
    expect(layout.overlaps, 'overlapping endpoint links').toBe(0);
    expect(layout.columns, 'the endpoint list is one column').toBe(1);
    // Backticked names in the prose are code, and no backtick is printed.
    const prose = page.locator('section.operation p code');
    expect(await prose.count()).toBeGreaterThan(0);
    await expect(prose.first()).toHaveCSS('font-family', /monospace/);
    expect(await page.locator('main').innerText()).not.toContain('`');
    await expectNoViolations(page, '/api/docs at 390 px');
  });

  test('on a phone the MINGO! toast stays clear of the movie window’s close button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.request.get('/data/movielist.json');
    const ids = ((await response.json()) as { id: string }[]).slice((2024 - 2018) * 25, (2024 - 2018) * 25 + 25).map((movie) => movie.id);
    await page.addInitScript(
      (value) => {
        if (window.sessionStorage.getItem('preset-done') !== null) return;
        window.localStorage.setItem('watchedMovies', value);
        window.sessionStorage.setItem('preset-done', '1');
      },
      JSON.stringify([ids[10], ids[11], ids[13]]),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: /^2024/ }).click();
    await page.getByRole('tabpanel').locator('[data-cell="O3"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Seen it' }).click();
    const card = page.getByTestId('celebration').getByRole('button');
    await expect(card).toContainText('MINGO!');
    const close = dialog.getByRole('button', { name: /Close/ });
    await close.scrollIntoViewIfNeeded();
    const [toastBox, closeBox] = [await card.boundingBox(), await close.boundingBox()];
    expect(toastBox).not.toBeNull();
    expect(closeBox).not.toBeNull();
    if (toastBox === null || closeBox === null) return;
    const apart =
      toastBox.x + toastBox.width <= closeBox.x ||
      closeBox.x + closeBox.width <= toastBox.x ||
      toastBox.y + toastBox.height <= closeBox.y ||
      closeBox.y + closeBox.height <= toastBox.y;
    expect(apart, `toast ${JSON.stringify(toastBox)} clear of close ${JSON.stringify(closeBox)}`).toBe(true);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);
    await close.click();
    await expect(dialog).toHaveCount(0);
  });

  test('at 1280 px Share sits on the boards’ heading row flush with the board, and the random pick starts level with the board', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('button')).toHaveCount(25);
    const box = async (locator: ReturnType<Page['locator']>) => {
      const found = await locator.boundingBox();
      if (found === null) throw new Error('not rendered');
      return found;
    };
    const board = await box(panel);
    const heading = await box(page.getByRole('heading', { level: 2, name: 'The boards' }));
    const share = await box(page.getByRole('button', { name: /^Share \d{4}$/ }));
    const pick = await box(page.locator('section[aria-labelledby="random-pick-heading"]'));
    // Share is on the heading's row, its right edge on the board's; the heading starts at the board's left edge.
    expect(Math.abs(share.y + share.height / 2 - (heading.y + heading.height / 2))).toBeLessThan(4);
    expect(Math.abs(share.x + share.width - (board.x + board.width))).toBeLessThanOrEqual(1);
    expect(Math.abs(heading.x - board.x)).toBeLessThanOrEqual(1);
    // The random pick is the column beside the board, its top level with the board's.
    expect(pick.x).toBeGreaterThan(board.x + board.width);
    expect(Math.abs(pick.y - board.y)).toBeLessThanOrEqual(1);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `home at 1280 px (${theme})`);
    }
  });

  test('the compare view marks each side with its own icon, not only a colour', async ({ page }) => {
    const board = await openCompareView(page);
    const icon = (side: string) => board.locator(`[data-compare="${side}"]`).first().getByTestId('compare-badge').locator('[data-icon]');
    const icons = [
      await icon('both').getAttribute('data-icon'),
      await icon('theirs').getAttribute('data-icon'),
      await icon('mine').getAttribute('data-icon'),
    ];
    expect(icons.every((name) => name !== null && name !== '')).toBe(true);
    expect(new Set(icons).size, `three different icons: ${icons.join(', ')}`).toBe(3);
    // The glyphs really are drawn (the icon font has each ligature): each badge is icon-sized, not a word.
    for (const side of ['both', 'theirs', 'mine']) {
      const glyph = await icon(side).boundingBox();
      expect(glyph !== null && glyph.width < 30, `${side} icon drawn as a glyph`).toBe(true);
    }
    await expect(board.locator('[data-compare="neither"] [data-testid="compare-badge"]')).toHaveCount(0);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `compare view with badges (${theme})`);
    }
  });
});
