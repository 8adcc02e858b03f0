import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// axe-core over a page or one part of it: any violation of axe's default rules (WCAG 2.x A/AA and
// best practices) fails the test. Shared by a11y.spec.ts and the specs whose screens need a
// server or a deployment of their own (setup.spec.ts, update-prompt.spec.ts).

export type Theme = 'dark' | 'light';
export const THEMES: Theme[] = ['dark', 'light'];

/** Runs axe over the page (or only `include`, e.g. an open dialog) and expects no violations. */
export async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  // Only violations: collecting every passing node roughly doubles axe's time on a large page.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include !== undefined) builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Switches the app's theme with its own toggle in the navigation (no reload). */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('button', { name: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme` })).toBeVisible();
}
