// Writes the winning-board illustrations listed in public/data/how-to-play.json to
// public/images/how-to-play/<id>.svg: a 5x5 board under M I N G O with the winning cells lit
// and the centre marked FREE. Deterministic, self-contained SVG.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tilesPath = join(root, 'public', 'data', 'how-to-play.json');
const outDir = join(root, 'public', 'images', 'how-to-play');

const FONT = 'system-ui, sans-serif';
const LETTERS = ['M', 'I', 'N', 'G', 'O'];
const SIZE = 5;
const CENTRE = 2;
const CELL = 48;
const GAP = 6;
const PAD = 16;
const HEADER = 44;
const WIDTH = PAD * 2 + SIZE * CELL + (SIZE - 1) * GAP;
const HEIGHT = HEADER + PAD + SIZE * CELL + (SIZE - 1) * GAP + PAD;

const COLORS = {
  bg: '#1b1030',
  cell: '#2f2150',
  cellStroke: '#4a3878',
  win: '#f5c542',
  winInk: '#1b1030',
  letter: '#fbf7ef',
  free: '#e85d9b',
};

// Which cells win, by tile id. Row 1 and column 2 pass through different parts of the board so the
// four pictures look different; the diagonal and column show that the free centre counts.
const patterns = {
  row: (r) => r === 1,
  column: (_r, c) => c === CENTRE,
  diagonal: (r, c) => r === c,
  blackout: () => true,
};

function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function cellOrigin(index) {
  return PAD + index * (CELL + GAP);
}

function board(tile) {
  const isWinning = patterns[tile.id];
  if (!isWinning) throw new Error(`No winning pattern for how-to-play tile "${tile.id}"`);
  const parts = [];
  LETTERS.forEach((letter, c) => {
    parts.push(
      `<text x="${cellOrigin(c) + CELL / 2}" y="${HEADER - 12}" font-family="${FONT}" font-weight="800" font-size="26" fill="${COLORS.letter}" text-anchor="middle">${letter}</text>`,
    );
  });
  for (let r = 0; r < SIZE; r += 1) {
    for (let c = 0; c < SIZE; c += 1) {
      const x = cellOrigin(c);
      const y = HEADER + cellOrigin(r) - PAD;
      const won = isWinning(r, c);
      const free = r === CENTRE && c === CENTRE;
      const fill = won ? COLORS.win : COLORS.cell;
      const stroke = free ? COLORS.free : won ? COLORS.win : COLORS.cellStroke;
      parts.push(
        `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" rx="6" fill="${fill}" stroke="${stroke}" stroke-width="${free ? 3 : 1.5}"/>`,
      );
      if (free) {
        parts.push(
          `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 5}" font-family="${FONT}" font-weight="800" font-size="13" fill="${won ? COLORS.winInk : COLORS.free}" text-anchor="middle">FREE</text>`,
        );
      } else if (won) {
        parts.push(`<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="9" fill="${COLORS.winInk}"/>`);
      }
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${tile.title}: winning board example`)}">`,
    `<title>${escapeXml(`${tile.title}: winning board example`)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="12" fill="${COLORS.bg}"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

const tiles = JSON.parse(readFileSync(tilesPath, 'utf8'));
mkdirSync(outDir, { recursive: true });
for (const tile of tiles) {
  writeFileSync(join(outDir, `${tile.id}.svg`), board(tile));
}
console.log(`wrote ${tiles.length} how-to-play images to ${outDir}`);
