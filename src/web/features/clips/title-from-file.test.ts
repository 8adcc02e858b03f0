import { describe, expect, it } from 'vitest';
import { titleFromFileName } from './title-from-file';

const movies = ['Dune: Part Two', 'Superman', 'Wicked: For Good', 'Thunderbolts*'];

describe('titleFromFileName', () => {
  it.each([
    ['dune-part-two.webm', 'Dune: Part Two'],
    ['SUPERMAN.mp4', 'Superman'],
    ['wicked_for_good.final.webm', 'wicked for good.final'],
    ['Wicked For Good.webm', 'Wicked: For Good'],
    ['thunderbolts.mp4', 'Thunderbolts*'],
    ['my_holiday--clip.mp4', 'my holiday clip'],
    ['.webm', ''],
    [`${'x'.repeat(150)}.webm`, 'x'.repeat(100)],
  ])('%s → %s', (file, title) => {
    expect(titleFromFileName(file, movies)).toBe(title);
  });
});
