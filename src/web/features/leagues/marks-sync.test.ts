import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAGUE_LIMITS, getMe as sharedGetMe, putMarks as sharedPutMarks } from '../../../shared/leagues';
import { ApiError } from '../../lib/api-client';
import type * as ApiClient from '../../lib/api-client';
import type * as BoardsStore from '../../lib/boards-store';
import { fakeApi } from '../../test/fake-api';
import { watchedStore } from '../../lib/watched-store';
import { fictionalBoard } from './league-fakes';
import { clearQueue, compact, marksBetween, queueStore, watchMarks } from './marks-queue';
import {
  CHANGES_PER_REQUEST,
  forgetPlayerHere,
  mergedSeenList,
  RETRY_DELAYS_MS,
  startMarksSync,
  stopMarksSync,
  syncNow,
} from './marks-sync';
import { isPlayer, notePlayer, playerStore } from './player-note';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: (await import('../../test/fake-api')).fakeApi.callApi,
}));

// Two published boards of made-up films; anything else is an id of no published board.
let boards = [fictionalBoard(2031), fictionalBoard(2030)];
vi.mock('../../lib/boards-store', async (importOriginal) => ({
  ...(await importOriginal<typeof BoardsStore>()),
  fetchBoards: () => Promise.resolve(boards),
  refreshBoards: () => Promise.resolve(),
}));

