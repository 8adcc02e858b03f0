import { describe, expect, it } from 'vitest';
import { ALL_LINES, BOARD_SIZE, FREE_SPACE_INDEX } from './boards';
import {
  BOARD_IMAGE_SIZES,
  boardImageSvg,
  boardSummary,
  cellText,
  inset,
  LINK_WIDTH,
  nameBox,
  RING_WIDTH,
  winningMarks,
  type Box,
} from './board-image';
import { textWidth } from './text-metrics';

const names = Array.from({ length: BOARD_SIZE }, (_, cell) => (cell === FREE_SPACE_INDEX ? 'Free Space' : `Movie <${cell}> & "co"`));
const none = Array.from({ length: BOARD_SIZE }, () => false);
const firstRowAndColumn = none.map((_, cell) => cell < 5 || cell % 5 === 0);
const all = none.map(() => true);

describe('boardSummary', () => {
  it.each([
    [none, '2024 · 0/24 · 0 lines'],
    [none.map((_, cell) => cell < 5), '2024 · 5/24 · 1 line'],
    [firstRowAndColumn, '2024 · 9/24 · 2 lines'],
    [all, '2024 · 24/24 · blackout'],
  ])('summarises the board', (seen, summary) => {
    expect(boardSummary(2024, seen)).toBe(summary);
  });
});

// Names from the boards that are long, or wide in bold (marked squares are drawn bold).
const LONG_NAMES = [
  'Dune: Part Two',
  'Furiosa: A Mad Max Saga',
  'Oppenheimer',
  'Mission: Impossible – Dead Reckoning Part One',
  'Shang-Chi and the Legend of the Ten Rings',
  'Dungeons & Dragons: Honor Among Thieves',
  'Spider-Man: Across the Spider-Verse',
  'Everything Everywhere All at Once',
  'WWWWWWWWWWWWWWWWWWWW',
  'Amélie: le fabuleux destin d’Amélie Poulain',
];

describe('cellText', () => {
  it.each(['wide', 'square'] as const)('keeps every line of a %s image inside its square, bold or not', (format) => {
    for (const name of LONG_NAMES) {
      for (const marked of [false, true]) {
        const text = cellText(name, format, marked);
        expect(text.lines.length, name).toBeGreaterThan(0);
        expect(text.lines.length, name).toBeLessThanOrEqual(3);
        for (const line of text.lines)
          expect(textWidth(line, text.size, text.weight), `${name}: ${line}`).toBeLessThanOrEqual(text.maxWidth);
      }
    }
  });

  it('wraps a name that one line cannot hold instead of letting it spill', () => {
    expect(cellText('Dune: Part Two', 'square', true).lines).toEqual(['Dune: Part', 'Two']);
    expect(cellText('Furiosa: A Mad Max Saga', 'square', false).lines).toEqual(['Furiosa: A', 'Mad Max', 'Saga']);
    expect(cellText('Anora', 'square', true)).toMatchObject({ size: 22, lines: ['Anora'] });
  });

  it('draws a name smaller before cutting it, and cuts it with "…" only when it cannot fit', () => {
    const oppenheimer = cellText('Oppenheimer', 'wide', true);
    expect(oppenheimer.lines).toEqual(['Oppenheimer']);
    expect(oppenheimer.size).toBeLessThan(16);
    const mission = cellText('Mission: Impossible – Dead Reckoning Part One', 'wide', false);
    expect(mission.size).toBe(13);
    expect(mission.lines.at(-1)).toMatch(/…$/);
  });
});

