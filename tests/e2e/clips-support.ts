import { readFileSync } from 'node:fs';
import type { APIResponse, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Small WebM (VP9) clips made by scripts/generate-demo-clips.sh: they play in Chromium builds
// without proprietary codecs.
export const VIDEO = readFileSync('assets/demo-clips/dune-part-two.webm');
export const SCREENSHOT = readFileSync('assets/demo-clips/dune-part-two.jpg');

export async function uploadByApi(page: Page, title: string): Promise<{ docID: string; title: string }> {
  const response: APIResponse = await page.request.post('/api/clips', {
    headers: { origin: String(test.info().project.use.baseURL) },
    multipart: {
      title,
      video: { name: 'clip.webm', mimeType: 'video/webm', buffer: VIDEO },
      screenshot: { name: 'shot.jpg', mimeType: 'image/jpeg', buffer: SCREENSHOT },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { docID: string; title: string };
}

export function clipCards(page: Page) {
  return page.getByTestId('clip-card');
}

/**
 * From now on, the next two requests for the signed-in user's clip list (Manage's query and its
 * one automatic retry) answer 503; the ones after reach the server. Returns how many have failed.
 */
export async function failMyClipListTwice(page: Page): Promise<() => number> {
  let failures = 0;
  await page.route(/\/api\/me\/clips\?/, (route) => {
    if (failures >= 2) return route.fallback();
    failures += 1;
    return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again later.' } } });
  });
  return () => failures;
}
