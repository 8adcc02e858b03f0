import { createHash } from 'node:crypto';
import path from 'node:path';
import { findAssetDir } from '../assets';
import { BOARD_IMAGE_SIZES, boardImageSvg, type BoardImageFormat } from '../../domain/board-image';
import type { SharedBoard } from '../../domain/share-code';

export type RenderedImage = { png: Buffer; etag: string };

const CACHE_ENTRIES = 200;

/**
 * Renders shared boards to PNG (the domain's SVG through sharp), keeping the most recent images
 * in memory keyed by the SVG's hash: the same board, names and size are drawn once, and requests
 * that arrive while it is being drawn wait for that one drawing (a shared link posted in a busy
 * chat brings many preview crawlers at once).
 */
/**
 * The text is drawn with the fonts in assets/fonts (DejaVu Sans, the font the layout is measured
 * in: domain/text-metrics.ts), never the machine's: fontconfig, which librsvg asks for fonts, reads
 * FONTCONFIG_FILE when it first lays out text, so it is set before the first drawing. The same
 * picture on every machine, and no font package in the production image (decision 160).
 */
export function pointFontconfigAtShippedFonts(): void {
  const dir = findAssetDir('fonts', 'fonts.conf');
  if (dir === null) throw new Error('assets/fonts/fonts.conf is missing: ship assets/ with the app');
  process.env.FONTCONFIG_FILE = path.join(dir, 'fonts.conf');
}

export function createShareImageRenderer({ footer }: { footer: string }) {
  const cache = new Map<string, RenderedImage>();
  const drawing = new Map<string, Promise<RenderedImage>>();
  let renders = 0;

  const draw = async (svg: string, key: string, format: BoardImageFormat): Promise<RenderedImage> => {
    pointFontconfigAtShippedFonts();
    const { default: sharp } = await import('sharp');
    const { width, height } = BOARD_IMAGE_SIZES[format];
    const png = await sharp(Buffer.from(svg)).resize(width, height).png({ compressionLevel: 9 }).toBuffer();
    renders += 1;
    const image = { png, etag: `"${key.slice(0, 27)}"` };
    cache.set(key, image);
    if (cache.size > CACHE_ENTRIES) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    return image;
  };

  return {
    render(board: SharedBoard, names: readonly string[], format: BoardImageFormat): Promise<RenderedImage> {
      const svg = boardImageSvg({ year: board.year, names, seen: board.seen, format, footer });
      const key = createHash('sha256').update(svg).digest('base64url');
      const cached = cache.get(key);
      if (cached !== undefined) {
        // Re-insert: the Map's order is the eviction order (least recently used first).
        cache.delete(key);
        cache.set(key, cached);
        return Promise.resolve(cached);
      }
      const inFlight = drawing.get(key);
      if (inFlight !== undefined) return inFlight;
      const image = draw(svg, key, format).finally(() => drawing.delete(key));
      drawing.set(key, image);
      return image;
    },
    /** How many images were drawn (not served from the cache), for tests and logs. */
    renderCount: () => renders,
  };
}

export type ShareImageRenderer = ReturnType<typeof createShareImageRenderer>;
