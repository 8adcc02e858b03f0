import type { Page } from '@playwright/test';

/** Every script URL the page requests from now on. */
export function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  return scripts;
}

/**
 * The paths of the scripts that hold zod (decisions 183 and 184: the first loads of the shop and
 * About evaluate none). Zod's core keeps its `$ZodType` constructor name through minifying, whatever
 * its chunk is called.
 */
export async function zodScripts(page: Page, scripts: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  for (const url of scripts) {
    if ((await (await page.request.get(url)).text()).includes('$ZodType')) found.push(new URL(url).pathname);
  }
  return found;
}
