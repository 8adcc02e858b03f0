import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { expect, test } from './fixtures';

/**
 * First-admin set-up on a fresh install without ADMIN_EMAIL / ADMIN_PASSWORD: this spec starts
 * its own server (the shared e2e server has an admin) and reads the one-time link from its log,
 * as an operator would.
 */
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const origin = `http://localhost:${port}`;
const distDir = process.env.DIST_DIR ?? 'dist';

let server: ChildProcess | undefined;
let dataDir = '';
let setupLink = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A first start (migrations, demo content) on a busy machine can take longer than one test.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mingo-e2e-setup-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: origin };
  env.LOG_LEVEL = 'warn';
  env.STATIC_DIR = `${distDir}/client`;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, [`${distDir}/server/server.js`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  setupLink = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no setup link logged:\n${output}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const link = /(http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(output)?.[1];
      if (link !== undefined) {
        clearTimeout(timer);
        resolve(link);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${String(code)}):\n${output}`)));
  });
  // The link is logged before the server listens: wait until it is ready.
  await expect.poll(async () => (await fetch(`${origin}/readyz`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test.describe('first admin set-up', () => {
  test.use({ allowedConsoleErrors: { patterns: [/403/] } });

  test('a wrong token is refused; the logged link creates the admin once, then says it has been used; the admin signs in', async ({
    page,
  }) => {
    expect(setupLink.startsWith(`${origin}/setup?token=`)).toBe(true);
    const fill = async () => {
      await page.getByLabel('Name').fill('Root Admin');
      await page.getByLabel('Email').fill('root@example.com');
      await page.getByLabel('Phone number').fill('555-0199');
      await page.getByLabel('Password').fill('first-admin-passphrase');
      await page.getByRole('button', { name: 'Create admin account' }).click();
    };

    await page.goto(`${origin}/setup?token=forged-token`);
    await fill();
    await expect(page.getByRole('alert')).toHaveText('This setup link is not valid or has already been used.');

    await page.goto(setupLink);
    await fill();
    await expect(page.getByText('Admin account created for root@example.com.')).toBeVisible();
    // The success state exists only here (a server without an admin): axe checks it in both themes.
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/setup done (${theme})`);
    }

    // The used link no longer offers the form: it says so and offers to sign in.
    await page.goto(setupLink);
    await expect(page.getByText('This setup link has been used.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create admin account' })).toHaveCount(0);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `/setup used (${theme})`);
    }
    await page.getByRole('button', { name: 'Sign in instead.' }).click();
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();

    const signIn = await page.request.post(`${origin}/api/auth/sign-in/email`, {
      data: { email: 'root@example.com', password: 'first-admin-passphrase' },
      headers: { origin },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${origin}/staff`);
    await expect(page.getByRole('cell', { name: 'root@example.com', exact: true })).toBeVisible();
  });
});
