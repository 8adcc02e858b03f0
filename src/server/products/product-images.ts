import { randomUUID } from 'node:crypto';
import type SharpFactory from 'sharp';
import { PRODUCT_IMAGE_KEY_PATTERN } from '../../shared/products';
import { unsupportedMediaType } from '../../shared/errors';
import type { Executor } from '../db/database';

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

/** Stores a normalised image under a new server-generated key and returns the key. */
export async function storeProductImage(db: Executor, image: NormalisedImage): Promise<string> {
  const key = `${randomUUID()}.webp`;
  await db
    .insertInto('product_images')
    .values({ key, content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height })
    .execute();
  return key;
}

export async function readProductImage(db: Executor, key: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (!PRODUCT_IMAGE_KEY_PATTERN.test(key)) return undefined;
  const row = await db.selectFrom('product_images').select(['bytes', 'content_type']).where('key', '=', key).executeTakeFirst();
  if (row === undefined) return undefined;
  return { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), contentType: row.content_type };
}

/** Removes an image no product points at any more (after a replacement). */
export async function deleteProductImage(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('product_images').where('key', '=', key).execute();
}
