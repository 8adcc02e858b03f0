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
 */
export const LEAGUE_SIGNAL_CHANNEL = 'mingo_league_events';

export type LeagueSignals = {
  kind: 'postgres' | 'redis';
  /** Runs inside the writing transaction, last. */
  beforeCommit: (trx: Executor, messages: readonly string[]) => Promise<void>;
  /** Runs once the writing transaction has committed. */
  afterCommit: (messages: readonly string[]) => Promise<void>;
  /** One subscription per process; resolves to a function that stops it. */
  listen: (handlers: NotifyHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** What one writing transaction changed: the last new event per league, and the community leagues whose standings moved. */
export class LeagueChanges {
  private readonly events = new Map<string, number>();
  private readonly standings = new Set<string>();

  event(leagueId: string, eventId: number): void {
    this.events.set(leagueId, Math.max(eventId, this.events.get(leagueId) ?? 0));
  }

  standing(leagueId: string): void {
    this.standings.add(leagueId);
  }

  messages(): string[] {
    return [...[...this.events].map(([leagueId, id]) => `${leagueId}:${id}`), ...[...this.standings].map((leagueId) => `${leagueId}:s`)];
  }
}

export function postgresSignals(database: DatabaseHandle): LeagueSignals {
  return {
    kind: 'postgres',
    async beforeCommit(trx, messages) {
      for (const message of messages) await sql`select pg_notify(${LEAGUE_SIGNAL_CHANNEL}, ${message})`.execute(trx);
    },
    afterCommit: async () => undefined,
    listen: (handlers) => database.listen(LEAGUE_SIGNAL_CHANNEL, handlers),
    close: async () => undefined,
  };
}

export async function redisSignals(url: string, log: FastifyBaseLogger): Promise<LeagueSignals> {
  const { Redis } = await import('ioredis');
  // A publisher that queues while reconnecting, and a dedicated subscriber connection.
  const publisher = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 2, lazyConnect: false });
  publisher.on('error', (error: Error) => log.warn({ err: error }, 'league signals: Redis publisher error'));
  const subscribers: InstanceType<typeof Redis>[] = [];
  return {
    kind: 'redis',
    beforeCommit: async () => undefined,
    async afterCommit(messages) {
      for (const message of messages) await publisher.publish(LEAGUE_SIGNAL_CHANNEL, message);
    },
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
      for (const subscriber of subscribers) subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
