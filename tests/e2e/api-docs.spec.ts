import { expect, test } from './fixtures';

test.describe('API reference', () => {
  test('/api/docs lists the endpoints from the OpenAPI document, styled under the site CSP (the fixture fails on any console error)', async ({
    page,
  }) => {
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'MINGO API reference' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Products' })).toBeVisible();
    const endpoints = page.getByRole('navigation', { name: 'Endpoints' });
    await expect(endpoints.getByRole('link', { name: 'GET /api/products', exact: true })).toBeVisible();
    await expect(endpoints.getByRole('link', { name: 'GET /media/{key}', exact: true })).toBeVisible();
    await endpoints.getByRole('link', { name: 'POST /api/create-checkout-session', exact: true }).click();
    await expect(page.getByText('Start a checkout: the cart in')).toBeInViewport();
    // The style sheet loaded (no CSP refusal): operations get their border from it.
    await expect(page.locator('section.operation').first()).toHaveCSS('border-top-style', 'solid');

    await page.getByRole('link', { name: 'OpenAPI 3.1 document' }).click();
    await expect(page).toHaveURL(/\/api\/openapi\.json$/);
    await expect(page.locator('body')).toContainText('"openapi":"3.1.0"');
  });
});
