import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeagueEvent, LeagueState, MemberState, You } from '../../shared/leagues';
import { createLeagueHub, HEARTBEAT_MS, MAX_BUFFERED_BYTES, STANDINGS_MS, STANDINGS_WRITES_PER_SECOND, type LeagueHub } from './league-hub';
import type { CommunityStandings, LeagueReads } from './league-reads';
import type { LeagueSignals } from './league-signals';
import { memberState } from '../../../tests/support/league-members';

/**
 * The hub alone, over an in-memory log and a hand-driven signal subscription, with vitest's fake
 * clock: what one process writes to its streams (DESIGN §10, decision 083).
 */

/** A response a test can read and stop reading: writes pile up in `writableLength` while `reading` is off. */
class FakeResponse extends EventEmitter {
  text = '';
  reading = true;
  writableLength = 0;
  writableEnded = false;
  destroyed = false;

  write(chunk: string | Buffer): boolean {
    this.text += chunk.toString();
    if (!this.reading) this.writableLength += Buffer.byteLength(chunk);
    return this.reading;
  }

  cork(): void {}

  uncork(): void {}

  end(): void {
    this.writableEnded = true;
    this.emit('close');
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }

  /** The events written so far (name, id, data), heartbeats and retry lines left out. */
  events(): { name: string; id: number | undefined; data: unknown }[] {
    return this.text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => {
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const id = field('id');
        return {
          name: field('event') ?? 'message',
          id: id === undefined ? undefined : Number(id),
          data: JSON.parse(field('data') ?? 'null'),
        };
      });
  }
}

const asResponse = (fake: FakeResponse) => fake as unknown as ServerResponse; // the hub uses only what FakeResponse has

const member = (id: string, rank: number): MemberState & { rank: number } => ({ ...memberState(id, { seen: 24 - rank }), rank });

/** An in-memory log of leagues, read as league-reads.ts reads the database. */
function fakeReads() {
  const log = new Map<string, LeagueEvent[]>();
  const calls = { standings: 0, eventsAfter: 0 };
  const state = (leagueId: string): LeagueState => ({
    code: 'ABC234',
    name: leagueId,
    year: 2025,
    community: leagueId.startsWith('community'),
    memberCount: 0,
    members: [],
    draw: null,
    feed: [],
    lastEventId: log.get(leagueId)?.at(-1)?.id ?? 0,
  });
  let ranks: string[] = [];
  const reads = {
    lastEventIds: async (ids: readonly string[]) => new Map(ids.map((id) => [id, log.get(id)?.at(-1)?.id ?? 0])),
    leagueState: async (leagueId: string) => state(leagueId),
    eventsAfter: async (after: ReadonlyMap<string, number>) => {
      calls.eventsAfter += 1;
      const events = new Map<string, LeagueEvent[]>();
      for (const [leagueId, from] of after)
        events.set(
          leagueId,
          (log.get(leagueId) ?? []).filter((event) => event.id > from),
        );
      return { events, complete: true };
    },
    communityStandings: async (): Promise<CommunityStandings> => {
      calls.standings += 1;
      const ranked = ranks.map((id, index) => member(id, index + 1));
      // By id, as the real reads index them: a tick of 10,000 subscribers looks each one up three times.
      const byId = new Map(ranked.map((row) => [row.id, row]));
      return {
        top: ranked.slice(0, 20).map(({ marks: _marks, ...rest }) => rest),
        memberCount: ranked.length,
        rankOf: (memberId) => byId.get(memberId)?.rank,
        movedAtOf: (memberId) => {
          const found = byId.get(memberId);
          return found === undefined ? undefined : Date.parse(found.reachedAt);
        },
        placeOf: (memberId) => {
          const found = byId.get(memberId);
          if (found === undefined) return undefined;
          const { marks: _marks, ...rest } = found;
          return rest satisfies You;
        },
      };
    },
  };
  const append = (leagueId: string, name: 'draw' | 'closed' = 'draw'): LeagueEvent => {
    const list = log.get(leagueId) ?? [];
    const id = (list.at(-1)?.id ?? 0) + 1;
    const event: LeagueEvent =
      name === 'closed'
        ? { id, name, data: { by: 'owner' } }
        : {
            id,
            name,
            data: { letter: 'M', number: 1, movieId: 'x'.repeat(200), movieName: `Movie ${id}`, drawnAt: '2026-05-01T00:00:00.000Z' },
          };
    list.push(event);
    log.set(leagueId, list);
    return event;
  };
  return {
    reads: reads as unknown as LeagueReads, // the hub reads only these four
    append,
    calls,
    setRanks: (ids: string[]) => {
      ranks = ids;
    },
  };
}

