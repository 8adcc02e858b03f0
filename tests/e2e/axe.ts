import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// axe-core over a page or one part of it: any violation of axe's default rules (WCAG 2.x A/AA and
// best practices) fails the test. Shared by a11y.spec.ts and the specs whose screens need a
// server or a deployment of their own (setup.spec.ts, update-prompt.spec.ts).

export type Theme = 'dark' | 'light';
export const THEMES: Theme[] = ['dark', 'light'];

/**
 * axe's violations on the page (or only inside `include`, e.g. an open dialog), one line per rule
 * with the nodes it found.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Only violations: collecting every passing node roughly doubles axe's time on a large page.
  // Legacy mode runs axe.run() in the page itself. The default ran axe.runPartial() and then
  // opened a blank page in the context to finish the run: 2.5 times the time per check (50 s
  // against 20 s over the accessibility suite), only to reach cross-origin frames, which the app
  // has none of (decision 188).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
}

/** Runs axe over the page (or only `include`) and expects no violations. */
export async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  expect(await axeViolations(page, include), `axe violations on ${label}`).toEqual([]);
}

/** Switches the app's theme with its own toggle in the navigation (no reload). */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('button', { name: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme` })).toBeVisible();
}
