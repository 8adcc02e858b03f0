import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicBoard } from '../../shared/boards';
import { seededBoards } from '../test/boards-fixture';
import { renderHook } from '@testing-library/react';
import { BOARDS_CACHE, boardOf, fetchBoards, keepBoardsForOffline, moviesOf, useBoards } from './boards-store';

const answers = vi.hoisted(() => ({ next: [] as unknown[], urls: [] as string[] }));

// The one seam the store reads through: lib/static-json's loader (null = a logged failure).
vi.mock('./static-json', () => ({
  loadStaticJson: (url: string) => {
    answers.urls.push(url);
    return Promise.resolve(answers.next.shift() ?? null);
  },
}));

describe('the published boards store', () => {
  it('forgets a failed load (no boards) so the next call asks again, then keeps the answer newest first', async () => {
    const boards = seededBoards();
    answers.next = [null, { items: [...boards].reverse() }];
    expect(await fetchBoards()).toEqual([]);
    const loaded = await fetchBoards();
    expect(loaded.map((board) => board.year)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018]);
    expect(await fetchBoards()).toBe(loaded);
    expect(answers.urls).toEqual(['/api/boards', '/api/boards']);
  });

  it('gives a page rendered after the load its boards on the first render (no second render that moves the text)', () => {
    // The module's first answer was kept by the test above; a component mounted now reads it at once.
    const renders: boolean[] = [];
    renderHook(() => {
      const { boards, isPending } = useBoards();
      renders.push(isPending);
      return boards;
    });
    expect(renders[0]).toBe(false);
    expect(renders.every((pending) => !pending)).toBe(true);
  });

  it('finds a year’s board, and none for a year that is not published', () => {
    const boards = seededBoards();
    expect(boardOf(boards, 2019).map((movie) => movie.year)).toEqual(Array.from({ length: 25 }, () => 2019));
    expect(boardOf(boards, 2026)).toEqual([]);
  });

  it('lists every movie once, oldest board first, a movie on two boards with the first', () => {
    const [newest, ...rest] = seededBoards();
    const reused = rest.at(-1)?.movies[0];
    if (newest === undefined || reused === undefined) throw new Error('The seed has boards');
    const withReuse: PublicBoard = { year: 2026, publishedAt: '2026-05-01T00:00:00.000Z', movies: [reused, ...newest.movies.slice(1)] };
    const boards = [withReuse, ...rest];
    const movies = moviesOf(boards);
    expect(movies[0]?.id).toBe(reused.id);
    expect(movies.filter((movie) => movie.id === reused.id)).toHaveLength(1);
    expect(movies).toHaveLength(25 * 8 - 1);
    expect(moviesOf(boards)).toBe(movies);
  });
});

describe('keeping the boards for offline use', () => {
  const put = vi.fn((_url: string, _response: Response) => Promise.resolve());
  const open = vi.fn((_name: string) => Promise.resolve({ put }));
  function withWorker(controller: object | null): void {
    vi.stubGlobal('caches', { open });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller } });
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    put.mockClear();
    open.mockClear();
  });

  it('puts the answer where the service worker looks when the page is not controlled yet (a first visit)', async () => {
    withWorker(null);
    const response = new Response('{"items":[]}');
    keepBoardsForOffline(response);
    await vi.waitFor(() => expect(put).toHaveBeenCalledWith('/api/boards', response));
    expect(open).toHaveBeenCalledWith(BOARDS_CACHE);
  });

  it('leaves it to the service worker once it controls the page, and does nothing without one', async () => {
    withWorker({});
    keepBoardsForOffline(new Response('{}'));
    Reflect.deleteProperty(navigator, 'serviceWorker');
    keepBoardsForOffline(new Response('{}'));
    await Promise.resolve();
    expect(open).not.toHaveBeenCalled();
  });
});
