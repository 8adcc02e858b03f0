import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { findAssetDir } from '../assets';
import { lockForTransaction } from '../db/database';
import { PRODUCT_IMAGE_MAX_SIDE } from './product-images';
import { createProductRepository } from './product-repository';

type DemoProduct = {
  name: string;
  code: string;
  description: string;
  priceCents: number;
  stock: number;
  shirtSizes?: string[];
  shirtColors?: string[];
  vinylColors?: string[];
};

/**
 * The demo catalogue, in shop order: 9 products fill three pages of four. Shirts offer sizes and
 * colours, vinyl offers vinyl colours, the rest has no options, and the poster has a small stock.
 */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'MINGO Classic Tee',
    code: 'TEE-CLASSIC',
    description: 'Soft cotton tee with the five-box MINGO logo and a winning diagonal on the chest.',
    priceCents: 2499,
    stock: 40,
    shirtSizes: ['S', 'M', 'L', 'XL'],
    shirtColors: ['Black', 'White', 'Red'],
  },
  {
    name: 'Free Space Tee',
    code: 'TEE-FREE-SPACE',
    description: 'For everyone who marks the centre square first. Relaxed fit, printed to order.',
    priceCents: 2200,
    stock: 25,
    shirtSizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    shirtColors: ['Navy', 'Heather Grey'],
  },
  {
    name: 'MINGO 2025 Soundtrack Vinyl',
    code: 'VINYL-2025',
    description: 'Twelve themes from this year\u2019s board, re-recorded by a small studio orchestra. 180 g pressing.',
    priceCents: 2999,
    stock: 15,
    vinylColors: ['Black', 'Clear', 'Gold Splatter'],
  },
  {
    name: 'MINGO Dauber Set',
    code: 'DAUBER-SET',
    description: 'Five bingo daubers, one for each letter of M-I-N-G-O. Quick-drying ink.',
    priceCents: 899,
    stock: 60,
  },
  {
    name: 'Bingo Night Hoodie',
    code: 'HOODIE-NIGHT',
    description: 'Heavyweight hoodie for long movie marathons, with a kangaroo pocket for the popcorn.',
    priceCents: 4999,
    stock: 12,
    shirtSizes: ['S', 'M', 'L', 'XL'],
    shirtColors: ['Black', 'Forest Green'],
  },
  {
    name: 'Midnight Marathon Vinyl',
    code: 'VINYL-MIDNIGHT',
    description: 'Ambient score for the last film of the night. Double LP in a gatefold sleeve.',
    priceCents: 3450,
    stock: 8,
    vinylColors: ['Purple Haze', 'Black'],
  },
  {
    name: 'Enamel Pin Set',
    code: 'PIN-SET',
    description: 'Five hard-enamel pins, one per letter. Rubber clutches included.',
    priceCents: 1200,
    stock: 50,
  },
  {
    name: 'Popcorn Bucket',
    code: 'POPCORN-BUCKET',
    description: 'A reusable striped bucket that holds a whole double feature of popcorn.',
    priceCents: 1499,
    stock: 30,
  },
  {
    name: 'Limited Board Poster',
    code: 'POSTER-LIMITED',
    description: 'Numbered art print of a winning board on heavy matte paper, 18 \u00d7 24 in. Only a few left.',
    priceCents: 3900,
    stock: 2,
  },
];

/** Any constant works: it only has to be the same in every MINGO process. */
const SEED_LOCK_ID = 730_006;

/**
 * The product pictures, drawn once by scripts/generate-demo-product-images.ts into
 * assets/demo-products/<code>.webp (committed): a start needs no image library. They are squares
 * of the stored images' largest side. One per product, in order, or none when the assets are missing.
 */
async function readDemoImages(log: FastifyBaseLogger) {
  const dir = findAssetDir('demo-products', `${DEMO_PRODUCTS[0]?.code ?? ''}.webp`);
  if (dir === null) {
    log.warn('demo product pictures skipped: assets/demo-products was not found');
    return [];
  }
  return Promise.all(
    DEMO_PRODUCTS.map(async (product) => ({
      bytes: await readFile(path.join(dir, `${product.code}.webp`)),
      width: PRODUCT_IMAGE_MAX_SIDE,
      height: PRODUCT_IMAGE_MAX_SIDE,
      contentType: 'image/webp' as const,
    })),
  );
}

/**
 * Seeds the demo catalogue into an empty products table (archived products count as not
 * empty). Safe to run on every start and from several processes at once: an advisory lock
 * serialises them and only the first finds the table empty.
 */
export async function seedDemoProducts(ctx: Pick<AppContext, 'config' | 'database'>, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.config.demoData) return;
  const db = ctx.database.db;
  if ((await createProductRepository(db).countAll()) > 0) return;

  const images = await readDemoImages(log);
  const seeded = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, SEED_LOCK_ID);
    const products = createProductRepository(trx);
    if ((await products.countAll()) > 0) return 0;
    // Distinct creation times keep the catalogue in this list's order. Two statements in all: a
    // first start seeds while its first request waits.
    const start = Date.now() - DEMO_PRODUCTS.length * 1000;
    // Every picture or none (readDemoImages): the keys line up with the products.
    const keys = await products.storeImages(images);
    await products.createMany(
      DEMO_PRODUCTS.map((product, index) => ({
        name: product.name,
        code: product.code,
        description: product.description,
        priceCents: product.priceCents,
        stock: product.stock,
        shirtSizes: product.shirtSizes ?? [],
        shirtColors: product.shirtColors ?? [],
        vinylColors: product.vinylColors ?? [],
        imageKey: keys[index] ?? null,
        createdAt: new Date(start + index * 1000),
      })),
    );
    return DEMO_PRODUCTS.length;
  });
  if (seeded > 0) log.info({ products: seeded }, 'seeded the demo catalogue');
}
