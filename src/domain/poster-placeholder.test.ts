import { describe, expect, it } from 'vitest';
import { placeholderPosterSvg, titleHash } from './poster-placeholder';

describe('placeholderPosterSvg', () => {
  it('is the same picture for the same title and year, another for another title', () => {
    const svg = placeholderPosterSvg('The Quiet Lighthouse', 2026);
    expect(placeholderPosterSvg('The Quiet Lighthouse', 2026)).toBe(svg);
    expect(placeholderPosterSvg('The Loud Lighthouse', 2026)).not.toBe(svg);
    expect(svg).toMatch(/^<svg [^>]*width="200" height="300"/);
  });

  it('writes the title (escaped) and the year', () => {
    const svg = placeholderPosterSvg('Tom & <Jerry>', 2026);
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).not.toContain('<Jerry>');
    expect(svg).toContain('>2026</text>');
  });

  it('wraps a long title on at most three lines', () => {
    const svg = placeholderPosterSvg('An Extraordinarily Long Title About A Very Quiet Lighthouse Keeper And Her Cat', 2026);
    expect(svg.match(/font-weight="bold"/g)).toHaveLength(3);
    expect(svg).toContain('…');
  });

  it('hashes titles with FNV-1a', () => {
    expect(titleHash('')).toBe(0x811c9dc5);
    expect(titleHash('a')).toBe(0xe40c292c);
  });
});

// Golden pictures (open the .svg files to review a change): the rings, colours and title panel of
// a placeholder poster are drawn from the title's hash, so every value is part of the picture.
describe('placeholderPosterSvg golden pictures', () => {
  it.each([
    ['The Quiet Lighthouse', 2026],
    ['An Extraordinarily Long Title About A Very Quiet Lighthouse Keeper And Her Cat', 2019],
  ])('draws "%s" (%i) alike every time', async (name, year) => {
    await expect(placeholderPosterSvg(name, year)).toMatchFileSnapshot(`./__snapshots__/poster-placeholder-${String(year)}.svg`);
  });
});
