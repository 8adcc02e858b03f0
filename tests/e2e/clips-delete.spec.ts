import { clipCards, failMyClipListTwice, uploadByApi } from './clips-support';
import { expect, signIn, test } from './fixtures';

// Runs after every other browser test (project "shared-state" in playwright.config.ts): deleting a
// clip makes its screenshot 404 for any page that listed it a moment before (MINGOVERVIEW, All
// clips), which a test running alongside would report as a console error.
test.describe('manage', () => {
  test('lists my clips, sorts them in the URL, edits a title, copies a link and deletes a clip', async ({ page, context }) => {
    await signIn(page, 'staff');
    // Titles no other test looks up: tests run in parallel against one server, and the movie modal
    // and clip page tests play the demo clip of Sinners, which must not be one this test deletes.
    const tag = Date.now().toString(36);
    const first = await uploadByApi(page, `Manage first ${tag}`);
    const second = await uploadByApi(page, `Manage second ${tag}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.goto('/manage?sort=banana');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage clips' })).toBeVisible();
    await expect(page.getByLabel('Sort')).toHaveValue('1');
    const titles = clipCards(page).getByTestId('clip-title');
    await expect(titles).toHaveText([second.title, first.title]);

    await page.getByLabel('Sort').selectOption('2');
    await expect(page).toHaveURL(/\/manage\?sort=2$/);
    await expect(titles).toHaveText([first.title, second.title]);

    await page.getByRole('button', { name: `Edit the title of ${first.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit title' });
    await edit.getByLabel('Title').fill('ab');
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(edit).toContainText('at least 3');
    await edit.getByLabel('Title').fill(`${first.title} <i>recut</i>`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Title saved' })).toBeVisible();
    await expect(titles).toHaveText([`${first.title} <i>recut</i>`, second.title]);

    await page.getByRole('button', { name: `Copy the link to ${second.title}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied to clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/clip/${second.docID}$`));

    await page.getByRole('button', { name: `Delete ${second.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this clip?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(titles).toHaveCount(2);
    await page.getByRole('button', { name: `Delete ${second.title}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(titles).toHaveText([`${first.title} <i>recut</i>`]);
    expect((await page.request.get(`/api/clips/${second.docID}`)).status()).toBe(404);
  });
});

test.describe('manage, when the list cannot load again after a delete', () => {
  test.use({ allowedConsoleErrors: { patterns: [/status of 503.*\/api\/me\/clips/] } });

  test('says so with "Try again", which loads the list without the deleted clip', async ({ page }) => {
    await signIn(page, 'staff');
    const tag = Date.now().toString(36);
    const kept = await uploadByApi(page, `Reload kept ${tag}`);
    const gone = await uploadByApi(page, `Reload gone ${tag}`);
    await page.goto('/manage');
    const titles = clipCards(page).getByTestId('clip-title');
    await expect(titles).toHaveText([gone.title, kept.title]);

    // The list's reload after the delete and its one automatic retry fail; "Try again" then loads.
    const failures = await failMyClipListTwice(page);
    await page.getByRole('button', { name: `Delete ${gone.title}` }).click();
    await page.getByRole('dialog', { name: 'Delete this clip?' }).getByRole('button', { name: 'Delete' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText("Ooops! There's been an error loading the clips!");
    expect(failures()).toBe(2);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(titles).toHaveText([kept.title]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
