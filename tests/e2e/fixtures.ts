import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Every test fails on an unexpected console error or uncaught page error (CSP violations
 * included). A test that provokes an error on purpose lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: { patterns: RegExp[] }; consoleGuard: undefined }>({
  allowedConsoleErrors: [{ patterns: [] }, { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowedConsoleErrors.patterns.some((pattern) => pattern.test(text))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The <html> element's classes, e.g. to check the theme. */
export async function rootClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.documentElement.classList]);
}
