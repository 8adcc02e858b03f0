// Original artwork for the demo catalogue, drawn as SVG and rasterised once by
// scripts/generate-demo-product-images.ts: nothing copyrighted, nothing downloaded. Every picture
// uses the MINGO motif — five bingo boxes — on a simple product silhouette.

export type Artwork =
  | { kind: 'shirt'; cloth: string; ink: string; accent: string; background: string }
  | { kind: 'hoodie'; cloth: string; ink: string; accent: string; background: string }
  | { kind: 'vinyl'; disc: string; label: string; sleeve: string; background: string }
  | { kind: 'poster'; paper: string; ink: string; accent: string; background: string }
  | { kind: 'pins'; colors: readonly string[]; background: string }
  | { kind: 'markers'; colors: readonly string[]; background: string }
  | { kind: 'bucket'; stripe: string; base: string; background: string }
  | { kind: 'tote'; cloth: string; ink: string; background: string }
  | { kind: 'cards'; card: string; ink: string; accent: string; background: string };

const SIZE = 800;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const LETTERS = ['M', 'I', 'N', 'G', 'O'] as const;

/** A row of five bingo boxes with the letters, centred on (cx, cy). */
function logoRow(cx: number, cy: number, box: number, fill: string, ink: string): string {
  const gap = box * 0.18;
  const width = box * 5 + gap * 4;
  const left = cx - width / 2;
  return LETTERS.map((letter, i) => {
    const x = left + i * (box + gap);
    return (
      `<rect x="${x}" y="${cy - box / 2}" width="${box}" height="${box}" rx="${box * 0.18}" fill="${fill}"/>` +
      `<text x="${x + box / 2}" y="${cy + box * 0.2}" font-family="${FONT}" font-weight="700" font-size="${box * 0.58}" text-anchor="middle" fill="${ink}">${letter}</text>`
    );
  }).join('');
}

/** A 5x5 bingo grid with some marked cells, top-left at (x, y). */
function bingoGrid(x: number, y: number, cell: number, line: string, mark: string, marked: readonly number[]): string {
  const parts: string[] = [];
  for (let r = 0; r < 5; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const index = r * 5 + c;
      const cx = x + c * cell;
      const cy = y + r * cell;
      parts.push(`<rect x="${cx}" y="${cy}" width="${cell}" height="${cell}" fill="none" stroke="${line}" stroke-width="${cell * 0.06}"/>`);
      if (marked.includes(index)) {
        parts.push(`<circle cx="${cx + cell / 2}" cy="${cy + cell / 2}" r="${cell * 0.32}" fill="${mark}" opacity="0.9"/>`);
      }
    }
  }
  return parts.join('');
}

function backdrop(color: string): string {
  return (
    `<rect width="${SIZE}" height="${SIZE}" fill="${color}"/>` +
    `<circle cx="650" cy="140" r="220" fill="#ffffff" opacity="0.06"/>` +
    `<circle cx="120" cy="700" r="180" fill="#000000" opacity="0.06"/>`
  );
}

const SHIRT_PATH = 'M280 150 L350 120 Q400 160 450 120 L520 150 L640 230 L590 330 L540 300 L540 680 L260 680 L260 300 L210 330 L160 230 Z';
const HOODIE_PATH = 'M290 170 Q400 60 510 170 L640 250 L600 560 L545 540 L545 690 L255 690 L255 540 L200 560 L160 250 Z';

