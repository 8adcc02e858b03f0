import type SharpFactory from 'sharp';
import { unsupportedMediaType } from '../../shared/errors';

/** Longest side of a stored product image; the shop shows them at most ~600 px wide. */
export const PRODUCT_IMAGE_MAX_SIDE = 800;
/** Decompression-bomb guard: refuse inputs above ~40 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Raster formats we accept, as sharp names them. SVG is refused: it is a document, not a picture. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * sharp (libvips) is loaded on the first image operation, not at start-up: it costs tens of MB
 * and most processes never resize an image.
 */
let sharpModule: Promise<typeof SharpFactory> | undefined;
export function loadSharp(): Promise<typeof SharpFactory> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

export type NormalisedImage = { bytes: Buffer; width: number; height: number; contentType: 'image/webp' };

const unreadableImage = () => unsupportedMediaType('The image could not be read. Upload a JPEG, PNG, WebP, GIF or AVIF picture.');

/**
 * Checks an upload by its content (sharp must decode it as an accepted raster format) and
 * normalises it: EXIF orientation applied, metadata stripped, longest side at most 800 px,
 * WebP. The first frame of an animation is kept.
 */
export async function normaliseProductImage(input: Buffer): Promise<NormalisedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw unreadableImage();
  }
  if (format === undefined || !ACCEPTED_FORMATS.has(format)) throw unreadableImage();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PRODUCT_IMAGE_MAX_SIDE, height: PRODUCT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    throw unreadableImage();
  }
}
