import { describe, expect, it } from 'vitest';
import { BOARD_SIZE, FREE_SPACE_INDEX } from './boards';
import { BOARD_IMAGE_SIZES, boardImageSvg, boardSummary, wrapTitle } from './board-image';

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

describe('wrapTitle', () => {
  it.each([
    ['Up', 10, ['Up']],
    ['Avengers: Infinity War', 13, ['Avengers:', 'Infinity War']],
    ['Everything Everywhere All at Once', 10, ['Everything', 'Everywhere', 'All at…']],
    ['Supercalifragilistic', 10, ['Supercali…']],
  ])('wraps %j at %i characters', (name, width, lines) => {
    expect(wrapTitle(name, width)).toEqual(lines);
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

  it('escapes movie names', () => {
    const svg = boardImageSvg({ year: 2024, names, seen: none, format: 'wide', footer: 'a&b' });
    expect(svg).not.toContain('<1>');
    expect(svg).toContain('&#60;1&#62;');
    expect(svg).toContain('a&#38;b');
  });
});
