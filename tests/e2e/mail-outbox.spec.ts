import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectNoViolations, THEMES, switchTheme } from './axe';
import { expect, signIn, test } from './fixtures';
import { buyPinSet, uniqueEmail } from './order-support';

// A mail outage in the browser (decision 172). Without SMTP_URL the server writes its e-mails to
// DATA_DIR/outbox; this test puts a file in that directory's place, so every write fails as a
// refusing SMTP server would. The receipt of a purchase becomes a dead letter after
// MAIL_MAX_ATTEMPTS (2 in playwright.config.ts), the admin sees it on /orders, the outbox comes
// back, and "Send again" delivers it. It runs in the shared-state project: while the outbox is
// broken no other test may expect its e-mails.

const dataDir = process.env.E2E_DATA_DIR ?? '';
const outbox = path.join(dataDir, 'outbox');
const saved = path.join(dataDir, 'outbox.saved');

function breakOutbox(): void {
  if (existsSync(outbox)) renameSync(outbox, saved);
  writeFileSync(outbox, 'not a directory: the e-mail outbox is out of order\n');
}

function repairOutbox(): void {
  if (existsSync(outbox) && !statSync(outbox).isDirectory()) rmSync(outbox);
  if (existsSync(saved)) renameSync(saved, outbox);
  mkdirSync(outbox, { recursive: true });
}

const receiptsTo = (email: string) =>
  existsSync(outbox) && statSync(outbox).isDirectory()
    ? readdirSync(outbox)
        .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
        .filter((eml) => eml.includes(`To: ${email}`) && /^Subject: Your MINGO receipt/m.test(eml)).length
    : 0;

test.describe('undelivered e-mails', () => {
  test.afterEach(() => repairOutbox());

  test('an admin sees a receipt that could not be sent and sends it again once the outbox works', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('dead-letter');
    breakOutbox();
    await buyPinSet(page, email);

    await signIn(page, 'admin');
    const section = page.getByRole('region', { name: 'E-mails that could not be sent' });
    const letter = section.getByTestId('dead-letter').filter({ hasText: email });
    // The worker tries twice, a second apart, then gives up: the list shows it once it is dead.
    await expect(async () => {
      await page.goto('/orders');
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await expect(letter).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(letter).toContainText(`Receipt to ${email} for order`);
    await expect(letter).toContainText('Failed 2 times');
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `the undelivered e-mails on /orders (${theme})`, 'section[aria-labelledby="dead-letters-heading"]');
    }
    expect(receiptsTo(email)).toBe(0);

    repairOutbox();
    await letter.getByRole('button', { name: /^Send again/ }).click();
    await expect(page.getByRole('status').filter({ hasText: `The e-mail to ${email} is queued again` })).toBeVisible();
    await expect(letter).toHaveCount(0);
    await expect.poll(() => receiptsTo(email)).toBe(1);
  });
});
