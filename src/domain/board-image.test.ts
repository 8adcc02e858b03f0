import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, FREE_SPACE_INDEX } from './boards';
import { BOARD_IMAGE_SIZES, boardImageSvg, boardSummary, cellText } from './board-image';
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
    expect(svg.match(/data-line="/g)).toEqual(['data-line="', 'data-line="']);
    expect(svg).toContain('data-line="row-0"');
    expect(svg).toContain('data-line="column-0"');
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
    expect(svg).toContain('&#60;1&#62;');
    expect(svg).toContain('a&#38;b');
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
