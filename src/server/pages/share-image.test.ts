import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FONT_CHECK_BOARD } from '../../../tests/support/share-image-board';
import { cellText, nameBox } from '../../domain/board-image';
import { createShareImageRenderer } from './share-image';

const names = Array.from({ length: 25 }, (_, cell) => `Movie ${cell}`);
const seen = Array.from({ length: 25 }, (_, cell) => cell < 5);

describe('share image renderer', () => {
  it('draws each board once and answers repeats from its cache', async () => {
    const renderer = createShareImageRenderer({ footer: 'mingo.example' });
    const first = await renderer.render({ year: 2024, seen }, names, 'wide');
    const again = await renderer.render({ year: 2024, seen }, names, 'wide');
    expect(again).toBe(first);
    expect(renderer.renderCount()).toBe(1);
    const square = await renderer.render({ year: 2024, seen }, names, 'square');
    const renamed = await renderer.render(
      { year: 2024, seen },
      names.map((name) => `${name}!`),
      'wide',
    );
    expect(square.etag).not.toBe(first.etag);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renderer.renderCount()).toBe(3);
  });

  it('draws an image once for requests that arrive while it is being drawn', async () => {
    const renderer = createShareImageRenderer({ footer: 'mingo.example' });
    const images = await Promise.all(Array.from({ length: 5 }, () => renderer.render({ year: 2023, seen }, names, 'square')));
    expect(renderer.renderCount()).toBe(1);
    for (const image of images) expect(image).toBe(images[0]);
    // A different board is a drawing of its own.
    await renderer.render({ year: 2023, seen: seen.map((mark) => !mark) }, names, 'square');
    expect(renderer.renderCount()).toBe(2);
  });
});

describe('share image text', () => {
  /** How many pixels of `png` differ from `reference` (same size): the ink the difference drew. */
  async function inkBetween(png: Buffer, reference: Buffer): Promise<number> {
    const [a, b] = await Promise.all([png, reference].map((image) => sharp(image).raw().toBuffer({ resolveWithObject: true })));
    if (a === undefined || b === undefined) throw new Error('no pixels');
    let differing = 0;
    for (let pixel = 0; pixel < a.data.length; pixel += a.info.channels) {
      if (a.data.compare(b.data, pixel, pixel + a.info.channels, pixel, pixel + a.info.channels) !== 0) differing++;
    }
    return differing;
  }

  // Without a font (a slim container image with no font package), librsvg draws no text, or an
  // identical "missing glyph" box for every character: the names would be blank or unreadable.
  it('draws movie names with real glyphs: "WWWW" takes far more ink than "iiii"', async () => {
    const renderer = createShareImageRenderer({ footer: 'mingo.example' });
    const board = (name: string) =>
      renderer.render(
        { year: 2024, seen },
        names.map(() => name),
        'wide',
      );
    const blank = (await board('')).png;
    const thin = await inkBetween((await board('iiii')).png, blank);
    const wide = await inkBetween((await board('WWWW')).png, blank);
    expect(thin).toBeGreaterThan(25 * 20);
    expect(wide / thin).toBeGreaterThan(2);
  });
});

describe('share image winning lines', () => {
  // Pixels of the gold the lines are drawn in (#fbbf24), pure or blended with a square's green,
  // its white text or the dark: far more red than blue. Names, squares and background never are.
  const gold = (r: number, b: number) => r - b > 60;

  it("draws a blackout board's twelve lines without a gold pixel on any name", async () => {
    const all = Array.from({ length: 25 }, () => true);
    const longNames = names.map((_, cell) => `Everything Everywhere All at Once ${cell}`);
    for (const format of ['wide', 'square'] as const) {
      const { png } = await createShareImageRenderer({ footer: 'mingo.example' }).render({ year: 2024, seen: all }, longNames, format);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let goldPixels = 0;
      for (let pixel = 0; pixel < data.length; pixel += info.channels) if (gold(data[pixel] ?? 0, data[pixel + 2] ?? 0)) goldPixels++;
      // The lines are drawn: rings and links.
      expect(goldPixels).toBeGreaterThan(25 * 200);
      const onNames: string[] = [];
      for (let cell = 0; cell < 25; cell++) {
        const box = nameBox(cell, cellText(longNames[cell] ?? '', format, true), format);
        for (let y = Math.floor(box.y); y < box.y + box.height; y++) {
          for (let x = Math.floor(box.x); x < box.x + box.width; x++) {
            const at = (y * info.width + x) * info.channels;
            if (gold(data[at] ?? 0, data[at + 2] ?? 0)) onNames.push(`${x},${y} in square ${cell}`);
          }
        }
      }
      expect(onNames.slice(0, 5), format).toEqual([]);
    }
  });
});

describe('share image fonts', () => {
  // A machine without fonts: fontconfig told to read a configuration that names none. The picture
  // must be the same, byte for byte, as here: drawn with assets/fonts, never the machine's fonts.
  it('draws the same picture on a machine that has no fonts at all', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-no-fonts-'));
    try {
      const emptyConfig = path.join(dir, 'fonts.conf');
      await writeFile(emptyConfig, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
      const script = path.resolve(import.meta.dirname, '../../../tests/support/render-share-image.ts');
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        env: { PATH: process.env.PATH ?? '', HOME: dir, FONTCONFIG_FILE: emptyConfig, FONTCONFIG_PATH: dir, XDG_DATA_HOME: dir },
        maxBuffer: 16 * 1024 * 1024,
      });
      const { board, names } = FONT_CHECK_BOARD;
      const here = await createShareImageRenderer({ footer: 'mingo.example' }).render(board, names, 'wide');
      expect(Buffer.from(stdout, 'base64').equals(here.png)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
