import { escapeMarkup } from './markup';
import { wrapText } from './text-metrics';

// The generated poster of a movie that has none yet (decision 151): the demo posters' typographic
// style — a colour field with a motif above a title panel — drawn from a hash of the title, so the
// same title always gets the same picture. 200 × 300 (2:3), rasterised by the server.

export const PLACEHOLDER_WIDTH = 200;
export const PLACEHOLDER_HEIGHT = 300;
const ART_BOTTOM = 190;
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
const TITLE_SIZE = 20;

/** FNV-1a, 32 bit: the same hash the demo posters use. */
export function titleHash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The SVG of a movie's placeholder poster. */
export function placeholderPosterSvg(name: string, year: number): string {
  const hash = titleHash(`${name} ${year}`);
  const hue = hash % 360;
  const accent = (hue + 150 + ((hash >>> 9) % 60)) % 360;
  const rings = Array.from({ length: 6 }, (_, i) => {
    const r = 20 + i * 26;
    const light = 40 + ((hash >>> (i * 3)) % 30);
    return `<circle cx="${60 + ((hash >>> 12) % 80)}" cy="${70 + ((hash >>> 18) % 60)}" r="${r}" fill="none" stroke="hsl(${i % 2 === 0 ? accent : hue} 70% ${light}%)" stroke-width="10"/>`;
  });
  const { lines } = wrapText(name, { width: PLACEHOLDER_WIDTH - 28, size: TITLE_SIZE, weight: 'bold', maxLines: 3 });
  const title = lines
    .map(
      (line, i) => `<text x="14" y="${ART_BOTTOM + 32 + i * 24}" font-size="${TITLE_SIZE}" font-weight="bold">${escapeMarkup(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PLACEHOLDER_WIDTH}" height="${PLACEHOLDER_HEIGHT}" viewBox="0 0 ${PLACEHOLDER_WIDTH} ${PLACEHOLDER_HEIGHT}" font-family="${FONT}">`,
    `<rect width="${PLACEHOLDER_WIDTH}" height="${ART_BOTTOM}" fill="hsl(${hue} 55% 16%)"/>`,
    `<g>${rings.join('')}</g>`,
    `<rect y="${ART_BOTTOM}" width="${PLACEHOLDER_WIDTH}" height="${PLACEHOLDER_HEIGHT - ART_BOTTOM}" fill="#0b0a10"/>`,
    `<g fill="#fbf7ef">${title}</g>`,
    `<text x="14" y="${PLACEHOLDER_HEIGHT - 12}" font-size="12" fill="hsl(${accent} 70% 65%)">${year}</text>`,
    '</svg>',
  ].join('');
}
