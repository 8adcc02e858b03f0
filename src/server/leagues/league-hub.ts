import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { LeagueEvent } from '../../shared/leagues';
import type { LeagueReads } from './league-reads';
import type { LeagueSignals } from './league-signals';

/**
 * The live side of leagues (DESIGN §10, decisions 082 and 083). Each process subscribes once to
 * the league signals (ids only: `<league>:<event id>`, or `<league>:s` when a community league's
 * standings moved) and fans out to its own subscribers. State lives in PostgreSQL alone: a process
 * reads the events it was told of from the durable log, so none keeps anything another one needs.
 *
 * - One delivery loop per process: each round reads the log of every league that was signalled,
 *   and the replays of the streams that just opened, in ONE query; serializes each event once
 *   and writes the same bytes to every subscriber that has not had it (`lastSent`). A replay runs
 *   in the round that adds its stream to the league, so nothing falls between replay and live.
 * - Events commit in their numbers' order (the league row's lock), so "everything after n" is
 *   complete. A stream too far behind, with no Last-Event-ID, or dropped for reading too slowly
 *   gets a `reset` with the whole state instead.
 * - Community leagues: standings go out at most once per STANDINGS_MS tick (the next tick is set
 *   once a tick's messages are written, so two are never closer), ranked once per tick for all
 *   subscribers; each subscriber's own place is appended to the shared bytes.
 * - Costs per connection: no timer (one shared heartbeat interval, written in slices to the
 *   streams that had nothing for half a heartbeat; one standings timer), no buffer beyond
 *   MAX_BUFFERED_BYTES (a reader that stops reading is dropped and resumes later).
 * - While the signal subscription is down, notices can be missed: each heartbeat tick then reads
 *   every league, and a reconnect does at once.
 */
export const HEARTBEAT_MS = 25_000;
export const STANDINGS_MS = 1_000;
/**
 * Community standings messages a process writes per second at most: a tick's messages go to every
 * subscriber, so a league with more subscribers than this gets them less often (10,000 subscribers
 * on one process: one every 2 s). Each write is a syscall; decision 083 measured their cost.
 */
export const STANDINGS_WRITES_PER_SECOND = 5_000;
/** The reconnection delay a stream tells EventSource; at shutdown, a spread of delays instead. */
export const RETRY_MS = 2_000;
/** A subscriber whose unsent bytes pass this is dropped; it resumes with a reset. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** A stream asking to resume further back than this many events gets the whole state instead. */
export const MAX_REPLAY = 500;
/** Events read in one round (all leagues); more are read in the next. */
const MAX_ROUND_EVENTS = 5_000;
/** Messages (standings, heartbeats) written between two turns of the event loop: a tick of 10,000 does not hold up the requests. */
const WRITE_SLICE = 100;
/** How much earlier than a tick's length the next tick may find a subscriber's last message (timers' clocks differ). */
const TICK_EARLY_MS = 20;
/** Members recently dropped for reading too slowly, remembered for a reset on their return. */
const MAX_DROPPED = 10_000;

export type StreamLimits = { perPlayer: number; perAddress: number };

type Subscriber = {
  res: ServerResponse;
  leagueId: string;
  playerId: string;
  memberId: string;
  address: string;
  /** The id of the last logged event written to this subscriber. */
  lastSent: number;
  /** When anything was last written to it: a stream that had bytes within half a heartbeat needs no heartbeat comment. */
  writtenAt: number;
  /** The last standings message written to it: when, its leaders' bytes, and its own place's rank and time. */
  standingsAt: number;
  standingsPrefix?: Buffer;
  youRank?: number;
  youMovedAt?: number;
};

type Channel = {
  leagueId: string;
  community: boolean;
  subscribers: Set<Subscriber>;
  /** The last event id read from the log for live delivery (undefined until the first round). */
  lastId: number | undefined;
  /** A signal arrived: read the log after lastId in the next round. */
  dirty: boolean;
  /** A community league's standings moved since the last tick. */
  standingsDirty: boolean;
  /** The last leaders sent (`shared`, and as the frame's first bytes, `prefix`: the same Buffer while they stay). */
  standings?: { shared: string; prefix: Buffer };
  /** Streams still waiting for their first round: the channel stays while there are any. */
  joining: number;
};

type Joiner = { subscriber: Subscriber; channel: Channel; lastEventId: number | undefined; done: () => void };

