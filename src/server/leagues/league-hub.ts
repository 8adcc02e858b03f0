import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { LeagueEvent } from '../../shared/leagues';
import type { DatabaseHandle } from '../db/database';
import { MAX_REPLAY, type LeagueService } from './league-service';

/**
 * The live side of leagues (DESIGN §10): each process LISTENs once on `mingo_league_events`, whose
 * notices carry `<league id>:<event id>` (ids only), and fans the league's new events out to its
 * own subscribers. State lives in PostgreSQL alone: a process reads the events it was told of from
 * the durable log, so no process keeps anything another one needs.
 *
 * - Per league, one task at a time reads the log after the last event it delivered, serializes
 *   each event once and writes the same bytes to every subscriber that has not had it. A new
 *   subscriber's replay (after its Last-Event-ID) runs in the same queue, so nothing it misses
 *   falls between its replay and the live events.
 * - A subscriber too far behind (or with no Last-Event-ID) gets a `reset` with the whole state.
 * - Events commit in their numbers' order (the league row's lock, league-repository.appendEvent),
 *   so "everything after n" is a complete answer.
 * - While the PostgreSQL listener is down, notices can be missed: every heartbeat tick then reads
 *   every league's log, and a reconnect does at once.
 * - One shared heartbeat tick (a comment line every HEARTBEAT_MS) keeps idle connections and
 *   proxies open; no timer per connection.
 */
export const LEAGUE_EVENTS_CHANNEL = 'mingo_league_events';
export const HEARTBEAT_MS = 25_000;
/** The reconnection delay a stream tells EventSource; at shutdown, a spread of delays instead. */
export const RETRY_MS = 2_000;
/** A subscriber whose unsent bytes pass this is dropped: it resumes with Last-Event-ID when it can read again. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** Open streams one player may hold on one process (tabs, devices). */
export const MAX_STREAMS_PER_PLAYER = 10;

type Subscriber = {
  res: ServerResponse;
  playerId: string;
  memberId: string;
  /** The id of the last event written to this subscriber. */
  lastSent: number;
};

type Channel = {
  leagueId: string;
  subscribers: Set<Subscriber>;
  /** The last event id read from the log for this channel's live delivery. */
  lastId: number;
  /** The tail of this league's task queue. */
  queue: Promise<void>;
  /** A notice arrived while a delivery was queued or running: read the log once more. */
  pending: boolean;
  delivering: boolean;
  /** Subscribers still replaying: the channel stays while there are any. */
  joining: number;
};

export type LeagueHub = {
  /**
   * Starts a stream on `res` (headers already sent) for a member: the events after `lastEventId`
   * (or a reset), then live. Resolves once the replay is written.
   */
  subscribe: (input: {
    leagueId: string;
    playerId: string;
    memberId: string;
    lastEventId: number | undefined;
    res: ServerResponse;
  }) => Promise<void>;
  /** Whether this player may open one more stream here. */
  canOpen: (playerId: string) => boolean;
  /** Open streams on this process. */
  size: () => number;
  /** Delivers what the log holds for every league with subscribers (a tick, or tests). */
  poll: () => Promise<void>;
  /** Ends every stream with a retry hint spread over a few seconds, and stops listening. */
  close: () => Promise<void>;
};

