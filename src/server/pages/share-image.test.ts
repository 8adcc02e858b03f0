import { describe, expect, it } from 'vitest';
import { createShareImageRenderer } from './share-image';

const names = Array.from({ length: 25 }, (_, cell) => `Movie ${cell}`);
const seen = Array.from({ length: 25 }, (_, cell) => cell < 5);

describe('share image renderer', () => {
  it('draws each board once and answers repeats from its cache', async () => {
    const renderer = createShareImageRenderer({ footer: 'mingo.example' });
    const first = await renderer.render({ year: 2024, seen }, names, 'wide');
    const again = await renderer.render({ year: 2024, seen }, names, 'wide');
    expect(again).toBe(first);
    expect(renderer.renderCount()).toBe(1);
    const square = await renderer.render({ year: 2024, seen }, names, 'square');
    const renamed = await renderer.render({ year: 2024, seen }, names.map((name) => `${name}!`), 'wide');
    expect(square.etag).not.toBe(first.etag);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renderer.renderCount()).toBe(3);
  });
});
