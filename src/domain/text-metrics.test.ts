import { describe, expect, it } from 'vitest';
import { textWidth, wrapText } from './text-metrics';

describe('textWidth', () => {
  it('measures DejaVu Sans advances: bold is wider, unknown characters count as a full em', () => {
    // "Wi": W 989 + i 278 thousandths of an em, at 20 px.
    expect(textWidth('Wi', 20, 'regular')).toBeCloseTo(25.34);
    expect(textWidth('Wi', 20, 'bold')).toBeGreaterThan(textWidth('Wi', 20, 'regular'));
    expect(textWidth('東京', 10, 'regular')).toBe(20);
    expect(textWidth('', 10, 'bold')).toBe(0);
  });

  it('measures accented letters outside ASCII in their own weight', () => {
    expect(textWidth('é', 1000, 'regular')).toBe(615);
    expect(textWidth('é', 1000, 'bold')).toBe(678);
  });
});

describe('wrapText at the edge of the width', () => {
  it('keeps a line exactly as wide as the width, and breaks one a hair wider', () => {
    const width = textWidth('ab ab', 10, 'regular');
    expect(wrapText('ab ab', { width, size: 10, weight: 'regular', maxLines: 2 }).lines).toEqual(['ab ab']);
    expect(wrapText('ab ab', { width: width - 0.01, size: 10, weight: 'regular', maxLines: 2 }).lines).toEqual(['ab', 'ab']);
  });
});

describe('wrapText', () => {
  const fit = (text: string, width: number, maxLines = 3) => wrapText(text, { width, size: 10, weight: 'regular', maxLines });

  it.each([
    ['Up', 100, ['Up'], true],
    ['Avengers: Infinity War', 70, ['Avengers:', 'Infinity War'], true],
    ['Everything Everywhere All at Once', 60, ['Everything', 'Everywhere', 'All at Once'], true],
    ['Everything Everywhere All at Once', 50, ['Everyth…', 'Everyw…', 'All at…'], false],
    ['Supercalifragilistic', 60, ['Supercali…'], false],
    ['A Supercalifragilistic B', 60, ['A', 'Supercali…', 'B'], false],
    ['One Two Three Four', 30, ['One', 'Two', 'Thr…'], false],
  ])('wraps %j into %i px', (text, width, lines, complete) => {
    const wrapped = fit(text, width);
    expect(wrapped).toEqual({ lines, complete });
    for (const line of wrapped.lines) expect(textWidth(line, 10, 'regular')).toBeLessThanOrEqual(width);
  });
});