/** One event as its stream frame. */
export function frameOf(event: LeagueEvent): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export async function createLeagueHub(options: {
  database: DatabaseHandle;
  service: LeagueService;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  /** Spreads the reconnection of a closing process's clients (ms; tests pass a fixed one). */
  shutdownRetryMs?: () => number;
}): Promise<LeagueHub> {
  const { service, log } = options;
  const channels = new Map<string, Channel>();
  const streamsPerPlayer = new Map<string, number>();
  let listening = false;
  let closed = false;

  const write = (subscriber: Subscriber, text: string): void => {
    if (subscriber.res.writableEnded || subscriber.res.destroyed) return;
    subscriber.res.write(text);
    // A reader that stopped reading is cut rather than buffered for without bound; EventSource
    // resumes with Last-Event-ID once it reads again.
    if (subscriber.res.writableLength > MAX_BUFFERED_BYTES) subscriber.res.destroy();
  };

  const end = (subscriber: Subscriber): void => {
    if (!subscriber.res.writableEnded) subscriber.res.end();
  };

  const enqueue = (channel: Channel, task: () => Promise<void>): Promise<void> => {
    channel.queue = channel.queue.then(task).catch((error: unknown) => {
      log.error({ err: error, leagueId: channel.leagueId }, 'league events: delivery failed');
    });
    return channel.queue;
  };

  /** Writes `event` to the subscribers that have not had it; ends the streams it closes. */
  const deliver = (channel: Channel, event: LeagueEvent, targets: Iterable<Subscriber>): void => {
    const frame = frameOf(event);
    for (const subscriber of targets) {
      if (subscriber.lastSent >= event.id) continue;
      write(subscriber, frame);
      subscriber.lastSent = event.id;
      if (event.name === 'closed') end(subscriber);
      if (event.name === 'member' && event.data.action !== 'joined' && event.data.memberId === subscriber.memberId) end(subscriber);
    }
  };

  /** Reads the log after the channel's last event and delivers it to every subscriber. */
  const drain = async (channel: Channel): Promise<void> => {
    channel.delivering = true;
    try {
      do {
        channel.pending = false;
        const events = await service.eventsAfter(channel.leagueId, channel.lastId);
        for (const event of events) {
          deliver(channel, event, channel.subscribers);
          channel.lastId = event.id;
        }
        if (events.length === MAX_REPLAY) channel.pending = true;
      } while (channel.pending && channel.subscribers.size > 0);
    } finally {
      channel.delivering = false;
    }
  };

  const wake = (channel: Channel): void => {
    channel.pending = true;
    if (channel.delivering) return;
    void enqueue(channel, async () => {
      if (channel.pending) await drain(channel);
    });
  };

  const stopListening = await options.database.listen(LEAGUE_EVENTS_CHANNEL, {
    onNotify: (payload) => {
      const [leagueId = '', eventId = ''] = payload.split(':');
      const channel = channels.get(leagueId);
      if (channel !== undefined && Number(eventId) > channel.lastId) wake(channel);
    },
    onConnected: (connected) => {
      listening = connected;
      if (!connected) {
        log.warn('league events: database listener disconnected; reading every league on each tick until it is back');
        return;
      }
      for (const channel of channels.values()) wake(channel);
    },
  });

  const dropIfIdle = (channel: Channel): void => {
    if (channel.subscribers.size === 0 && channel.joining === 0 && channels.get(channel.leagueId) === channel)
      channels.delete(channel.leagueId);
  };

  /** Once per stream, when its connection closes: it leaves its channel and its player's count. */
  const release = (channel: Channel, subscriber: Subscriber): void => {
    channel.subscribers.delete(subscriber);
    const count = (streamsPerPlayer.get(subscriber.playerId) ?? 1) - 1;
    if (count <= 0) streamsPerPlayer.delete(subscriber.playerId);
    else streamsPerPlayer.set(subscriber.playerId, count);
    dropIfIdle(channel);
  };

  const heartbeat = setInterval(() => {
    for (const channel of channels.values()) {
      for (const subscriber of channel.subscribers) write(subscriber, ': heartbeat\n\n');
      if (!listening) wake(channel);
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    canOpen: (playerId) => !closed && (streamsPerPlayer.get(playerId) ?? 0) < MAX_STREAMS_PER_PLAYER,

    size: () => [...channels.values()].reduce((sum, channel) => sum + channel.subscribers.size, 0),

    async subscribe({ leagueId, playerId, memberId, lastEventId, res }) {
      let channel = channels.get(leagueId);
      if (channel === undefined) {
        // A new channel delivers live from the log's current end; its first subscriber replays what it needs.
        channel = {
          leagueId,
          subscribers: new Set(),
          lastId: (await service.lastEventId(leagueId)) ?? 0,
          queue: Promise.resolve(),
          pending: false,
          delivering: false,
          joining: 0,
        };
        const existing = channels.get(leagueId);
        if (existing === undefined) channels.set(leagueId, channel);
        else channel = existing;
      }
      const subscriber: Subscriber = { res, playerId, memberId, lastSent: lastEventId ?? -1 };
      streamsPerPlayer.set(playerId, (streamsPerPlayer.get(playerId) ?? 0) + 1);
      const joined = channel;
      joined.joining += 1;
      res.once('close', () => release(joined, subscriber));
      res.write(`retry: ${RETRY_MS}\n\n`);
      await enqueue(joined, async () => {
        if (res.destroyed) return;
        const last = (await service.lastEventId(leagueId)) ?? 0;
        const behind = lastEventId === undefined ? Infinity : last - lastEventId;
        if (behind < 0 || behind > MAX_REPLAY) {
          // No Last-Event-ID, one from another league's numbering, or too far back: the whole state.
          const league = await service.leagueState(leagueId);
          write(subscriber, frameOf({ id: league.lastEventId, name: 'reset', data: { reason: 'gap', league } }));
          subscriber.lastSent = league.lastEventId;
        } else {
          let events: LeagueEvent[];
          do {
            events = await service.eventsAfter(leagueId, subscriber.lastSent);
            for (const event of events) deliver(joined, event, [subscriber]);
          } while (events.length === MAX_REPLAY && !res.writableEnded);
        }
        // Live delivery goes on from the channel's own position: what this replay read beyond it
        // is skipped for this subscriber by its lastSent. A stream the replay ended (a removed
        // member, a closed league) is not kept.
        if (!res.writableEnded && !res.destroyed) joined.subscribers.add(subscriber);
      }).finally(() => {
        joined.joining -= 1;
        dropIfIdle(joined);
      });
    },

    async poll() {
      await Promise.all([...channels.values()].map((channel) => enqueue(channel, () => drain(channel))));
    },

    async close() {
      closed = true;
      clearInterval(heartbeat);
      await stopListening();
      const spread = options.shutdownRetryMs ?? (() => 1_000 + Math.floor(Math.random() * 4_000));
      for (const channel of channels.values()) {
        for (const subscriber of channel.subscribers) {
          write(subscriber, `retry: ${spread()}\n\n`);
          end(subscriber);
        }
      }
      channels.clear();
      streamsPerPlayer.clear();
    },
  };
}
