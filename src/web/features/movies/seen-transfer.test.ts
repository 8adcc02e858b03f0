import { describe, expect, it } from 'vitest';
import { exportFileContent, exportFileName, importSummary, INVALID_FILE_MESSAGE, mergeImport } from './seen-transfer';

const markable = new Set(['2018-roma', '2019-parasite', '2025-sinners', '2025-f1']);
const now = new Date('2026-02-03T04:05:06Z');

describe('export', () => {
  it('writes our file with the ids and a dated name', () => {
    const text = exportFileContent(['2018-roma'], now);
    expect(JSON.parse(text)).toEqual({
      app: 'MINGO',
      kind: 'watchedMovies',
      exportedAt: '2026-02-03T04:05:06.000Z',
      watchedMovies: ['2018-roma'],
    });
    expect(exportFileName(now)).toBe('mingo-seen-2026-02-03.json');
  });

  it('round-trips through import', () => {
    const result = mergeImport(exportFileContent(['2018-roma', '2025-f1'], now), [], markable);
    expect(result).toMatchObject({ ok: true, merged: ['2018-roma', '2025-f1'], added: ['2018-roma', '2025-f1'] });
  });
});

describe('mergeImport', () => {
  it.each([
    ['an exported file', JSON.stringify({ app: 'MINGO', kind: 'watchedMovies', exportedAt: 'x', watchedMovies: ['2019-parasite'] })],
    ['a bare array (the localStorage format)', JSON.stringify(['2019-parasite'])],
  ])('accepts %s and only ever adds', (_, text) => {
    const result = mergeImport(text, ['2018-roma'], markable);
    expect(result).toEqual({ ok: true, merged: ['2018-roma', '2019-parasite'], added: ['2019-parasite'], alreadySeen: 0, unknown: 0 });
  });

  it('keeps every current mark, counts duplicates and skips unknown ids', () => {
    const result = mergeImport(JSON.stringify(['2018-roma', '2018-roma', 'nope', '2025-sinners']), ['2018-roma', '2025-f1'], markable);
    expect(result).toEqual({
      ok: true,
      merged: ['2018-roma', '2025-f1', '2025-sinners'],
      added: ['2025-sinners'],
      alreadySeen: 1,
      unknown: 1,
    });
  });

  it.each([
    ['not JSON', '{oops'],
    ['a wrong shape', '{"hello": 1}'],
    ['ids that are not strings', '[1, 2]'],
    ['null', 'null'],
  ])('rejects %s with a clear message', (_, text) => {
    expect(mergeImport(text, ['2018-roma'], markable)).toEqual({ ok: false, message: INVALID_FILE_MESSAGE });
  });
});

describe('importSummary', () => {
  it.each([
    [{ added: ['a'], alreadySeen: 0, unknown: 0 }, 'Added 1 movie to your seen list.'],
    [
      { added: ['a', 'b'], alreadySeen: 1, unknown: 2 },
      'Added 2 movies to your seen list; 1 movie already marked; 2 unknown entries skipped.',
    ],
    [{ added: [], alreadySeen: 3, unknown: 1 }, 'No new movies to add; 3 movies already marked; 1 unknown entry skipped.'],
  ])('reports %j', (counts, text) => {
    expect(importSummary({ ok: true, merged: [], ...counts })).toBe(text);
  });
});
