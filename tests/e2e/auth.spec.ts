import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-admin';
import { expect, signIn, test } from './fixtures';

const MESSAGES = {
  progress: 'Please wait! We are logging you in to your account.',
  success: 'Your login was successful!',
  failure: 'An unexpected error occured. Please try again shortly.',
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const authModal = (page: Page) => page.locator('dialog[data-modal="auth"]');

/** The staff links sit in the navigation's "Admin" menu (decision 180): opens it and returns the navigation. */
async function adminMenu(page: Page) {
  const button = nav(page).getByRole('button', { name: 'Admin' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return nav(page);
}

async function openLogin(page: Page) {
  await nav(page).getByRole('button', { name: 'Login' }).click();
  const modal = authModal(page);
  await expect(modal.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(modal.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  return modal;
}

async function fillLogin(page: Page, email: string, password: string) {
  const modal = authModal(page);
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('Password').fill(password);
}

test.describe('sign-in form', () => {
  test('shows validation messages for touched, changed, invalid fields and keeps submit disabled', async ({ page }) => {
    await page.goto('/');
    const modal = await openLogin(page);
    const submit = modal.getByRole('button', { name: 'Login' });
    await expect(submit).toBeDisabled();

    // Touched but not changed: no message yet.
    await modal.getByLabel('Email').focus();
    await modal.getByLabel('Password').focus();
    await expect(modal.getByText('Email is invalid')).toHaveCount(0);

    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByLabel('Password').focus();
    await expect(modal.getByText('Email is invalid')).toBeVisible();

    await modal.getByLabel('Password').fill('x');
    await modal.getByLabel('Password').fill('');
    await modal.getByLabel('Email').focus();
    await expect(modal.getByText('Password is invalid')).toBeVisible();
    await expect(submit).toBeDisabled();

    await modal.getByLabel('Email').fill('someone@example.com');
    await modal.getByLabel('Password').fill('anything');
    await expect(modal.getByText('Email is invalid')).toHaveCount(0);
    await expect(modal.getByText('Password is invalid')).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });

  test.describe('with a wrong password', () => {
    test.use({ allowedConsoleErrors: { patterns: [/status of 401/] } });

    test('shows the red message and re-enables the form', async ({ page }) => {
      await page.goto('/');
      const modal = await openLogin(page);
      await fillLogin(page, E2E_ADMIN.email, 'not-the-password');
      await modal.getByRole('button', { name: 'Login' }).click();
      await expect(modal.getByText(MESSAGES.failure)).toBeVisible();
      await expect(modal.getByLabel('Email')).toBeEnabled();
      await expect(modal.getByRole('button', { name: 'Login' })).toBeEnabled();
      await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible();
    });
  });

  test('signs in: blue then green message, the modal closes and the staff links show', async ({ page }) => {
    // Hold the sign-in answer so the in-progress state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/');
    const modal = await openLogin(page);
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await modal.getByRole('button', { name: 'Login' }).click();
    await expect(modal.getByText(MESSAGES.progress)).toBeVisible();
    await expect(modal.getByLabel('Email')).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Login' })).toBeDisabled();
    // The green message shows for about a second before the modal closes: polling for it could
    // miss it on a busy machine, so the page itself reports when it appears (with the form still
    // disabled), from a DOM observer set up before the answer is released.
    await page.evaluate((text) => {
      const flags = window as unknown as { sawSuccess?: boolean };
      flags.sawSuccess = false;
      const observer = new MutationObserver(() => {
        const form = document.querySelector('dialog[data-modal="auth"] form');
        if (form?.querySelector('fieldset:disabled') === null || !(form?.textContent ?? '').includes(text)) return;
        flags.sawSuccess = true;
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    }, MESSAGES.success);
    release();

    await page.waitForFunction(() => (window as unknown as { sawSuccess?: boolean }).sawSuccess === true);
    await expect(authModal(page)).toBeHidden();

    const links = await adminMenu(page);
    await expect(links.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manage?sort=1');
    await expect(links.getByRole('link', { name: 'Upload' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/add-product');
    await expect(links.getByRole('link', { name: 'Staff' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Boards' })).toBeVisible();
    await expect(links.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(links.getByRole('button', { name: 'Login' })).toHaveCount(0);

    // The session survives a reload: the app starts signed in.
    await page.reload();
    await expect(links.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('signed-in navigation', () => {
  test('Manage is active only on /manage?sort=1 and Add product only on /add-product', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/manage?sort=1');
    const manage = (await adminMenu(page)).getByRole('link', { name: 'Manage' });
    await expect(manage).toHaveClass(/nav-link-active/);
    await page.goto('/manage?sort=2');
    await adminMenu(page);
    await expect(manage).not.toHaveClass(/nav-link-active/);
    await page.goto('/add-product');
    await expect((await adminMenu(page)).getByRole('link', { name: 'Add product' })).toHaveClass(/nav-link-active/);
    await expect(manage).not.toHaveClass(/nav-link-active/);
  });

  test('staff see no Staff or Orders links and an admins-only state on /staff', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/staff');
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await adminMenu(page);
    await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Boards' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Upload' })).toBeVisible();
  });

  test('logging out on /manage lands on / and ends the session', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/manage?sort=1');
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible();
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('logging out on a public page stays there', async ({ page }) => {
    await signIn(page, 'staff');
    await page.goto('/about');
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('guards and start-up', () => {
  test('a signed-out visit to /upload, /manage or /staff lands on /', async ({ page }) => {
    for (const path of ['/upload', '/manage?sort=1', '/staff']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible();
    }
  });

  test('the app starts signed out when the session answer takes too long', async ({ page }) => {
    await page.route('**/api/auth/get-session', () => undefined); // never answered
    await page.goto('/');
    await expect(nav(page).getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 6_000 });
  });
});

test.describe('staff accounts', () => {
  // The first attempt leaves the password out on purpose: the server answers 400.
  test.use({ allowedConsoleErrors: { patterns: [/status of 400/] } });

  test('an admin creates a staff account that can then sign in', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

    const email = `new-${Date.now().toString(36)}@mingo.local`;
    const form = page.getByRole('form', { name: 'New account' });
    await form.getByLabel('Name').fill('Nora New');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone number').fill('555-0199');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Password not provided!')).toBeVisible();

    await form.getByLabel('Password').fill('nora-staff-secret');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText(`Account created for ${email}.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Staff');

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const modal = await openLogin(page);
    await fillLogin(page, email, 'nora-staff-secret');
    await modal.getByRole('button', { name: 'Login' }).click();
    await expect(modal.getByText(MESSAGES.success)).toBeVisible();
    await adminMenu(page);
    await expect(nav(page).getByRole('link', { name: 'Upload' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  });

  test('an admin disables a staff account: its open session ends at once', async ({ page, browser }) => {
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    const staff = await signIn(staffPage, 'staff');
    await staffPage.goto('/');
    await expect(nav(staffPage).getByRole('button', { name: 'Logout' })).toBeVisible();

    await signIn(page, 'admin');
    await page.goto('/staff');
    await page.getByRole('button', { name: `Disable ${staff.email}` }).click();
    await expect(page.getByRole('row', { name: new RegExp(staff.email) })).toContainText('Disabled');

    await staffPage.reload();
    await expect(nav(staffPage).getByRole('button', { name: 'Login' })).toBeVisible();
    await staffContext.close();
  });
});
