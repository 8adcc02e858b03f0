import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { openCompareView } from './compare-support';
import { expect, test } from './fixtures';

// Issue 23 item 7 (decision 182): the compare view's sides must stay apart for visitors who do not
// see colours as most do. Chromium simulates each colour-vision deficiency on the rendered page
// (CDP Emulation.setEmulatedVisionDeficiency); the screenshots are then read pixel by pixel.

const DEFICIENCIES = ['none', 'protanopia', 'deuteranopia', 'tritanopia', 'achromatopsia'] as const;
const SIDES = ['both', 'theirs', 'mine'] as const;

/**
 * Thresholds (decision 182). Icons: two different icons' ink masks differ in at least 15 % of the
 * badge's pixels (measured: 26–45 %); the same icon drawn twice differs in none. Colour: the two
 * coloured sides' outlines differ by at least ΔE 10 (CIE 1976 L*a*b*), "clearly different at a
 * glance" (ΔE 2.3 is a just-noticeable difference).
 */
const MIN_ICON_DIFFERENCE = 0.15;
const MIN_OUTLINE_DELTA_E = 10;

type Pixels = { data: Buffer; width: number; height: number; channels: number };

async function pixelsOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const luminance = (pixels: Pixels, at: number) =>
  0.2126 * (pixels.data[at] ?? 0) + 0.7152 * (pixels.data[at + 1] ?? 0) + 0.0722 * (pixels.data[at + 2] ?? 0);

/** The icon's ink: pixels that differ from the badge's background (its corner colour) by a clear step in brightness. */
function inkMask(pixels: Pixels): boolean[] {
  const background = luminance(pixels, 0);
  const mask: boolean[] = [];
  for (let at = 0; at < pixels.data.length; at += pixels.channels) mask.push(Math.abs(luminance(pixels, at) - background) > 64);
  return mask;
}

function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const deltaE = (a: [number, number, number], b: [number, number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The mean colour of the 2 px band just outside a square: its outline (ring) colour. */
async function outlineColour(page: Page, square: Locator): Promise<[number, number, number]> {
  const box = await square.boundingBox();
  if (box === null) throw new Error('the square is not rendered');
  const margin = 3;
  const clip = {
    x: Math.round(box.x) - margin,
    y: Math.round(box.y) - margin,
    width: Math.round(box.width) + 2 * margin,
    height: Math.round(box.height) + 2 * margin,
  };
  const pixels = await pixelsOf(await page.screenshot({ clip }));
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      // 1 and 2 px in from the clip's edge: 2 and 1 px outside the square.
      const fromEdge = Math.min(x, y, pixels.width - 1 - x, pixels.height - 1 - y);
      const inBand = fromEdge === 1 || fromEdge === 2;
      const inCorner = (x < 12 || x > pixels.width - 13) && (y < 12 || y > pixels.height - 13);
      if (!inBand || inCorner) continue;
      const at = (y * pixels.width + x) * pixels.channels;
      for (let channel = 0; channel < 3; channel++) sum[channel] = (sum[channel] ?? 0) + (pixels.data[at + channel] ?? 0);
      count++;
    }
  }
  return [(sum[0] ?? 0) / count, (sum[1] ?? 0) / count, (sum[2] ?? 0) / count];
}

test('the compare view stays readable under simulated colour-vision deficiencies', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const board = await openCompareView(page);
  const square = (side: string) => board.locator(`[data-compare="${side}"]`).first();
  for (const side of SIDES) await expect(square(side)).toBeVisible();
  // The posters must have arrived: their pixels are part of what is compared.
  await expect(board.locator('img').first()).toHaveJSProperty('complete', true);

  const cdp = await page.context().newCDPSession(page);
  const report: string[] = [];
  for (const type of DEFICIENCIES) {
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type });
    const masks = new Map<string, boolean[]>();
    // Soft checks: a failing run names every simulation and pair that is not told apart.
    for (const side of SIDES) {
      const badge = square(side).getByTestId('compare-badge');
      expect.soft(await badge.count(), `${type}: the ${side} square has its badge`).toBe(1);
      if ((await badge.count()) === 0) continue;
      const mask = inkMask(await pixelsOf(await badge.screenshot()));
      const ink = mask.filter(Boolean).length / mask.length;
      // The icon is drawn: some ink, not a filled blob.
      expect.soft(ink, `${type}: ${side} badge has an icon`).toBeGreaterThan(0.05);
      expect.soft(ink, `${type}: ${side} badge has an icon`).toBeLessThan(0.8);
      masks.set(side, mask);
    }
    for (const [a, b] of [
      ['both', 'theirs'],
      ['both', 'mine'],
      ['theirs', 'mine'],
    ] as const) {
      const ma = masks.get(a);
      const mb = masks.get(b);
      if (ma === undefined || mb === undefined) continue;
      const differing = ma.filter((inked, index) => inked !== mb[index]).length / ma.length;
      report.push(`${type} icons ${a}/${b}: ${(differing * 100).toFixed(0)} %`);
      expect.soft(differing, `${type}: the ${a} and ${b} icons differ`).toBeGreaterThanOrEqual(MIN_ICON_DIFFERENCE);
    }
    const both = lab(await outlineColour(page, square('both')));
    const theirs = lab(await outlineColour(page, square('theirs')));
    const difference = deltaE(both, theirs);
    report.push(`${type} outline both/theirs: ΔE ${difference.toFixed(1)}`);
    expect.soft(difference, `${type}: the "both" and "theirs" outlines differ in colour`).toBeGreaterThanOrEqual(MIN_OUTLINE_DELTA_E);
  }
  await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
  test.info().annotations.push({ type: 'measured', description: report.join('; ') });
});
