import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A fresh receipt address, unique to this test run, to find its order by. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A pending order of one Enamel Pin Set (a high-stock demo item, see checkout.spec.ts), started
 * through the API as the shop's CHECKOUT does: the address of its test checkout page.
 */
export async function startPinSetCheckout(page: Page): Promise<string> {
  const origin = String(test.info().project.use.baseURL);
  let pins: { id: string } | undefined;
  for (let pageNumber = 1; pins === undefined && pageNumber <= 5; pageNumber++) {
    const products = (await (await page.request.get(`/api/products?page=${pageNumber}`)).json()) as {
      items: { id: string; productName: string }[];
    };
    pins = products.items.find((product) => product.productName === 'Enamel Pin Set');
  }
  if (pins === undefined) throw new Error('no demo pin set');
  const started = await page.request.post('/api/create-checkout-session', {
    data: [{ product: { id: pins.id }, quantity: 1 }],
    headers: { origin },
  });
  expect(started.status(), await started.text()).toBe(200);
  return ((await started.json()) as { url: string }).url;
}

/** The id of a demo product, found by name on the shop's first pages. */
export async function demoProductId(page: Page, name: string): Promise<string> {
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    const products = (await (await page.request.get(`/api/products?page=${pageNumber}`)).json()) as {
      items: { id: string; productName: string }[];
    };
    const found = products.items.find((product) => product.productName === name);
    if (found !== undefined) return found.id;
  }
  throw new Error(`no demo product ${name}`);
}

/**
 * Buys one Enamel Pin Set with the test provider: started as the shop's CHECKOUT does, paid on the
 * test checkout page as a shopper would. Leaves the page on /success.
 */
export async function buyPinSet(page: Page, email: string): Promise<void> {
  await payTestCheckout(page, await startPinSetCheckout(page), email);
}

/** Pays the test checkout at `url` as a shopper would, the receipt to `email`. Leaves the page on /success. */
export async function payTestCheckout(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  await completeTestCheckout(page, email);
}

/** Fills in the test checkout page that is open as a shopper would, the receipt to `email`, and pays. Leaves the page on /success. */
export async function completeTestCheckout(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email for the receipt').fill(email);
  await page.getByLabel('Full name').fill('Robin Reel');
  await page.getByLabel('Address line 1').fill('7 Projector Row');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postal code').fill('12345');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/success/);
}
