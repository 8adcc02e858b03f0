import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor, NotifyHandlers } from '../db/database';

/**
 * How processes tell each other that a league changed (decision 083). The message is ids only:
 * `<league id>:<event id>` (a new event in the durable log, which stays in PostgreSQL) or
 * `<league id>:s` (a community league's standings moved; they are not logged, see league-hub.ts).
 *
 * - PostgreSQL (default): `NOTIFY mingo_league_events` inside the writing transaction, so it goes
 *   out exactly when the change commits; every process LISTENs on one connection.
 * - Redis (REDIS_URL): PUBLISH after the commit on the same channel name; every process
 *   SUBSCRIBEs on one connection. PostgreSQL then takes no NOTIFY, whose commit-time lock
 *   serialises every notifying transaction of the cluster.
 *
 * Standings signals are not logged and are read fresh on the hubs' next tick, so they leave the
 * writing transaction: a process gathers the leagues whose standings moved and sends each once per
 * STANDINGS_SIGNAL_MS, after the commits (one statement or publish for all of them). A community
 * league's mark then takes no NOTIFY at all, and 300 marks a second make 10 signals, not 300.
 */
export const LEAGUE_SIGNAL_CHANNEL = 'mingo_league_events';
/** How long a process gathers standings signals before it sends them (the hubs tick once a second). */
export const STANDINGS_SIGNAL_MS = 100;

export type LeagueSignals = {
  kind: 'postgres' | 'redis';
  /** Runs inside the writing transaction, last. */
  beforeCommit: (trx: Executor, messages: readonly string[]) => Promise<void>;
  /** Runs once the writing transaction has committed. */
  afterCommit: (messages: readonly string[]) => Promise<void>;
  /** After a commit: these community leagues' standings moved (sent gathered, see STANDINGS_SIGNAL_MS). */
  standingsMoved: (leagueIds: Iterable<string>) => void;
  /** One subscription per process; resolves to a function that stops it. */
  listen: (handlers: NotifyHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** What one writing transaction changed: the last new event per league, and the community leagues whose standings moved. */
export class LeagueChanges {
  private readonly events = new Map<string, number>();
  readonly standings = new Set<string>();

  event(leagueId: string, eventId: number): void {
    this.events.set(leagueId, Math.max(eventId, this.events.get(leagueId) ?? 0));
  }

  standing(leagueId: string): void {
    this.standings.add(leagueId);
  }

  /** The new events' signals (the standings go by `standingsMoved`). */
  messages(): string[] {
    return [...this.events].map(([leagueId, id]) => `${leagueId}:${id}`);
  }
}

/** Gathers leagues for STANDINGS_SIGNAL_MS and hands their `<league>:s` messages to `send` at once; `flush` sends what waits. */
function gatheredStandings(send: (messages: string[]) => Promise<void>, log: FastifyBaseLogger) {
  let waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.size === 0) return;
    const messages = [...waiting].map((leagueId) => `${leagueId}:s`);
    waiting = new Set();
    // Lost, the hubs' standings wait for the next mark's signal (or the next reconnect's full read).
    await send(messages).catch((error: unknown) => log.warn({ err: error }, 'league signals: standings signal failed'));
  };
  return {
    moved(leagueIds: Iterable<string>): void {
      for (const leagueId of leagueIds) waiting.add(leagueId);
      if (waiting.size === 0 || timer !== undefined) return;
      timer = setTimeout(() => void flush(), STANDINGS_SIGNAL_MS);
      timer.unref();
    },
    flush,
  };
}

export function postgresSignals(database: DatabaseHandle, log: FastifyBaseLogger): LeagueSignals {
  const standings = gatheredStandings(async (messages) => {
    await sql`select pg_notify(${LEAGUE_SIGNAL_CHANNEL}, message) from unnest(${messages}::text[]) as message`.execute(database.db);
  }, log);
  return {
    kind: 'postgres',
    async beforeCommit(trx, messages) {
      for (const message of messages) await sql`select pg_notify(${LEAGUE_SIGNAL_CHANNEL}, ${message})`.execute(trx);
    },
    afterCommit: async () => undefined,
    standingsMoved: standings.moved,
    listen: (handlers) => database.listen(LEAGUE_SIGNAL_CHANNEL, handlers),
    close: standings.flush,
  };
}

export async function redisSignals(url: string, log: FastifyBaseLogger): Promise<LeagueSignals> {
  const { Redis } = await import('ioredis');
  // A publisher that queues while reconnecting, and a dedicated subscriber connection.
  const publisher = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 2, lazyConnect: false });
  publisher.on('error', (error: Error) => log.warn({ err: error }, 'league signals: Redis publisher error'));
  const subscribers: InstanceType<typeof Redis>[] = [];
  const publish = async (messages: readonly string[]): Promise<void> => {
    for (const message of messages) await publisher.publish(LEAGUE_SIGNAL_CHANNEL, message);
  };
  const standings = gatheredStandings(publish, log);
  return {
    kind: 'redis',
    beforeCommit: async () => undefined,
    afterCommit: publish,
    standingsMoved: standings.moved,
    async listen(handlers) {
      const subscriber = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: null });
      subscribers.push(subscriber);
      subscriber.on('error', (error: Error) => log.warn({ err: error }, 'league signals: Redis subscriber error'));
      subscriber.on('message', (channel: string, message: string) => {
        if (channel === LEAGUE_SIGNAL_CHANNEL) handlers.onNotify(message);
      });
      // Messages published while the connection was down are lost: the hub reads every league again.
      subscriber.on('close', () => handlers.onConnected(false));
      subscriber.on('ready', () => {
        subscriber.subscribe(LEAGUE_SIGNAL_CHANNEL).then(
          () => handlers.onConnected(true),
          (error: unknown) => log.warn({ err: error }, 'league signals: Redis subscribe failed'),
        );
      });
      await new Promise<void>((resolve, reject) => {
        subscriber.once('ready', () => resolve());
        subscriber.once('end', () => reject(new Error('Redis subscriber closed before it was ready')));
      });
      return async () => {
        subscriber.disconnect();
      };
    },
    async close() {
      await standings.flush();
      for (const subscriber of subscribers) subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