function draw(art: Artwork): string {
  switch (art.kind) {
    case 'shirt':
      return (
        backdrop(art.background) +
        `<path d="${SHIRT_PATH}" fill="${art.cloth}" stroke="#00000033" stroke-width="6" stroke-linejoin="round"/>` +
        `<path d="M350 120 Q400 175 450 120" fill="none" stroke="#00000040" stroke-width="8"/>` +
        logoRow(400, 330, 44, art.accent, art.ink) +
        bingoGrid(330, 400, 28, art.ink, art.accent, [0, 6, 12, 18, 24])
      );
    case 'hoodie':
      return (
        backdrop(art.background) +
        `<path d="${HOODIE_PATH}" fill="${art.cloth}" stroke="#00000033" stroke-width="6" stroke-linejoin="round"/>` +
        `<path d="M330 175 Q400 250 470 175" fill="none" stroke="#00000055" stroke-width="10"/>` +
        `<rect x="315" y="520" width="170" height="90" rx="18" fill="#00000022"/>` +
        logoRow(400, 380, 40, art.accent, art.ink)
      );
    case 'vinyl':
      return (
        backdrop(art.background) +
        `<circle cx="560" cy="400" r="200" fill="${art.disc}"/>` +
        `<circle cx="560" cy="400" r="160" fill="none" stroke="#ffffff22" stroke-width="3"/>` +
        `<circle cx="560" cy="400" r="120" fill="none" stroke="#ffffff22" stroke-width="3"/>` +
        `<circle cx="560" cy="400" r="66" fill="${art.label}"/>` +
        `<circle cx="560" cy="400" r="8" fill="${art.background}"/>` +
        `<rect x="90" y="190" width="420" height="420" rx="10" fill="${art.sleeve}"/>` +
        `<rect x="90" y="190" width="420" height="420" rx="10" fill="none" stroke="#00000033" stroke-width="6"/>` +
        logoRow(300, 290, 56, '#ffffff', art.sleeve) +
        bingoGrid(210, 360, 48, '#ffffffaa', '#ffffff', [2, 7, 12, 17, 22])
      );
    case 'poster':
      return (
        backdrop(art.background) +
        `<rect x="190" y="90" width="420" height="600" rx="6" fill="${art.paper}" stroke="#00000022" stroke-width="4"/>` +
        logoRow(400, 170, 56, art.accent, art.paper) +
        bingoGrid(250, 240, 60, art.ink, art.accent, [0, 4, 6, 8, 12, 16, 18, 20, 24]) +
        `<text x="400" y="600" font-family="${FONT}" font-size="30" font-weight="700" text-anchor="middle" fill="${art.ink}">LIMITED EDITION</text>`
      );
    case 'pins':
      return (
        backdrop(art.background) +
        art.colors
          .map((color, i) => {
            const row = Math.floor(i / 3);
            const x = (row === 0 ? 200 : 300) + (i % 3) * 200;
            const y = 280 + row * 240;
            const letter = LETTERS[i % LETTERS.length] ?? 'M';
            return (
              `<circle cx="${x}" cy="${y}" r="85" fill="${color}" stroke="#ffffffcc" stroke-width="10"/>` +
              `<text x="${x}" y="${y + 30}" font-family="${FONT}" font-weight="700" font-size="86" text-anchor="middle" fill="#ffffff">${letter}</text>`
            );
          })
          .join('')
      );
    case 'markers':
      return (
        backdrop(art.background) +
        art.colors
          .map((color, i) => {
            const x = 170 + i * 120;
            return (
              `<rect x="${x}" y="250" width="90" height="330" rx="30" fill="${color}"/>` +
              `<rect x="${x + 10}" y="200" width="70" height="70" rx="20" fill="#ffffff" opacity="0.85"/>` +
              `<circle cx="${x + 45}" cy="640" r="34" fill="${color}" opacity="0.75"/>`
            );
          })
          .join('')
      );
    case 'bucket':
      return (
        backdrop(art.background) +
        `<path d="M230 260 L570 260 L520 690 L280 690 Z" fill="${art.base}"/>` +
        [0, 1, 2, 3]
          .map(
            (i) => `<path d="M${262 + i * 76} 260 L${300 + i * 76} 260 L${292 + i * 60} 690 L${268 + i * 60} 690 Z" fill="${art.stripe}"/>`,
          )
          .join('') +
        [0, 1, 2, 3, 4, 5, 6, 7, 8]
          .map((i) => `<circle cx="${250 + i * 38}" cy="${245 - (i % 3) * 28}" r="${34 + (i % 2) * 8}" fill="#fff7df"/>`)
          .join('') +
        logoRow(400, 470, 40, art.stripe, '#ffffff')
      );
    case 'tote':
      return (
        backdrop(art.background) +
        `<path d="M310 250 Q310 120 400 120 Q490 120 490 250" fill="none" stroke="${art.cloth}" stroke-width="26"/>` +
        `<rect x="200" y="240" width="400" height="450" rx="12" fill="${art.cloth}"/>` +
        logoRow(400, 380, 52, art.ink, art.cloth) +
        bingoGrid(325, 450, 30, art.ink, art.ink, [4, 8, 12, 16, 20])
      );
    case 'cards':
      return (
        backdrop(art.background) +
        [-14, 0, 14]
          .map(
            (angle, i) =>
              `<g transform="rotate(${angle} 400 420)"><rect x="${230 + i * 10}" y="180" width="340" height="460" rx="22" fill="${art.card}" stroke="#00000022" stroke-width="4"/></g>`,
          )
          .join('') +
        logoRow(420, 270, 46, art.accent, art.card) +
        bingoGrid(300, 330, 48, art.ink, art.accent, [1, 7, 12, 13, 19, 23])
      );
  }
}

export function artworkSvg(art: Artwork): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${draw(art)}</svg>`;
}
