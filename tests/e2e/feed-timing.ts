import type { Page } from 'playwright-core';

/** Which entries of the activity feed count, and how their text must match. */
export type FeedMatch = {
  /** The element of an entry whose text is read, under the feed (default: the entry, `li`). */
  entry?: string;
  /** The whole text, instead of its beginning. */
  exact?: boolean;
  /** Refuse in the page after this long, instead of waiting for the test's own timeout. */
  withinMs?: number;
};

/**
 * Resolves (in the page) with Date.now() when `text` first shows in the activity feed: the moment
 * the other member's mark arrived on this screen, without Playwright's polling in between. For the
 * browser stories (tests/e2e) and the cluster's (tests/cluster/leagues-browser.test.ts).
 */
export async function whenFeedShows(
  page: Pick<Page, 'evaluate'>,
  text: string,
  { entry = 'li', exact = false, withinMs }: FeedMatch = {},
): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ wanted, selector, whole }) => {
      const w = window as unknown as { __shownAt?: Promise<number> };
      w.__shownAt = new Promise((resolve) => {
        const check = () => {
          const found = [...document.querySelectorAll(selector)].some((item) =>
            whole ? item.textContent === wanted : item.textContent?.startsWith(wanted),
          );
          if (!found) return false;
          resolve(Date.now());
          return true;
        };
        if (check()) return;
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { wanted: text, selector: `[data-testid="activity-feed"] ${entry}`, whole: exact },
  );
  return () =>
    page.evaluate((bound) => {
      const shown = (window as unknown as { __shownAt: Promise<number> }).__shownAt;
      if (bound === undefined) return shown;
      return Promise.race([shown, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('not shown')), bound))]);
    }, withinMs);
}
