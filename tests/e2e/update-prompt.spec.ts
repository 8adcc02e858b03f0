import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expectNoViolations, switchTheme, THEMES } from './axe';
import { expect, test, whenServiceWorkerReady } from './fixtures';

// A new deployment is simulated by changing the served service worker's bytes on disk, as a new
// build's precache list does. This spec runs in its own Playwright project after every other
// browser test has finished (playwright.config.ts), so no other page sees the "new" worker, and
// the build's files are restored afterwards.
const clientDir = path.join(process.env.DIST_DIR ?? 'dist', 'client');
const variants = {
  'sw.js': (text: string) => Buffer.from(text),
  'sw.js.br': (text: string) => brotliCompressSync(text),
  'sw.js.gz': (text: string) => gzipSync(text),
};

function deployNewWorker(): () => void {
  const originals = new Map<string, Buffer>();
  for (const name of Object.keys(variants)) originals.set(name, readFileSync(path.join(clientDir, name)));
  const next = `${String(originals.get('sw.js'))}\n// the next deployment\n`;
  for (const [name, encode] of Object.entries(variants)) writeFileSync(path.join(clientDir, name), encode(next));
  return () => {
    for (const [name, bytes] of originals) writeFileSync(path.join(clientDir, name), bytes);
  };
}

test.use({ serviceWorkers: 'allow' });

test('a new deployment offers "new version — reload"; Reload activates it and reloads the page', async ({ page }) => {
  test.setTimeout(90_000);
  // The page's clock, to leave the tab open for an hour without waiting for it.
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('tab', { name: /^2025/ })).toBeVisible();
  await whenServiceWorkerReady(page);
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of MINGO is available.' });
  await expect(prompt).toHaveCount(0);
  // Let the browser's own update check (made after the reload's navigation) finish before the new
  // deployment, so the one that finds it below is the app's.
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const restore = deployNewWorker();
  try {
    // A marker shows whether the page reloads; then the app's update check finds the new worker.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    // The tab stays open for an hour: the app asks for a new version (no navigation, no reload).
    await page.clock.fastForward('01:00:00');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    // The banner exists only here (a new deployment): axe checks it in both themes.
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await expectNoViolations(page, `update banner (${theme})`);
    }

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    // The page reloaded (the marker is gone) under the new worker, and nothing waits any more.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
    await expect(page.getByRole('tab', { name: /^2025/ })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting === null && navigator.serviceWorker.controller !== null;
        }),
      )
      .toBe(true);
  } finally {
    restore();
  }
});