const NOW = Date.parse('2030-05-10T12:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();

/** The server's side of PUT /api/me/marks and GET /api/me: per movie the latest change wins. */
function fakeServer(initial: Record<string, { seen: boolean; at: number }> = {}) {
  const marks = new Map(Object.entries(initial));
  const requests: { movieId: string; seen: boolean; at: string }[][] = [];
  const seen = () => [...marks].filter(([, mark]) => mark.seen).map(([id]) => id);
  fakeApi.on(sharedPutMarks, ({ body }) => {
    const { changes } = body as { changes: { movieId: string; seen: boolean; at: string }[] };
    requests.push(changes);
    for (const change of changes) {
      const at = Date.parse(change.at);
      const kept = marks.get(change.movieId);
      if (kept === undefined || at >= kept.at) marks.set(change.movieId, { seen: change.seen, at });
    }
    return { marks: seen() };
  });
  fakeApi.on(sharedGetMe, () => ({ player: { id: 'p1', createdAt: iso(NOW) }, marks: seen(), leagues: [] }));
  return { marks, requests, seen };
}

/**
 * Waits for `check` to pass while only promises settle: the clock stands still (vi.waitFor would
 * move the fake clock, and with it the times sent and the retries).
 */
async function until(check: () => void): Promise<void> {
  for (let round = 0; round < 200; round++) {
    try {
      check();
      return;
    } catch {
      await vi.advanceTimersByTimeAsync(0);
    }
  }
  check();
}

beforeEach(() => {
  fakeApi.reset();
  boards = [fictionalBoard(2031), fictionalBoard(2030)];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  stopMarksSync();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const toggle = (id: string) => watchedStore.set((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

describe('the marks queue', () => {
  it('keeps one change per movie, the latest', () => {
    const queued = compact(
      [
        { movieId: 'a', seen: true, at: 1 },
        { movieId: 'b', seen: true, at: 1 },
      ],
      [
        { movieId: 'a', seen: false, at: 3 },
        { movieId: 'b', seen: false, at: 0 },
        { movieId: 'c', seen: true, at: 2 },
      ],
    );
    expect(queued).toEqual([
      { movieId: 'a', seen: false, at: 3 },
      { movieId: 'b', seen: true, at: 1 },
      { movieId: 'c', seen: true, at: 2 },
    ]);
  });

  it('reads seen and unseen from two seen lists', () => {
    expect(marksBetween(['a', 'b'], ['b', 'c'], 7)).toEqual([
      { movieId: 'c', seen: true, at: 7 },
      { movieId: 'a', seen: false, at: 7 },
    ]);
  });

  it('queues nothing while the browser is no player; once it is one, every mark it has and every change', () => {
    const queued = vi.fn();
    const unwatch = watchMarks(queued);
    toggle('2030-3');
    expect(queueStore.get().changes).toEqual([]);
    notePlayer([]);
    toggle('2030-4');
    expect(queueStore.get().changes).toEqual([
      { movieId: '2030-3', seen: true, at: NOW },
      { movieId: '2030-4', seen: true, at: NOW },
    ]);
    vi.setSystemTime(NOW + 1000);
    toggle('2030-4');
    toggle('2030-5');
    expect(queueStore.get().changes).toEqual([
      { movieId: '2030-3', seen: true, at: NOW },
      { movieId: '2030-4', seen: false, at: NOW + 1000 },
      { movieId: '2030-5', seen: true, at: NOW + 1000 },
    ]);
    expect(queued).toHaveBeenCalledTimes(3);
    // Persisted: another page load reads the same queue.
    expect(JSON.parse(window.localStorage.getItem('mingoMarksQueue') ?? 'null')).toEqual(queueStore.get());
    unwatch();
  });

  it('queues at its start what changed before the sync’s code had loaded', async () => {
    const server = fakeServer();
    watchedStore.set(['2030-2']);
    notePlayer([]);
    queueStore.set({ base: ['2030-1'], changes: [] });
    startMarksSync();
    await until(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toEqual([
      { movieId: '2030-2', seen: true, at: iso(NOW) },
      { movieId: '2030-1', seen: false, at: iso(NOW) },
    ]);
  });

  it('sends at most the contract’s number of changes a request', () => {
    expect(CHANGES_PER_REQUEST).toBe(LEAGUE_LIMITS.changesMax);
  });
});

describe('the marks sync', () => {
  it('uploads every mark the browser had as seen on the first sync, and keeps ids of no published board on the device', async () => {
    const server = fakeServer({ '2031-7': { seen: true, at: NOW - 60_000 } });
    watchedStore.set(['2030-0', 'retired-film', '2031-1']);
    notePlayer([]);
    startMarksSync();
    await until(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toEqual([
      { movieId: '2030-0', seen: true, at: iso(NOW) },
      { movieId: '2031-1', seen: true, at: iso(NOW) },
    ]);
    // The server's marks come back; the id it does not know stays on the device.
    await until(() => expect(watchedStore.get()).toEqual(['2030-0', 'retired-film', '2031-1', '2031-7']));
    expect(queueStore.get().changes).toEqual([]);
    // The first sync happens once.
    toggle('2030-2');
    await until(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]).toEqual([{ movieId: '2030-2', seen: true, at: iso(NOW) }]);
  });

  it('queues changes offline and sends them when the browser is back online', async () => {
    const server = fakeServer();
    notePlayer([]);
    queueStore.set({ base: [], changes: [] });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startMarksSync();
    toggle('2030-3');
    toggle('2031-4');
    toggle('2030-3');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fakeApi.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(queueStore.get().changes).toHaveLength(2);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await until(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toEqual([
      { movieId: '2030-3', seen: false, at: iso(NOW) },
      { movieId: '2031-4', seen: true, at: iso(NOW) },
    ]);
    await until(() => expect(queueStore.get().changes).toEqual([]));
    expect(watchedStore.get()).toEqual(['2031-4']);
  });

  it('tries again later after a failure, waiting longer each time, and loses nothing', async () => {
    const server = fakeServer();
    notePlayer([]);
    queueStore.set({ base: [], changes: [] });
    let failures = 2;
    fakeApi.on(sharedPutMarks, (request) => {
      if (failures-- > 0) throw new ApiError(503, 'service_unavailable', 'Try again.');
      server.requests.push([]);
      return { marks: (request.body as { changes: { movieId: string }[] }).changes.map((change) => change.movieId) };
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const puts = () => fakeApi.calls.filter((call) => call.method === 'PUT').length;
    startMarksSync();
    await until(() => expect(fakeApi.calls).toHaveLength(1)); // GET /api/me
    toggle('2030-6');
    await until(() => expect(warn).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] - 1);
    expect(puts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => expect(puts()).toBe(2));
    // The second failure waits longer.
    await until(() => expect(warn).toHaveBeenCalledTimes(2));
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] - 1);
    expect(puts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => expect(queueStore.get().changes).toEqual([]));
    expect(puts()).toBe(3);
    expect(watchedStore.get()).toEqual(['2030-6']);
  });

  it('sends a long queue in requests of at most 500 changes', async () => {
    boards = Array.from({ length: 25 }, (_, index) => fictionalBoard(2000 + index));
    const server = fakeServer();
    const ids = boards.flatMap((board) => board.movies.map((movie) => movie.id));
    watchedStore.set(ids);
    notePlayer([]);
    await syncNow();
    expect(server.requests.map((request) => request.length)).toEqual([500, 125]);
    expect(new Set(watchedStore.get())).toEqual(new Set(ids));
  });

  it('keeps a change made while the request was out', () => {
    const published = new Set(['a', 'b', 'c']);
    expect(mergedSeenList(['a', 'x'], ['b'], published, [{ movieId: 'c', seen: true, at: 1 }])).toEqual(['x', 'b', 'c']);
    expect(mergedSeenList(['a', 'b'], ['a', 'b'], published, [{ movieId: 'a', seen: false, at: 1 }])).toEqual(['b']);
  });

  it('shows the same board as the other device on start, with what this one queued on top', async () => {
    fakeServer({ '2030-8': { seen: true, at: NOW - 1 }, '2030-9': { seen: true, at: NOW - 1 } });
    watchedStore.set(['2030-1', 'imported-film']);
    notePlayer([]);
    queueStore.set({ base: ['2030-1', 'imported-film'], changes: [{ movieId: '2030-1', seen: true, at: NOW - 5 }] });
    startMarksSync();
    await until(() => expect(new Set(watchedStore.get())).toEqual(new Set(['2030-1', 'imported-film', '2030-8', '2030-9'])));
  });

  it('forgets the player, not the marks, when the server does not know this browser', async () => {
    fakeApi.on(sharedGetMe, () => {
      throw new ApiError(404, 'not_found', 'No player.');
    });
    watchedStore.set(['2030-1']);
    notePlayer([{ code: 'ABC234', name: 'Film Friends' }]);
    queueStore.set({ base: ['2030-1'], changes: [{ movieId: '2030-2', seen: true, at: NOW }] });
    startMarksSync();
    await until(() => expect(isPlayer()).toBe(false));
    expect(queueStore.get()).toEqual({ base: [], changes: [] });
    expect(watchedStore.get()).toEqual(['2030-1']);
    expect(fakeApi.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('Forget me on this device clears the note and the queue and keeps the seen list', () => {
    watchedStore.set(['2030-1']);
    notePlayer([]);
    queueStore.set({ base: ['2030-1'], changes: [{ movieId: '2030-2', seen: true, at: NOW }] });
    forgetPlayerHere();
    expect(playerStore.get()).toBeNull();
    expect(queueStore.get().changes).toEqual([]);
    expect(watchedStore.get()).toEqual(['2030-1']);
    clearQueue();
  });
});
