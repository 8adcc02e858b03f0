import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPosterRasters, posterMediaKeys, posterOf } from './posters';

const columns = { poster_key: null, poster_widths: [], poster_placeholder: true, poster_static: '/posters/2018-roma.svg' };

describe('poster wire shape', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mingo-posters-'));
    await mkdir(path.join(dir, 'posters'));
    for (const name of [
      '2018-roma.svg',
      '2018-roma-160.webp',
      '2018-roma-320.webp',
      '2018-roma-480.webp',
      '2018-widows.svg',
      '2018-widows-160.webp',
    ]) {
      await writeFile(path.join(dir, 'posters', name), '');
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the demo posters the build rasterised at every width, and none without a build', () => {
    expect([...demoPosterRasters(dir)]).toEqual(['/posters/2018-roma.svg']);
    expect(demoPosterRasters(path.join(dir, 'nothing-here')).size).toBe(0);
  });

  it('keeps a demo poster’s SVG as src and offers its WebP renditions when the build has them', () => {
    expect(posterOf(columns)).toEqual({ src: '/posters/2018-roma.svg', sources: [], placeholder: true });
    expect(posterOf(columns, demoPosterRasters(dir))).toEqual({
      src: '/posters/2018-roma.svg',
      sources: [
        {
          type: 'image/webp',
          srcset: '/posters/2018-roma-160.webp 160w, /posters/2018-roma-320.webp 320w, /posters/2018-roma-480.webp 480w',
        },
      ],
      placeholder: true,
    });
    expect(posterOf({ ...columns, poster_static: '/posters/2018-widows.svg' }, demoPosterRasters(dir)).sources).toEqual([]);
  });

  it('serves stored renditions: the 320 px WebP as src, AVIF before WebP', () => {
    const poster = posterOf({ poster_key: 'poster-abc', poster_widths: [160, 320, 480], poster_placeholder: false, poster_static: null });
    expect(poster).toEqual({
      src: '/media/poster-abc-320.webp',
      sources: [
        { type: 'image/avif', srcset: '/media/poster-abc-160.avif 160w, /media/poster-abc-320.avif 320w, /media/poster-abc-480.avif 480w' },
        { type: 'image/webp', srcset: '/media/poster-abc-160.webp 160w, /media/poster-abc-320.webp 320w, /media/poster-abc-480.webp 480w' },
      ],
      placeholder: false,
    });
    expect(posterMediaKeys('poster-abc', [160])).toEqual(['poster-abc-160.webp', 'poster-abc-160.avif']);
    const placeholder = posterOf({ poster_key: 'poster-abc', poster_widths: [160], poster_placeholder: true, poster_static: null });
    expect(placeholder.sources).toEqual([{ type: 'image/webp', srcset: '/media/poster-abc-160.webp 160w' }]);
  });
});
