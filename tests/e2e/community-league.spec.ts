import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoViolations, THEMES, type Theme } from './axe';
import { expect, signIn, test } from './fixtures';

// The community league (issue 34, decision 084) on a 390 px phone: an admin opens "MINGO {year}"
// for the published board; a fan joins it from /leagues with a nickname and sees the top 20 and
// their own place; another member (a second browser) marks movies and the fan's place moves live,
// and back when the fan marks more. axe on the new screens in both themes.
//
// There is one community league per year on the suite's one server, so this is one story.

test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const origin = () => String(test.info().project.use.baseURL);

async function inTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('theme', JSON.stringify(value)), theme);
}

/** The newest published board: the year the admin page offers. */
async function publishedBoard(request: APIRequestContext): Promise<{ year: number; movieIds: string[] }> {
  const { items } = (await (await request.get('/api/boards')).json()) as { items: { year: number; movies: { id: string }[] }[] };
  const newest = [...items].sort((a, b) => b.year - a.year)[0];
  if (newest === undefined) throw new Error('no published board');
  return { year: newest.year, movieIds: newest.movies.filter((_, cell) => cell !== 12).map((movie) => movie.id) };
}

async function mark(request: APIRequestContext, movieIds: readonly string[]): Promise<void> {
  const at = new Date().toISOString();
  const reply = await request.put('/api/me/marks', {
    data: { changes: movieIds.map((movieId) => ({ movieId, seen: true, at })) },
    headers: { origin: origin() },
  });
  expect(reply.status(), await reply.text()).toBe(200);
}

const suffix = () => Math.random().toString(36).slice(2, 6);

test('an admin opens MINGO {year}; a fan on a phone joins from /leagues and sees their place move live as another member marks movies', async ({
  page,
  browser,
}) => {
  const { year, movieIds } = await publishedBoard(page.request);
  const name = `MINGO ${year}`;

  // The admin's Leagues page offers to open it (axe in both themes before and after).
  await signIn(page);
  for (const theme of THEMES) {
    await page.goto('/robots.txt');
    await inTheme(page, theme);
    await page.goto('/admin/leagues');
    await expect(page.getByRole('button', { name: `Open ${name}` })).toBeVisible();
    await expectNoViolations(page, `admin leagues, community league not open (${theme})`);
  }
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page.getByText(`${name} is open: 0 members.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Open ${name}` })).toHaveCount(0);
  await expect(page.getByTestId('admin-league').filter({ hasText: 'community league' })).toContainText(name);

  // A fan on a phone, no player yet: /leagues shows the MINGO {year} card with Join.
  const fanContext = await browser.newContext(PHONE);
  const fan = await fanContext.newPage();
  await fan.goto('/leagues');
  const card = fan.getByTestId('community-league');
  await expect(card.getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(card).toContainText(`Everyone’s league of the ${year} board · 0 members.`);
  for (const theme of THEMES) {
    await inTheme(fan, theme);
    await fan.reload();
    await expect(card.getByRole('button', { name: `Join ${name}` })).toBeVisible();
    await expectNoViolations(fan, `/leagues with the community league (${theme})`);
  }
  const fanNickname = `Fan ${suffix()}`;
  await card.getByRole('textbox', { name: /Your nickname/ }).fill(fanNickname);
  await card.getByRole('button', { name: `Join ${name}` }).click();
  await expect(fan).toHaveURL(/\/leagues\/[A-HJKMNP-Z2-9]{6}$/);
  await expect(fan.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(fan.getByTestId('connection')).toHaveText('Live');
  const place = fan.getByTestId('your-rank');
  await expect(place).toHaveText('You: #1 of 1');
  const code = new URL(fan.url()).pathname.split('/').at(-1) ?? '';

  // Another member, in another browser, joins and marks a movie: the fan drops to #2, live.
  const rivalContext = await browser.newContext();
  const rivalNickname = `Rival ${suffix()}`;
  const joined = await rivalContext.request.post(`/api/leagues/${code}/members`, {
    data: { nickname: rivalNickname },
    headers: { origin: origin() },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  await expect(place).toHaveText('You: #1 of 2');
  await mark(rivalContext.request, movieIds.slice(0, 1));
  await expect(place).toHaveText('You: #2 of 2');
  const rows = fan.getByTestId('standing-row');
  await expect(rows).toHaveText([`1${rivalNickname}1/240—`, `2${fanNickname} (you)0/240—`]);

  // The fan marks two movies (another device of theirs, say): back to #1.
  await mark(fan.request, movieIds.slice(1, 3));
  await expect(place).toHaveText('You: #1 of 2');
  await expect(rows.first()).toHaveText(`1${fanNickname} (you)2/240—`);

  // The rival makes a line (the board's first row): #2 again, and the standings say so.
  await mark(rivalContext.request, movieIds.slice(1, 5));
  await expect(place).toHaveText('You: #2 of 2');
  await expect(rows.first()).toHaveText(`1${rivalNickname}5/241—`);

  for (const theme of THEMES) {
    await inTheme(fan, theme);
    await fan.reload();
    await expect(fan.getByTestId('connection')).toHaveText('Live');
    await expect(place).toHaveText('You: #2 of 2');
    await expectNoViolations(fan, `community league page (${theme})`);
  }

  // /leagues now offers the member their league, not Join.
  await fan.goto('/leagues');
  await expect(card.getByRole('link', { name: `Open ${name}` })).toBeVisible();
  await expect(card).toContainText(`You play as ${fanNickname}.`);
  await expectNoViolations(fan, '/leagues as a member of the community league');

  // The admin's page says it is open, with its members.
  for (const theme of THEMES) {
    await inTheme(page, theme);
    await page.goto('/admin/leagues');
    await expect(page.getByText(`${name} is open: 2 members.`)).toBeVisible();
    await expectNoViolations(page, `admin leagues, community league open (${theme})`);
  }

  await fanContext.close();
  await rivalContext.close();
});
