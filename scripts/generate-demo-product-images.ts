// Draws the demo catalogue's product pictures (scripts/demo-artwork.ts) into
// assets/demo-products/<code>.webp, through the same normalisation as an upload (800 px WebP).
// The outputs are committed, so a start needs no image library; run by hand when the artwork
// or the demo list changes: `node --import tsx scripts/generate-demo-product-images.ts`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PRODUCTS } from '../src/server/products/demo-products';
import { normaliseProductImage } from '../src/server/products/product-images';
import { artworkSvg, type Artwork } from './demo-artwork';

const ART: Record<string, Artwork> = {
  'TEE-CLASSIC': { kind: 'shirt', cloth: '#1f2937', ink: '#f8fafc', accent: '#f5c542', background: '#3b2a63' },
  'TEE-FREE-SPACE': { kind: 'shirt', cloth: '#e5e7eb', ink: '#1e293b', accent: '#e85d9b', background: '#1e3a5f' },
  'VINYL-2025': { kind: 'vinyl', disc: '#111827', label: '#f5c542', sleeve: '#7c3aed', background: '#fde68a' },
  'DAUBER-SET': { kind: 'markers', colors: ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#a855f7'], background: '#fef3c7' },
  'HOODIE-NIGHT': { kind: 'hoodie', cloth: '#14532d', ink: '#14532d', accent: '#fef3c7', background: '#f97316' },
  'VINYL-MIDNIGHT': { kind: 'vinyl', disc: '#312e81', label: '#e85d9b', sleeve: '#0f172a', background: '#a5b4fc' },
  'PIN-SET': { kind: 'pins', colors: ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#a855f7'], background: '#1e293b' },
  'POPCORN-BUCKET': { kind: 'bucket', stripe: '#dc2626', base: '#f8fafc', background: '#0f766e' },
  'POSTER-LIMITED': { kind: 'poster', paper: '#fffbeb', ink: '#1e293b', accent: '#e85d9b', background: '#334155' },
};

const out = path.resolve(import.meta.dirname, '..', 'assets', 'demo-products');
await mkdir(out, { recursive: true });
for (const product of DEMO_PRODUCTS) {
  const art = ART[product.code];
  if (art === undefined) throw new Error(`no artwork for ${product.code}`);
  const png = await sharp(Buffer.from(artworkSvg(art)))
    .png()
    .toBuffer();
  const image = await normaliseProductImage(png);
  await writeFile(path.join(out, `${product.code}.webp`), image.bytes);
  console.log(`${product.code}.webp ${image.width}×${image.height} ${image.bytes.length} bytes`);
}
