import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { normaliseProductImage, PRODUCT_IMAGE_MAX_SIDE } from './product-images';

async function solid(width: number, height: number, format: 'png' | 'jpeg' | 'gif'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#e85d9b' } });
  return format === 'png' ? image.png().toBuffer() : format === 'jpeg' ? image.jpeg().toBuffer() : image.gif().toBuffer();
}

describe('normaliseProductImage', () => {
  it.each([
    { format: 'png' as const, width: 1600, height: 1200, expected: { width: 800, height: 600 } },
    { format: 'jpeg' as const, width: 600, height: 2000, expected: { width: 240, height: 800 } },
    { format: 'gif' as const, width: 300, height: 200, expected: { width: 300, height: 200 } },
  ])('turns a $width×$height $format into WebP no larger than 800 px', async ({ format, width, height, expected }) => {
    const result = await normaliseProductImage(await solid(width, height, format));
    expect(result).toMatchObject({ ...expected, contentType: 'image/webp' });
    const meta = await sharp(result.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(PRODUCT_IMAGE_MAX_SIDE);
  });

  it('applies the EXIF orientation and strips metadata', async () => {
    const rotated = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await normaliseProductImage(rotated);
    expect(result).toMatchObject({ width: 200, height: 400 });
    expect((await sharp(result.bytes).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['text', Buffer.from('definitely not an image')],
    ['an SVG document', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a truncated PNG', Buffer.from('\x89PNG\r\n\x1a\n0000', 'binary')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_name, bytes) => {
    const error: unknown = await normaliseProductImage(bytes).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });
});
