import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../../tests/support/test-app';
import { findAssetDir } from '../assets';
import { DEMO_PRODUCTS, seedDemoProducts } from './demo-products';
import { PRODUCT_IMAGE_MAX_SIDE } from './product-images';
import { createProductRepository } from './product-repository';

const silentLog = pino({ level: 'silent' });

describe('demo catalogue', () => {
  let handle: DatabaseHandle;
  const context = (demoData: boolean): Pick<AppContext, 'config' | 'database'> => ({
    config: loadConfig({ DATA_DIR: '/tmp/unused', DEMO_DATA: String(demoData) }),
    database: handle,
  });
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('offers what the shop needs to show', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(9);
    expect(DEMO_PRODUCTS.some((p) => (p.shirtSizes?.length ?? 0) > 0 && (p.shirtColors?.length ?? 0) > 0)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => (p.vinylColors?.length ?? 0) > 0)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.shirtSizes === undefined && p.vinylColors === undefined)).toBe(true);
    expect(DEMO_PRODUCTS.some((p) => p.stock <= 2)).toBe(true);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.code)).size).toBe(DEMO_PRODUCTS.length);
  });

  it('has a committed picture for every product, a square of the stored side (what the seed records)', async () => {
    const sharp = (await import('sharp')).default;
    const dir = findAssetDir('demo-products', `${DEMO_PRODUCTS[0]?.code ?? ''}.webp`);
    expect(dir).not.toBeNull();
    for (const product of DEMO_PRODUCTS) {
      const meta = await sharp(path.join(dir ?? '', `${product.code}.webp`)).metadata();
      expect({ code: product.code, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        code: product.code,
        format: 'webp',
        width: PRODUCT_IMAGE_MAX_SIDE,
        height: PRODUCT_IMAGE_MAX_SIDE,
      });
    }
  });

  it('does nothing when demo data is off', async () => {
    await seedDemoProducts(context(false), silentLog);
    expect(await createProductRepository(handle.db).countAll()).toBe(0);
  });

  it('seeds an empty database once, in list order, with an image for every product', async () => {
    await Promise.all([seedDemoProducts(context(true), silentLog), seedDemoProducts(context(true), silentLog)]);
    await seedDemoProducts(context(true), silentLog);
    const products = await createProductRepository(handle.db).listAll();
    expect(products.map((p) => p.code)).toEqual(DEMO_PRODUCTS.map((p) => p.code));
    expect(products.every((p) => p.imageKey !== null)).toBe(true);
    const images = await handle.db.selectFrom('product_images').select(['width', 'height']).execute();
    expect(images).toHaveLength(DEMO_PRODUCTS.length);
    expect(images.every((image) => image.width === 800 && image.height === 800)).toBe(true);
  });
});