export type LeagueHub = {
  /**
   * Starts a stream on `res` for a member: the events after `lastEventId` (or a reset), then
   * live. Resolves once its first round wrote the replay. `res` has sent its headers, with a body
   * that ends with the connection (no chunked framing: the hub writes to its socket).
   */
  subscribe: (input: {
    leagueId: string;
    community: boolean;
    playerId: string;
    memberId: string;
    address: string;
    lastEventId: number | undefined;
    res: ServerResponse;
  }) => Promise<void>;
  /** Whether one more stream may open here for this player from this address (the per-player and per-address caps). */
  canOpen: (playerId: string, address: string) => boolean;
  /** Open streams on this process. */
  size: () => number;
  /** Runs a delivery round for every league with subscribers (tests; the ticks do it when the subscription is down). */
  poll: () => Promise<void>;
  /** Ends every stream with a retry hint spread over a few seconds, and stops listening. */
  close: () => Promise<void>;
};

/**
 * Where a stream's bytes go: its socket, straight. The route sends a stream's headers with
 * `connection: close` and no chunked framing (the body ends with the connection), so its bytes
 * need no framing and skip the response's per-write work (`subscribe`).
 */
function outOf(res: ServerResponse): Pick<Writable, 'write' | 'cork' | 'uncork'> {
  return res.socket ?? res;
}

/** One event as its stream frame. */
export function frameOf(event: LeagueEvent): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

