// Makes the web app manifest's PNG icons from public/favicon.svg (run once after changing the logo;
// the PNGs are committed): `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const logo = readFileSync('public/favicon.svg');
const background = { r: 11, g: 16, b: 32, alpha: 1 };

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(`public/icons/icon-${size}.png`);
}
// Maskable: the logo inside the central 80% safe zone on a full-bleed background.
const inner = await sharp(logo, { density: (72 * 400) / 64 })
  .resize(400, 400)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png()
  .toFile('public/icons/maskable-512.png');
await sharp(logo, { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten({ background })
  .png()
  .toFile('public/icons/apple-touch-icon.png');
