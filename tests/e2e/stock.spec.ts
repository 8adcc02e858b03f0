import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Reserved stock (decision 171), as a shopper meets it: a checkout session holds its units, so the
// shop shows what is really left, refuses a checkout of units someone else holds, and offers them
// again when that session is cancelled. The product is added for this test and archived after it;
// it runs in the shared-state project, after the shop tests that count the catalogue's pages.

const productCard = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
const details = (page: Page) => page.locator('dialog[data-modal="productDetails"]');
const cart = (page: Page) => page.getByRole('complementary', { name: 'Your cart' });

test.describe('reserved stock', () => {
  // The refused checkout answers 409, which the browser logs, and the app logs the refusal (spec).
  test.use({ allowedConsoleErrors: { patterns: [/status of 409/, /Checkout failed/] } });

  test('the shopper sees what is left while others check out, and a checkout of held units is refused', async ({ page, browser }) => {
    const origin = String(test.info().project.use.baseURL);
    const staff = await browser.newPage({ baseURL: origin });
    await signIn(staff, 'staff');
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    const name = `Reel Lanyard ${suffix}`;
    const created = await staff.request.post('/api/products', {
      data: {
        productName: name,
        productCode: `LANYARD-${suffix}`,
        description: 'A lanyard for the bingo night.',
        price: 7,
        quantityInStock: 2,
      },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    try {
      const listed = (await (await page.request.get('/api/products?page=1&pageSize=48')).json()) as { items: { id: string }[] };
      const shopPage = Math.floor(listed.items.findIndex((item) => item.id === id) / 4) + 1;
      expect(shopPage).toBeGreaterThan(0);
      /** Another shopper's checkout of one lanyard, as the shop's CHECKOUT starts it: its test checkout path. */
      const otherCheckout = async () => {
        const started = await staff.request.post('/api/create-checkout-session', {
          data: [{ product: { id }, quantity: 1 }],
          headers: { origin },
        });
        expect(started.status(), await started.text()).toBe(200);
        return ((await started.json()) as { url: string }).url;
      };

      await page.goto(`/shop?page=${shopPage}`);
      await expect(productCard(page, name)).toContainText('Only 2 left');
      await productCard(page, name).click();
      const dialog = details(page);
      await dialog.getByLabel('Quantity').selectOption('2');
      await dialog.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByTestId('cart-badge')).toHaveText('2');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page).not.toHaveURL(/[?&]product=/);

      // Someone else starts paying for one while this shopper's page is open.
      const held = await otherCheckout();
      await cart(page).getByRole('button', { name: 'CHECKOUT' }).click();
      await expect(cart(page).getByRole('alert')).toHaveText(`Line 1 (${name}): quantity 2 exceeds the 1 in stock.`);
      await expect(page).toHaveURL(new RegExp(`/shop\\?page=${shopPage}$`));
      await expect(cart(page).getByTestId('cart-line')).toHaveCount(1);

      // A second checkout holds the other one: the shop says so.
      const second = await otherCheckout();
      await page.reload();
      await expect(productCard(page, name)).toContainText('Out of stock');

      // The first shopper cancels on the test checkout: one is offered again.
      await staff.goto(held);
      await staff.getByRole('button', { name: 'Cancel' }).click();
      await expect(staff).toHaveURL(/\/cancel$/);
      await page.reload();
      await expect(productCard(page, name)).toContainText('Only 1 left');
      expect(second).toMatch(/^\/checkout\/test\/test_cs_/);
    } finally {
      await staff.request.patch(`/api/products/${id}`, { data: { isActive: false }, headers: { origin } });
      await staff.close();
    }
  });
});