function count(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

export async function createLeagueHub(options: {
  reads: LeagueReads;
  signals: LeagueSignals;
  log: FastifyBaseLogger;
  limits: StreamLimits;
  heartbeatMs?: number;
  standingsMs?: number;
  /** Spreads the reconnection of a closing process's clients (ms). */
  shutdownRetryMs?: () => number;
  /** Lets the event loop turn between slices of a tick's writes (tests with a fake clock pass their own). */
  pause?: () => Promise<void>;
}): Promise<LeagueHub> {
  const { reads, log, limits } = options;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const tickMs = options.standingsMs ?? STANDINGS_MS;
  const channels = new Map<string, Channel>();
  const perPlayer = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const dropped = new Set<string>();
  let joiners: Joiner[] = [];
  let listening = false;
  let closed = false;
  let running = false;
  let again = false;
  let idle: Promise<void> = Promise.resolve();

  const markDropped = (memberId: string): void => {
    dropped.add(memberId);
    if (dropped.size > MAX_DROPPED) dropped.delete(dropped.values().next().value ?? '');
  };

  const write = (subscriber: Subscriber, text: string): void => {
    const { res } = subscriber;
    if (res.writableEnded || res.destroyed) return;
    subscriber.writtenAt = Date.now();
    outOf(res).write(text);
    // A reader that stopped reading is cut rather than buffered for without bound.
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      markDropped(subscriber.memberId);
      res.destroy();
    }
  };

  const end = (subscriber: Subscriber): void => {
    if (!subscriber.res.writableEnded) subscriber.res.end();
  };

  const dropIfIdle = (channel: Channel): void => {
    if (channel.subscribers.size === 0 && channel.joining === 0 && channels.get(channel.leagueId) === channel)
      channels.delete(channel.leagueId);
  };

  /** Writes `event` to the subscribers that have not had it; ends the streams it closes. */
  const deliver = (event: LeagueEvent, targets: Iterable<Subscriber>): void => {
    let frame: string | undefined;
    for (const subscriber of targets) {
      if (subscriber.lastSent >= event.id) continue;
      frame ??= frameOf(event);
      write(subscriber, frame);
      subscriber.lastSent = event.id;
      if (event.name === 'closed') end(subscriber);
      if (event.name === 'member' && event.data.action !== 'joined' && event.data.memberId === subscriber.memberId) end(subscriber);
    }
  };

  /** One round: resets for the streams that need one, then one read of every league's new events. */
  const round = async (): Promise<void> => {
    const joining = joiners;
    joiners = [];
    const signalled = [...channels.values()].filter((channel) => channel.dirty);
    for (const channel of signalled) channel.dirty = false;

    // Streams that cannot resume by replay get the league's state instead.
    const lastIds = await reads.lastEventIds([...new Set(joining.map((joiner) => joiner.channel.leagueId))]);
    const states = new Map<string, Awaited<ReturnType<LeagueReads['leagueState']>>>();
    const from = new Map<string, number>();
    const startFrom = (leagueId: string, id: number) => from.set(leagueId, Math.min(from.get(leagueId) ?? Infinity, id));
    for (const joiner of joining) {
      const { subscriber, channel, lastEventId } = joiner;
      const last = lastIds.get(channel.leagueId);
      if (last === undefined) {
        end(subscriber); // closed meanwhile
        continue;
      }
      const resume =
        lastEventId !== undefined && lastEventId <= last && last - lastEventId <= MAX_REPLAY && !dropped.delete(subscriber.memberId);
      if (resume) {
        subscriber.lastSent = lastEventId;
      } else {
        const state = states.get(channel.leagueId) ?? (await reads.leagueState(channel.leagueId));
        states.set(channel.leagueId, state);
        write(subscriber, frameOf({ id: state.lastEventId, name: 'reset', data: { reason: 'gap', league: state } }));
        subscriber.lastSent = state.lastEventId;
      }
      channel.lastId ??= subscriber.lastSent;
      startFrom(channel.leagueId, subscriber.lastSent);
    }
    // A league is read from its channel's position too: a replay must not move that position past
    // events its other subscribers have not had yet.
    for (const channel of [...signalled, ...joining.map((joiner) => joiner.channel)]) {
      if (channel.lastId !== undefined) startFrom(channel.leagueId, channel.lastId);
    }

    const { events, complete } = await reads.eventsAfter(from, MAX_ROUND_EVENTS);
    for (const [leagueId, list] of events) {
      const channel = channels.get(leagueId);
      if (channel === undefined) continue;
      const targets = [
        ...channel.subscribers,
        ...joining.filter((joiner) => joiner.channel === channel).map((joiner) => joiner.subscriber),
      ];
      for (const event of list) deliver(event, targets);
      channel.lastId = Math.max(channel.lastId ?? 0, list.at(-1)?.id ?? 0);
    }
    if (!complete) {
      for (const leagueId of from.keys()) {
        const channel = channels.get(leagueId);
        if (channel !== undefined) channel.dirty = true;
      }
      again = true;
    }
    for (const { subscriber, channel } of joining) {
      if (!subscriber.res.writableEnded && !subscriber.res.destroyed) {
        channel.subscribers.add(subscriber);
        // Its standings come with the next tick (its page has them from the league's read).
        if (channel.community) channel.standingsDirty = true;
      }
    }
  };

  const finish = (joining: readonly Joiner[]): void => {
    for (const joiner of joining) {
      joiner.channel.joining -= 1;
      dropIfIdle(joiner.channel);
      joiner.done();
    }
  };

  /** Runs rounds until nothing is signalled or waiting (one loop per process). */
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return idle;
    }
    running = true;
    idle = (async () => {
      do {
        again = false;
        const joining = joiners;
        try {
          await round();
        } catch (error) {
          log.error({ err: error }, 'league events: delivery round failed');
          // Their streams end; EventSource opens them again.
          for (const joiner of joining) end(joiner.subscriber);
        } finally {
          finish(joining);
        }
      } while ((again || joiners.length > 0) && !closed);
      running = false;
    })();
    return idle;
  };

  /** A standings message: the leaders' bytes shared by every subscriber, then the subscriber's own place. */
  function writeStandings(subscriber: Subscriber, prefix: Buffer, own: string): void {
    const { res } = subscriber;
    if (res.writableEnded || res.destroyed) return;
    subscriber.standingsAt = Date.now();
    subscriber.writtenAt = subscriber.standingsAt;
    subscriber.standingsPrefix = prefix;
    // One write system call for both parts; the shared bytes are not copied.
    const out = outOf(res);
    out.cork();
    out.write(prefix);
    out.write(`${own}}\n\n`);
    out.uncork();
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      markDropped(subscriber.memberId);
      res.destroy();
    }
  }

  /**
   * Community leagues whose standings moved: ranked once, written to every subscriber whose
   * message changed (no `id:` line: they are not logged). Resolves to the number of messages written.
   */
  const sendStandings = async (): Promise<number> => {
    let written = 0;
    for (const channel of channels.values()) {
      if (!channel.community || !channel.standingsDirty || channel.subscribers.size === 0) continue;
      channel.standingsDirty = false;
      try {
        const standings = await reads.communityStandings(channel.leagueId);
        const json = JSON.stringify({ top: standings.top, memberCount: standings.memberCount });
        const shared = `${json.slice(0, -1)},`;
        const previous = channel.standings;
        const prefix = previous?.shared === shared ? previous.prefix : Buffer.from(`event: standing\ndata: ${shared}"you":`);
        channel.standings = { shared, prefix };
        const now = Date.now();
        let slice = 0;
        // Nothing of the tick outlives it but the shared Buffer and two numbers per subscriber: the
        // rows and places die young instead of filling the old generation every second.
        for (const subscriber of channel.subscribers) {
          // Other work (a mark's request, a delivery round) runs between slices of the places and writes.
          if (++slice % WRITE_SLICE === 0) await pause();
          const { memberId } = subscriber;
          const rank = standings.rankOf(memberId);
          const movedAt = standings.movedAtOf(memberId);
          // Nothing new for this one: the leaders and its own place are what it was last sent.
          if (subscriber.standingsPrefix === prefix && subscriber.youRank === rank && subscriber.youMovedAt === movedAt) continue;
          // Sent one less than a tick ago: the next tick brings this.
          if (now - subscriber.standingsAt < tickMs - TICK_EARLY_MS) {
            channel.standingsDirty = true;
            continue;
          }
          const place = standings.placeOf(memberId);
          subscriber.youRank = rank;
          subscriber.youMovedAt = movedAt;
          writeStandings(subscriber, prefix, place === undefined ? 'null' : JSON.stringify(place));
          written += 1;
        }
      } catch (error) {
        channel.standingsDirty = true;
        log.error({ err: error, leagueId: channel.leagueId }, 'league events: standings failed');
      }
    }
    return written;
  };

  const stopListening = await options.signals.listen({
    onNotify: (message) => {
      const [leagueId = '', what = ''] = message.split(':');
      const channel = channels.get(leagueId);
      if (channel === undefined) return;
      if (what === 's') {
        channel.standingsDirty = true;
      } else if (Number(what) > (channel.lastId ?? -1)) {
        channel.dirty = true;
        void kick();
      }
    },
    onConnected: (connected) => {
      listening = connected;
      if (!connected) {
        log.warn('league events: signal subscription down; reading every league on each tick until it is back');
        return;
      }
      for (const channel of channels.values()) {
        channel.dirty = true;
        channel.standingsDirty = true;
      }
      void kick();
    },
  });

  /**
   * The heartbeat tick: a comment to every stream that had nothing for half a heartbeat (so none is
   * silent longer than 1.5 heartbeats, well inside nginx's read timeout), written in slices like
   * the standings. A community league's subscribers, sent standings every tick or two, get none.
   */
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const beat = async (): Promise<void> => {
    const quietSince = Date.now() - heartbeatMs / 2;
    if (!listening) {
      for (const channel of channels.values()) {
        channel.dirty = true;
        channel.standingsDirty = true;
      }
      void kick();
    }
    let slice = 0;
    for (const channel of [...channels.values()]) {
      for (const subscriber of [...channel.subscribers]) {
        if (subscriber.writtenAt > quietSince) continue;
        if (++slice % WRITE_SLICE === 0) await pause();
        if (closed) return;
        write(subscriber, ': heartbeat\n\n');
      }
    }
  };
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();
  // The next standings tick is set when one has been sent: two messages to one subscriber are
  // always at least STANDINGS_MS apart, however long ranking and writing took.
  let standingsTimer: NodeJS.Timeout | undefined;
  const nextStandings = (written: number): void => {
    // However many subscribers, no more than STANDINGS_WRITES_PER_SECOND messages a second.
    standingsTimer = setTimeout(
      () => {
        sendStandings().then(
          (count) => !closed && nextStandings(count),
          () => !closed && nextStandings(0),
        );
      },
      Math.max(tickMs, Math.ceil((written * 1_000) / STANDINGS_WRITES_PER_SECOND)),
    );
    standingsTimer.unref();
  };
  nextStandings(0);

  return {
    canOpen: (playerId, address) =>
      !closed && (perPlayer.get(playerId) ?? 0) < limits.perPlayer && (perAddress.get(address) ?? 0) < limits.perAddress,

    size: () => [...channels.values()].reduce((sum, channel) => sum + channel.subscribers.size, 0),

    subscribe({ leagueId, community, playerId, memberId, address, lastEventId, res }) {
      let channel = channels.get(leagueId);
      if (channel === undefined) {
        channel = { leagueId, community, subscribers: new Set(), lastId: undefined, dirty: false, standingsDirty: community, joining: 0 };
        channels.set(leagueId, channel);
      }
      const joined = channel;
      const subscriber: Subscriber = {
        res,
        leagueId,
        playerId,
        memberId,
        address,
        lastSent: -1,
        writtenAt: Date.now(),
        standingsAt: -Infinity,
      };
      count(perPlayer, playerId, 1);
      count(perAddress, address, 1);
      joined.joining += 1;
      res.once('close', () => {
        joined.subscribers.delete(subscriber);
        count(perPlayer, playerId, -1);
        count(perAddress, address, -1);
        dropIfIdle(joined);
      });
      outOf(res).write(`retry: ${RETRY_MS}\n\n`);
      return new Promise<void>((resolve) => {
        joiners.push({ subscriber, channel: joined, lastEventId, done: resolve });
        void kick();
      });
    },

    async poll() {
      for (const channel of channels.values()) channel.dirty = true;
      await kick();
      await sendStandings();
    },

    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(standingsTimer);
      await stopListening();
      await idle;
      const spread = options.shutdownRetryMs ?? (() => 1_000 + Math.floor(Math.random() * 4_000));
      for (const channel of channels.values()) {
        for (const subscriber of channel.subscribers) {
          write(subscriber, `retry: ${spread()}\n\n`);
          end(subscriber);
        }
      }
      for (const joiner of joiners) end(joiner.subscriber);
      finish(joiners);
      joiners = [];
      channels.clear();
    },
  };
}
