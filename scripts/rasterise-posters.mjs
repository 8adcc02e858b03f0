// Rasterises the demo posters (public/posters/<id>.svg, copied into the build) to WebP at the
// widths the board and the movie card show: dist/client/posters/<id>-<width>.webp. Parsing 25 SVG
// documents cost the home page ~370 ms of main-thread time (issue 21); the server offers these as
// the seeded movies' <picture> sources when the build has them (src/server/boards/posters.ts).
// Drawn with the fonts in assets/fonts (the posters ask for system-ui; fontconfig falls back to
// DejaVu Sans), so every machine builds the same pictures.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.FONTCONFIG_FILE = path.resolve('assets/fonts/fonts.conf');
const { default: sharp } = await import('sharp');

/** Keep in step with DEMO_POSTER_WIDTHS in src/server/boards/posters.ts. */
const WIDTHS = [160, 320, 480];
const dir = path.join(process.env.DIST_DIR ?? 'dist', 'client', 'posters');

const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.svg'));
let next = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    const svg = await fs.readFile(path.join(dir, file));
    const id = file.slice(0, -'.svg'.length);
    for (const width of WIDTHS) {
      // density: the SVGs are 200 px wide; draw them large enough for the widest rendition.
      await sharp(svg, { density: Math.ceil((72 * width) / 200) })
        .resize({ width, height: Math.round(width * 1.5), fit: 'cover' })
        .webp({ quality: 80, effort: 4 })
        .toFile(path.join(dir, `${id}-${width}.webp`));
    }
  }
}
await Promise.all(Array.from({ length: Math.max(1, Math.min(4, os.availableParallelism())) }, worker));
console.log(`rasterised ${files.length} demo posters at ${WIDTHS.join(', ')} px in ${dir}`);