describe('boardImageSvg', () => {
  it.each(['wide', 'square'] as const)('draws a %s image at its size', (format) => {
    const svg = boardImageSvg({ year: 2024, names, seen: firstRowAndColumn, format });
    const { width, height } = BOARD_IMAGE_SIZES[format];
    expect(svg).toContain(`width="${width}" height="${height}"`);
    expect(svg.match(/data-cell=/g)).toHaveLength(25);
    // 9 seen squares + the Free Space are drawn as marked.
    expect(svg.match(/data-seen="true"/g)).toHaveLength(10);
    // Each line: its 4 links between 5 squares; 9 squares ringed (the corner is in both lines).
    expect(svg.match(/data-line="row-0"/g)).toHaveLength(4);
    expect(svg.match(/data-line="column-0"/g)).toHaveLength(4);
    expect(svg.match(/data-line="/g)).toHaveLength(8);
    expect(svg.match(/data-ring="/g)).toHaveLength(9);
    expect(svg).toContain('MINGO 2024');
    expect(svg).toContain('9/24 seen · 2 lines');
  });

  it.each(['wide', 'square'] as const)('draws no %s name line wider than its square', (format) => {
    const longNames = names.map((_, cell) => LONG_NAMES[cell % LONG_NAMES.length] ?? '');
    const svg = boardImageSvg({ year: 2024, names: longNames, seen: firstRowAndColumn, format });
    const cellWidth = Number(/<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"[^>]* data-cell=/.exec(svg)?.[1]);
    const texts = [
      ...svg.matchAll(/<text [^>]*font-size="([\d.]+)" font-weight="(\d+)"[^>]*>\n((?:<tspan[^>]*>[^<]*<\/tspan>\n)+)<\/text>/g),
    ];
    expect(texts).toHaveLength(25);
    for (const [, size, weight, tspans = ''] of texts) {
      for (const [, line = ''] of tspans.matchAll(/>([^<]*)<\/tspan>/g)) {
        const drawn = textWidth(
          line.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
          Number(size),
          Number(weight) >= 600 ? 'bold' : 'regular',
        );
        expect(drawn, line).toBeLessThanOrEqual(cellWidth);
      }
    }
  });

  it('escapes movie names', () => {
    const svg = boardImageSvg({ year: 2024, names, seen: none, format: 'wide', footer: 'a&b' });
    expect(svg).not.toContain('<1>');
    expect(svg).toContain('&lt;1&gt;');
    expect(svg).toContain('a&amp;b');
  });
});

describe('winning lines', () => {
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  /** The box a link's stroke covers, its round caps included. */
  const linkBox = ({ x1, y1, x2, y2 }: { x1: number; y1: number; x2: number; y2: number }): Box => ({
    x: Math.min(x1, x2) - LINK_WIDTH / 2,
    y: Math.min(y1, y2) - LINK_WIDTH / 2,
    width: Math.abs(x2 - x1) + LINK_WIDTH,
    height: Math.abs(y2 - y1) + LINK_WIDTH,
  });
  const cellOf = (format: 'wide' | 'square', cell: number): Box => {
    const svg = boardImageSvg({ year: 2024, names, seen: none, format });
    const [, x = '', y = '', width = '', height = ''] =
      new RegExp(`<rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"[^>]* data-cell="${cell}"`).exec(svg) ?? [];
    return { x: Number(x), y: Number(y), width: Number(width), height: Number(height) };
  };

  // Every line of a blackout board with the longest names (three lines, bold): no ring or link
  // touches the box any name's glyphs fill, in either format.
  it.each(['wide', 'square'] as const)('never draws a %s winning line over a name', (format) => {
    const longNames = names.map((_, cell) => LONG_NAMES[cell % LONG_NAMES.length] ?? '');
    const marks = winningMarks(ALL_LINES, format);
    expect(marks.cells).toHaveLength(BOARD_SIZE);
    expect(marks.links).toHaveLength(ALL_LINES.length * 4);
    for (let cell = 0; cell < BOARD_SIZE; cell++) {
      const name = nameBox(cell, cellText(longNames[cell] ?? '', format, true), format);
      const square = cellOf(format, cell);
      const insideRing = inset(square, RING_WIDTH);
      expect(name.x, longNames[cell]).toBeGreaterThanOrEqual(insideRing.x);
      expect(name.y, longNames[cell]).toBeGreaterThanOrEqual(insideRing.y);
      expect(name.x + name.width, longNames[cell]).toBeLessThanOrEqual(insideRing.x + insideRing.width);
      expect(name.y + name.height, longNames[cell]).toBeLessThanOrEqual(insideRing.y + insideRing.height);
      for (const link of marks.links) expect(overlaps(linkBox(link), name), `${link.line} over ${longNames[cell]}`).toBe(false);
    }
  });

  it('links each two neighbouring squares of a line across their gutter', () => {
    const [row] = winningMarks([{ kind: 'row', index: 0, cells: [0, 1, 2, 3, 4] }], 'wide').links;
    const first = cellOf('wide', 0);
    const second = cellOf('wide', 1);
    expect(row?.y1).toBe(first.y + first.height / 2);
    expect(row?.x1).toBeGreaterThan(first.x + first.width - RING_WIDTH);
    expect(row?.x2).toBeLessThan(second.x + RING_WIDTH);
    const [diagonal] = winningMarks([{ kind: 'diagonal', index: 1, cells: [4, 8, 12, 16, 20] }], 'wide').links;
    const corner = cellOf('wide', 4);
    // From the top-right square's bottom-left corner down-left to the next one's top-right corner.
    expect(diagonal?.x1).toBeLessThan(corner.x + RING_WIDTH);
    expect(diagonal?.y1).toBeGreaterThan(corner.y + corner.height - RING_WIDTH);
    expect(diagonal?.x2).toBeLessThan(corner.x);
  });
});

// Golden pictures: the share images as a person sees them (open the .svg files to review a change).
// Positions, sizes, colours and the check marks are the picture; a change to any of them must show
// in review as a changed file, like the contract snapshot.
describe('boardImageSvg golden pictures', () => {
  const longNames = names.map((_, cell) => (cell === FREE_SPACE_INDEX ? 'Free Space' : (LONG_NAMES[cell % LONG_NAMES.length] ?? '')));

  it.each([
    ['wide', firstRowAndColumn, 'mingo.example'],
    ['square', firstRowAndColumn, 'mingo.example'],
    ['wide', none.map((_, cell) => cell < 5), undefined],
    ['square', all, undefined],
  ] as const)('draws the %s image of a board alike every time (%#)', async (format, seen, footer) => {
    const svg = boardImageSvg({ year: 2024, names: longNames, seen, format, ...(footer ? { footer } : {}) });
    await expect(svg).toMatchFileSnapshot(`./__snapshots__/board-image-${format}-${String(seen.filter(Boolean).length)}.svg`);
  });
});