function fakeSignals() {
  let handlers: { onNotify: (message: string) => void; onConnected: (connected: boolean) => void } | undefined;
  const signals: LeagueSignals = {
    kind: 'postgres',
    beforeCommit: async () => undefined,
    afterCommit: async () => undefined,
    standingsMoved: () => undefined,
    listen: async (given) => {
      handlers = given;
      given.onConnected(true);
      return async () => undefined;
    },
    close: async () => undefined,
  };
  return { signals, notify: (message: string) => handlers?.onNotify(message) };
}

describe('the league hub', () => {
  let hub: LeagueHub;
  let reads: ReturnType<typeof fakeReads>;
  let signals: ReturnType<typeof fakeSignals>;

  beforeEach(async () => {
    vi.useFakeTimers();
    reads = fakeReads();
    signals = fakeSignals();
    hub = await createLeagueHub({
      reads: reads.reads,
      signals: signals.signals,
      log: pino({ level: 'silent' }),
      limits: { perPlayer: 2, perAddress: 3 },
      shutdownRetryMs: () => 3_000,
    });
  });
  afterEach(async () => {
    await hub.close();
    vi.useRealTimers();
  });

  const open = async (leagueId: string, memberId: string, lastEventId?: number, address = `10.0.0.${memberId.length}`) => {
    const res = new FakeResponse();
    await hub.subscribe({
      leagueId,
      community: leagueId.startsWith('community'),
      playerId: memberId,
      memberId,
      address,
      lastEventId,
      res: asResponse(res),
    });
    return res;
  };

  it('sends a community league’s standings at most once a tick, ranked once for every subscriber, however many marks arrive', async () => {
    reads.setRanks(['ana', 'ben', 'cy']);
    const streams = await Promise.all(['ana', 'ben', 'cy'].map((id) => open('community-2025', id, 0)));
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    const first = reads.calls.standings;
    expect(first).toBe(1);
    // A burst: 500 marks within one tick.
    reads.setRanks(['cy', 'ana', 'ben']);
    for (let n = 0; n < 500; n++) signals.notify('community-2025:s');
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    expect(reads.calls.standings).toBe(first + 1);
    for (const [index, id] of ['ana', 'ben', 'cy'].entries()) {
      const standings = streams[index]?.events().filter((event) => event.name === 'standing') ?? [];
      expect(standings).toHaveLength(2);
      expect(standings[1]?.data).toMatchObject({ memberCount: 3, you: { id, rank: { ana: 2, ben: 3, cy: 1 }[id] } });
      expect((standings[1]?.data as { top: { id: string }[] }).top.map((row) => row.id)).toEqual(['cy', 'ana', 'ben']);
      // Not logged: no id, so the stream's Last-Event-ID stays the last logged event's.
      expect(standings[1]?.id).toBeUndefined();
    }
    // Nothing moved: no message in the next ticks.
    await vi.advanceTimersByTimeAsync(3 * STANDINGS_MS);
    expect(reads.calls.standings).toBe(first + 1);
    expect(streams[0]?.events().filter((event) => event.name === 'standing')).toHaveLength(2);
  });

  it('sends a subscriber new standings only when the leaders or its own place moved', async () => {
    reads.setRanks(['ana', 'ben', 'cy', 'dee']);
    const [ana, dee] = await Promise.all(['ana', 'dee'].map((id) => open('community-2025', id, 0)));
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    const count = (stream: FakeResponse | undefined) => stream?.events().filter((event) => event.name === 'standing').length;
    expect([count(ana), count(dee)]).toEqual([1, 1]);
    // A mark that moved nothing anyone here sees.
    signals.notify('community-2025:s');
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    expect([count(ana), count(dee)]).toEqual([1, 1]);
    // The order moves: everyone gets the new leaders.
    reads.setRanks(['ana', 'ben', 'dee', 'cy']);
    signals.notify('community-2025:s');
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    expect([count(ana), count(dee)]).toEqual([2, 2]);
  });

  it('gives a stream that opens between ticks its standings with the next tick, then one a tick at most', async () => {
    reads.setRanks(['ana', 'ben', 'cy']);
    await open('community-2025', 'ana', 0);
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    await vi.advanceTimersByTimeAsync(STANDINGS_MS - 100);
    const ben = await open('community-2025', 'ben', 0);
    const times = () => ben.events().filter((event) => event.name === 'standing').length;
    expect(times()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(times()).toBe(1);
    expect(ben.events().at(-1)?.data).toMatchObject({ you: { id: 'ben', rank: 2 } });
    // The standings move at once: ben's next message comes a tick later, not sooner.
    reads.setRanks(['ben', 'ana', 'cy']);
    signals.notify('community-2025:s');
    await vi.advanceTimersByTimeAsync(STANDINGS_MS - 50);
    expect(times()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(times()).toBe(2);
    expect(ben.events().at(-1)?.data).toMatchObject({ you: { id: 'ben', rank: 1 } });
  });

  it('spreads the ticks of a league with more subscribers than a second’s write budget', async () => {
    await hub.close();
    hub = await createLeagueHub({
      reads: reads.reads,
      signals: signals.signals,
      log: pino({ level: 'silent' }),
      limits: { perPlayer: 1, perAddress: 1 },
      // The writes' slices take no time on the fake clock.
      pause: async () => undefined,
    });
    const members = Array.from({ length: 2 * STANDINGS_WRITES_PER_SECOND }, (_, index) => `m${index}`);
    reads.setRanks(members);
    const streams = await Promise.all(members.map((id) => open('community-2025', id, 0, id)));
    await vi.advanceTimersByTimeAsync(STANDINGS_MS);
    const count = () => streams.filter((stream) => stream.events().filter((event) => event.name === 'standing').length === 2).length;
    reads.setRanks(members.toReversed());
    signals.notify('community-2025:s');
    // Twice the budget was written in the last tick: the next comes two seconds later, not one.
    await vi.advanceTimersByTimeAsync(2 * STANDINGS_MS - 20);
    expect(count()).toBe(0);
    await vi.advanceTimersByTimeAsync(40);
    expect(count()).toBe(members.length);
  }, 60_000);

  it('writes the same bytes of an event to every subscriber and reads the log once for all of them', async () => {
    const streams = await Promise.all(['a', 'b', 'c', 'd'].map((id) => open('friends', id, 0)));
    const before = reads.calls.eventsAfter;
    const event = reads.append('friends');
    signals.notify(`friends:${event.id}`);
    await hub.poll();
    expect(reads.calls.eventsAfter).toBeLessThanOrEqual(before + 2);
    const frames = streams.map((stream) => stream.text.slice(stream.text.indexOf('id: 1')));
    expect(new Set(frames).size).toBe(1);
    expect(streams[0]?.events()).toEqual([{ name: 'draw', id: 1, data: expect.objectContaining({ movieName: 'Movie 1' }) }]);
  });

  it('replays what a stream missed after Last-Event-ID, or sends the whole state when it cannot; a resume after the reset misses nothing', async () => {
    for (let n = 0; n < 3; n++) reads.append('friends');
    const fresh = await open('friends', 'a');
    expect(fresh.events()).toEqual([{ name: 'reset', id: 3, data: expect.objectContaining({ reason: 'gap' }) }]);
    reads.append('friends');
    reads.append('friends');
    const resumed = await open('friends', 'b', 3);
    expect(resumed.events().map((event) => [event.name, event.id])).toEqual([
      ['draw', 4],
      ['draw', 5],
    ]);
    const fromTheFuture = await open('friends', 'c', 99);
    expect(fromTheFuture.events().map((event) => event.name)).toEqual(['reset']);
  });

  it('never writes an event twice, and a replay never moves a league past events its other streams have not had', async () => {
    reads.append('friends');
    const first = await open('friends', 'a', 1);
    // Three events are logged; their signals have not arrived yet.
    for (let n = 0; n < 3; n++) reads.append('friends');
    // A stream resumes after event 3: it gets event 4 only, and the stream already open gets 2, 3 and 4.
    const second = await open('friends', 'b', 3);
    expect(second.events().map((event) => event.id)).toEqual([4]);
    expect(first.events().map((event) => event.id)).toEqual([2, 3, 4]);
    // The late signals change nothing.
    for (const id of [2, 3, 4]) signals.notify(`friends:${id}`);
    await hub.poll();
    expect(first.events().map((event) => event.id)).toEqual([2, 3, 4]);
    expect(second.events().map((event) => event.id)).toEqual([4]);
  });

  it('drops a subscriber that stops reading instead of buffering for it, and gives it a reset when it comes back', async () => {
    const slow = await open('friends', 'slow', 0);
    const quick = await open('friends', 'quick', 0);
    slow.reading = false;
    let sent = 0;
    while (!slow.destroyed && sent < 10_000) {
      const event = reads.append('friends');
      signals.notify(`friends:${event.id}`);
      await hub.poll();
      sent += 1;
    }
    expect(slow.destroyed).toBe(true);
    expect(slow.writableLength).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(slow.writableLength).toBeLessThan(MAX_BUFFERED_BYTES + 1_000);
    expect(quick.destroyed).toBe(false);
    expect(quick.events()).toHaveLength(sent);
    // Back with the id it last read: a reset, not a replay of everything it could not take.
    const lastRead = slow.events().at(-1)?.id ?? 0;
    const back = await open('friends', 'slow', lastRead);
    expect(back.events().map((event) => event.name)).toEqual(['reset']);
    // And the next time it resumes as usual.
    const again = await open('friends', 'slow', sent - 1);
    expect(again.events().map((event) => event.id)).toEqual([sent]);
  });

  it('caps the streams of one player and of one address', async () => {
    const first = await open('friends', 'p1', 0, '10.1.1.1');
    await open('friends', 'p1', 0, '10.1.1.2');
    expect(hub.canOpen('p1', '10.1.1.3')).toBe(false);
    first.destroy();
    expect(hub.canOpen('p1', '10.1.1.3')).toBe(true);
    for (const id of ['x', 'y', 'z']) await open('friends', id, 0, '10.2.2.2');
    expect(hub.canOpen('w', '10.2.2.2')).toBe(false);
    expect(hub.canOpen('w', '10.2.2.3')).toBe(true);
  });

  it('keeps no timer per connection: one heartbeat tick writes a comment to every stream', async () => {
    const timersBefore = vi.getTimerCount();
    const streams = await Promise.all(Array.from({ length: 50 }, (_, n) => open(`league-${n % 5}`, `m${n}`, 0, `10.3.${n}.1`)));
    expect(vi.getTimerCount()).toBe(timersBefore);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(streams.every((stream) => stream.text.endsWith(': heartbeat\n\n'))).toBe(true);
    expect(hub.size()).toBe(50);
  });

  it('skips the heartbeat of a stream that had bytes within half a heartbeat, and leaves none silent for more than 1.5 heartbeats', async () => {
    const beats = (stream: FakeResponse) => stream.text.split(': heartbeat\n\n').length - 1;
    const quiet = await open('quiet', 'q', 0);
    const busy = await open('busy', 'b', 0);
    // An event for the busy stream a little before the tick.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 5_000);
    signals.notify(`busy:${reads.append('busy').id}`);
    await hub.poll();
    await vi.advanceTimersByTimeAsync(5_000);
    expect([beats(quiet), beats(busy)]).toEqual([1, 0]);
    // Nothing since: the next tick, 30 s after the busy stream's event, writes to both.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect([beats(quiet), beats(busy)]).toEqual([2, 1]);
  });

  it('writes a tick’s heartbeats in slices, letting the event loop turn between them', async () => {
    await hub.close();
    let pauses = 0;
    hub = await createLeagueHub({
      reads: reads.reads,
      signals: signals.signals,
      log: pino({ level: 'silent' }),
      limits: { perPlayer: 1, perAddress: 1 },
      pause: async () => {
        pauses += 1;
      },
    });
    const streams = await Promise.all(Array.from({ length: 450 }, (_, n) => open(`league-${n % 3}`, `m${n}`, 0, `m${n}`)));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(streams.every((stream) => stream.text.endsWith(': heartbeat\n\n'))).toBe(true);
    expect(pauses).toBe(4);
  });

  it('ends a closed league’s streams, and every stream with a retry hint when it closes', async () => {
    const member = await open('friends', 'a', 0);
    const other = await open('other', 'b', 0);
    const closed = reads.append('friends', 'closed');
    signals.notify(`friends:${closed.id}`);
    await hub.poll();
    expect(member.writableEnded).toBe(true);
    expect(member.events().at(-1)?.name).toBe('closed');
    await hub.close();
    expect(other.writableEnded).toBe(true);
    expect(other.text.endsWith('retry: 3000\n\n')).toBe(true);
  });
});
