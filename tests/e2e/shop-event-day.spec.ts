import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expectNoViolations, THEMES } from './axe';
import { expect, signIn, test } from './fixtures';
import { demoProductId, payTestCheckout, uniqueEmail } from './order-support';

// The shop on event day (issue 33, decision 192): refunds of returned items after shipping, by
// line, and a toast that never covers CHECKOUT on a phone. Buys only high-stock demo items
// (Enamel Pin Set 50, MINGO Dauber Set 60), as checkout.spec.ts does.

/** The subjects of the .eml files the server wrote for this address (no SMTP_URL in e2e). */
function outboxSubjects(email: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((eml) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\r?$`, 'm').test(eml))
    .map((eml) => /^Subject: (.*?)\r?$/m.exec(eml)?.[1] ?? '')
    .sort();
}

/** Whether two boxes share any point (touching edges do not count). */
async function intersecting(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  if (first === null || second === null) throw new Error('a box is not on screen');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

test.describe('refunds after shipping', () => {
  test('an admin refunds one line of a shipped order: it stays under Shipped showing what went back; the rest moves it to Refunded, without a reload', async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail('refund-line');
    const origin = String(test.info().project.use.baseURL);
    const [pins, daubers] = [await demoProductId(page, 'Enamel Pin Set'), await demoProductId(page, 'MINGO Dauber Set')];
    const started = await page.request.post('/api/create-checkout-session', {
      data: [
        { product: { id: pins }, quantity: 1 },
        { product: { id: daubers }, quantity: 1 },
      ],
      headers: { origin },
    });
    expect(started.status(), await started.text()).toBe(200);
    await payTestCheckout(page, ((await started.json()) as { url: string }).url, email);

    await signIn(page, 'admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/orders');
    const views = page.getByRole('navigation', { name: 'Order views' });
    const row = page.getByTestId('order-row').filter({ hasText: email });
    await row.getByRole('button', { name: /^Details/ }).click();
    await page.getByRole('form', { name: 'Mark shipped' }).getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByRole('status').filter({ hasText: /marked shipped$/ })).toBeVisible();
    await expect(row).toHaveCount(0);
    await views.getByRole('link', { name: /^Shipped / }).click();
    await expect(row).toContainText('Shipped');

    // The item comes back: refund the daubers only.
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund order [0-9A-F]{8}$/ });
    await expect(dialog.getByTestId('refund-amount')).toHaveText('Refund $29.24 to the customer?');
    await dialog.getByRole('combobox', { name: 'Units of Enamel Pin Set to refund' }).selectOption('0');
    // $8.99 and its share of the $2.26 tax ($0.97); the delivery goes back with the last item.
    await expect(dialog.getByTestId('refund-amount')).toHaveText('Refund $9.96 to the customer?');
    for (const theme of THEMES) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await expectNoViolations(page, `refund dialog (${theme})`);
    }
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: /^check_circleOrder [0-9A-F]{8} partly refunded: \$9\.96 back/ }),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Still shipped, under Shipped, with what went back shown; no reload.
    await expect(row).toContainText('Shipped');
    await expect(row.getByTestId('row-refunded')).toHaveText('$9.96 refunded');
    await expect(page.getByTestId('order-refunded')).toHaveText('Refunded so far: $9.96 of $29.24');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(/Partly refunded by .*admin@mingo\.local/);
    await expect
      .poll(() => outboxSubjects(email))
      .toContainEqual(expect.stringMatching(/^Part of your MINGO order #[0-9A-F]{8} was refunded$/));

    // The rest comes back too: the order moves to Refunded.
    await page.getByRole('button', { name: 'Refund…' }).click();
    await expect(dialog.getByTestId('refund-amount')).toHaveText('Refund $19.28 to the customer?');
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(page.getByRole('status').filter({ hasText: /refunded: \$19\.28 back to the customer$/ })).toBeVisible();
    await expect(row).toHaveCount(0);
    await views.getByRole('link', { name: /^Refunded / }).click();
    await expect(row).toContainText('Refunded');
    await expect(row.getByTestId('row-refunded')).toHaveCount(0);
    await expect
      .poll(() => outboxSubjects(email))
      .toEqual([
        expect.stringMatching(/^Part of your MINGO order #[0-9A-F]{8} was refunded$/),
        expect.stringMatching(/^Your MINGO order #[0-9A-F]{8} has shipped$/),
        expect.stringMatching(/^Your MINGO order #[0-9A-F]{8} was refunded$/),
        expect.stringMatching(/^Your MINGO receipt for order #[0-9A-F]{8}$/),
      ]);
  });
});

test.describe('toasts on a phone', () => {
  test('the "added to cart" toast never covers CHECKOUT at 390 px, wherever the cart is scrolled', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop?page=1');
    await page.getByRole('button', { name: /^MINGO Dauber Set/ }).click();
    const dialog = page.locator('dialog[data-modal="productDetails"]');
    await expect(dialog.getByRole('heading', { name: 'MINGO Dauber Set' })).toBeVisible();
    // The toast stays while the page is measured: its 4 s timer does not run.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const toast = page.getByRole('status').filter({ hasText: 'MINGO Dauber Set added — see your cart under Shop' });
    const checkout = page.getByRole('complementary', { name: 'Your cart' }).getByRole('button', { name: 'CHECKOUT' });
    await expect(toast).toBeVisible();
    const viewport = 844;
    // CHECKOUT at the foot of the screen (where a bottom toast sat), in the middle, and as high as
    // the page scrolls (where a top toast sits).
    for (const place of ['end', 'center', 'high'] as const) {
      await checkout.evaluate((button, where) => {
        if (where === 'high') window.scrollBy(0, button.getBoundingClientRect().top - 90);
        else button.scrollIntoView({ block: where });
      }, place);
      await expect(checkout).toBeInViewport();
      await expect(toast).toBeInViewport();
      await expect.poll(() => intersecting(toast, checkout), `the toast clear of CHECKOUT (${place})`).toBe(false);
      const box = await toast.boundingBox();
      expect(box !== null && box.y >= 0 && box.y + box.height <= viewport).toBe(true);
    }
    await page.clock.resume();
  });
});
