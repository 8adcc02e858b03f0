import type { Locator, Page } from '@playwright/test';
import { encodeShareCode } from '../../src/domain/share-code';

/**
 * Opens a shared 2024 board (their first row and B2 seen) in the compare view, with this visitor
 * having seen M1 and M3: every side is on the board — both (M1), theirs, mine (M3) and neither.
 * Answers the board's list.
 */
export async function openCompareView(page: Page): Promise<Locator> {
  const code = encodeShareCode(
    2024,
    Array.from({ length: 25 }, (_, cell) => cell < 5 || cell === 6),
  );
  const response = await page.request.get('/data/movielist.json');
  const ids = ((await response.json()) as { id: string }[]).slice((2024 - 2018) * 25, (2024 - 2018) * 25 + 25).map((movie) => movie.id);
  await page.addInitScript((value) => window.localStorage.setItem('watchedMovies', value), JSON.stringify([ids[0], ids[10]]));
  await page.goto(`/share/${code}`);
  await page.getByRole('button', { name: 'Compare with mine' }).click();
  return page.getByRole('list', { name: 'Shared 2024 board' });
}
