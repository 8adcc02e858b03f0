import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-admin';

export { expect };

/**
 * Every test fails on an unexpected console error or uncaught page error (CSP violations
 * included). A test that provokes an error on purpose lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: { patterns: RegExp[] }; consoleGuard: undefined }>({
  allowedConsoleErrors: [{ patterns: [] }, { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Chromium's "Failed to load resource" names no resource: the failure says which one, and an
        // allowance can name it too.
        const { url } = message.location();
        const described = url === '' || text.includes(url) ? text : `${text} (${url})`;
        if (allowedConsoleErrors.patterns.some((pattern) => pattern.test(described))) return;
        errors.push(described);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The <html> element's classes, e.g. to check the theme. */
export async function rootClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.documentElement.classList]);
}

/** Signs a page in through the API (no UI): cookies set by `page.request` are shared with the page. */
export type SignedIn = { name: string; email: string; password: string; role: 'admin' | 'staff' };

const STAFF_PASSWORD = 'e2e-staff-password';

async function apiSignIn(page: Page, email: string, password: string): Promise<void> {
  const origin = String(test.info().project.use.baseURL);
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
}

/**
 * Signs the page in as the e2e admin, or as a new staff account that the e2e admin creates.
 * Call it before `page.goto`: the app reads the session when it starts.
 */
export async function signIn(page: Page, role: 'admin' | 'staff' = 'admin'): Promise<SignedIn> {
  await apiSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  if (role === 'admin') return { name: 'Admin', email: E2E_ADMIN.email, password: E2E_ADMIN.password, role };

  const origin = String(test.info().project.use.baseURL);
  // The name must be unique too (tests filter by it): the random part, not the clock's slow prefix.
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const email = `staff-${unique}@mingo.local`;
  const name = `Staff ${unique.slice(-8)}`;
  const created = await page.request.post('/api/staff', {
    data: { name, email, phoneNumber: '555-0100', password: STAFF_PASSWORD, role: 'staff' },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin } });
  await apiSignIn(page, email, STAFF_PASSWORD);
  return { name, email, password: STAFF_PASSWORD, role };
}

/**
 * Keeps index.html's static shell on screen until the returned function releases it: the app's
 * code (every script under /static/) is held, so the app cannot start, however long the test
 * looks. (Holding the first session answer instead is not enough: after FIRST_SESSION_TIMEOUT_MS
 * the app starts signed out, which a busy machine reached while a test still looked at the shell.)
 * Open the page with `waitUntil: 'commit'`: its load event waits for the held code.
 */
export async function holdAppStart(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/static/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Waits until the service worker has installed (precached the app) and controls the page. */
export async function whenServiceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first page is not controlled (no clients.claim); the next navigation is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
