import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';

// Chromium 156 preloads two WebUI omnibox popups (chrome://omnibox-popup.top-chrome) in every
// headless window, each in a renderer of its own that nobody sees: leaving them out saves about
// 13 % of the browser suite's CPU time (decision 187).
const OURS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Playwright's own --disable-features list, read from the installed playwright-core: Chromium keeps
 * only the last --disable-features switch, so ours must repeat it. If a Playwright upgrade moves
 * the list, the suite stops here rather than lose Playwright's defaults without a word.
 */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(readFileSync(bundle, 'utf8'))?.[1];
  if (list === undefined) throw new Error(`Playwright's disabledFeatures list is no longer in ${bundle}: see decision 187`);
  return [...list.matchAll(/"([A-Za-z0-9]+)"/g)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

/** The --disable-features switch for the browser tests: Playwright's list and ours. */
export function disableFeaturesSwitch(): string {
  return `--disable-features=${[...new Set([...playwrightDisabledFeatures(), ...OURS])].join(',')}`;
}

/** How the browser tests launch Chromium: tests/support/chromium.mjs's browser and switches, and the features left out. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, disableFeaturesSwitch()] };
}
