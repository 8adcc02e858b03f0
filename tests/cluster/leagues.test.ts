// Leagues live across a cluster (decisions 082, 083): three app processes from the production
// build on one PostgreSQL database behind nginx (deploy/nginx.conf), signals by PostgreSQL NOTIFY
// or by Redis pub/sub. Players (each its own loopback address, as real browsers are) mark movies
// through nginx while every member holds a live stream; instances are killed with SIGKILL or
// restarted one by one. A checker replays what each subscriber received against the league's
// log: nothing may be missing and nothing may come twice.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicBoard } from '../../src/shared/boards';
import { checkSequence, ReconnectingEventSource } from '../support/event-source';
import { jsonRequest, request } from './http';
import {
  adminQuery,
  createDatabase,
  nginxBinary,
  PORTS,
  requireBuild,
  servedThroughNginx,
  startApp,
  startNginx,
  stopApp,
  waitReady,
  type AppProcess,
  type Nginx,
} from './support';

const LEAGUES = 8;
const PER_LEAGUE = 4;
/** A player's pace: 100 marks a minute, under LEAGUE_RATE_LIMITS.marks (120 per address, counted for the whole cluster). */
const MARK_EVERY_MS = 600;
/** Bounds for things that happen on their own on a loaded 2-core machine, not expectations. */
const SETTLE = { timeout: 60_000, interval: 100 } as const;

type Player = {
  from: string;
  cookie: string;
  code: string;
  leagueId?: string;
  stream?: ReconnectingEventSource;
  start: number;
  next: number;
};

function cookieOf(setCookie: string | string[] | undefined): string {
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((value) => value.startsWith('mingo_player='));
  return line?.split(';')[0] ?? '';
}

function clusterSuite(variant: 'postgres' | 'redis', basePort: number) {
  describe(`leagues live on three instances behind nginx (${variant === 'postgres' ? 'PostgreSQL NOTIFY' : 'Redis pub/sub'})`, () => {
    const appPorts = [basePort + 1, basePort + 2, basePort + 3];
    let tempDir: string;
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let nginx: Nginx | undefined;
    let lb: string;
    const apps: (AppProcess | undefined)[] = [];
    let env: Record<string, string>;
    let board: string[] = [];
    const players: Player[] = [];
    const octet = variant === 'postgres' ? 60 : 70;

    const start = async (index: number) => {
      const app = startApp(appPorts[index] ?? 0, { ...env, DATA_DIR: path.join(tempDir, `app-${index}`) });
      apps[index] = app;
      await waitReady(app, 90_000);
      return app;
    };

    beforeAll(async () => {
      requireBuild();
      nginxBinary();
      tempDir = await mkdtemp(path.join(os.tmpdir(), `mingo-leagues-${variant}-`));
      database = await createDatabase(`mingo_leagues_${variant}`);
      env = {
        DATABASE_URL: database.url,
        AUTH_SECRET: 'leagues-cluster-auth-secret-0123456789abcdef',
        DEMO_DATA: 'false',
        PUBLIC_URL: `http://127.0.0.1:${basePort}`,
        TRUST_PROXY: '1',
        SHUTDOWN_DRAIN_MS: '2000',
        ...(variant === 'redis' ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
      };
      await Promise.all(appPorts.map((_, index) => start(index)));
      nginx = await startNginx(tempDir, basePort, appPorts, 4096);
      lb = nginx.url;
      board = (await request(`${lb}/api/boards/2025`)).json<PublicBoard>().movies.map((movie) => movie.id);

      // Leagues of friends, each player from its own address; everyone's stream through nginx.
      for (let league = 0; league < LEAGUES; league++) {
        const owner = `127.0.${octet}.${10 + league * PER_LEAGUE}`;
        const created = await jsonRequest(
          `${lb}/api/leagues`,
          'POST',
          { name: `League ${league}`, year: 2025, nickname: 'P0' },
          { origin: lb },
          owner,
        );
        expect(created.status, created.text()).toBe(201);
        const { code } = created.json<{ code: string }>();
        players.push({ from: owner, cookie: cookieOf(created.headers['set-cookie']), code, start: 0, next: 0 });
        for (let n = 1; n < PER_LEAGUE; n++) {
          const from = `127.0.${octet}.${10 + league * PER_LEAGUE + n}`;
          const joined = await jsonRequest(`${lb}/api/leagues/${code}/members`, 'POST', { nickname: `P${n}` }, { origin: lb }, from);
          expect(joined.status, joined.text()).toBe(201);
          players.push({ from, cookie: cookieOf(joined.headers['set-cookie']), code, start: 0, next: 0 });
        }
      }
      for (const player of players) {
        const view = (await request(`${lb}/api/leagues/${player.code}`, { headers: { cookie: player.cookie }, from: player.from })).json<{
          lastEventId: number;
        }>();
        player.start = view.lastEventId;
        player.stream = new ReconnectingEventSource(
          `${lb}/api/leagues/${player.code}/events?lastEventId=${view.lastEventId}`,
          { cookie: player.cookie },
          undefined,
          player.from,
        );
      }
      await vi.waitFor(() => expect(players.every((player) => player.stream?.connected)).toBe(true), SETTLE);
    }, 240_000);

    afterAll(async () => {
      for (const player of players) player.stream?.close();
      await nginx?.stop();
      await Promise.all(apps.map((app) => (app === undefined ? undefined : stopApp(app))));
      await database?.drop();
      if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
    }, 60_000);

    /** Each player marks (and unmarks) the board's movies in turn through nginx until `until` says stop. */
    async function markUnderLoad(until: () => boolean): Promise<{ sent: number; failed: string[] }> {
      const failed: string[] = [];
      let sent = 0;
      await Promise.all(
        players.map(async (player) => {
          while (!until()) {
            const index = player.next % 24;
            const movieId = board.filter((_, cell) => cell !== 12)[index] ?? '';
            const change = { movieId, seen: Math.floor(player.next / 24) % 2 === 0, at: new Date().toISOString() };
            player.next += 1;
            sent += 1;
            const reply = await jsonRequest(
              `${lb}/api/me/marks`,
              'PUT',
              { changes: [change] },
              { origin: lb, cookie: player.cookie },
              player.from,
            ).catch((error: unknown) => ({ status: 0, text: () => String(error) }));
            if (reply.status !== 200) failed.push(`${reply.status} ${reply.text().slice(0, 120)}`);
            await new Promise((resolve) => setTimeout(resolve, MARK_EVERY_MS));
          }
        }),
      );
      return { sent, failed };
    }

    /** Waits until every subscriber stands at its league's last event, then checks every sequence. */
    async function expectComplete(): Promise<{ resets: number; drops: number }> {
      const rows = await adminQuery<{ code: string; last_event_id: string }>(database.url, 'select code, last_event_id from leagues');
      const last = new Map(rows.map((row) => [row.code, Number(row.last_event_id)]));
      await vi.waitFor(() => {
        for (const player of players) {
          expect(checkSequence(player.stream?.events ?? [], player.start).end, `${player.code} ${player.from}`).toBe(last.get(player.code));
        }
      }, SETTLE);
      let resets = 0;
      let drops = 0;
      for (const player of players) {
        const check = checkSequence(player.stream?.events ?? [], player.start);
        expect(check.missing, `missing for ${player.from}`).toEqual([]);
        expect(check.twice, `twice for ${player.from}`).toEqual([]);
        resets += check.resets;
        drops += player.stream?.dropped.length ?? 0;
      }
      return { resets, drops };
    }

    it('delivers a mark made through one instance to the streams held by the others, every event once', async () => {
      const { failed } = await markUnderLoad(() => players.every((player) => player.next >= 3));
      expect(failed).toEqual([]);
      const { resets } = await expectComplete();
      expect(resets).toBe(0);
      // The streams are spread over the three instances.
      const upstreams = await Promise.all(appPorts.map((port) => request(`http://127.0.0.1:${port}/healthz`)));
      expect(upstreams.every((reply) => reply.status === 200)).toBe(true);
    });

    it('loses nothing when an instance is killed (SIGKILL) under load: its streams resume elsewhere from Last-Event-ID', async () => {
      const victim = 1;
      let stop = false;
      const load = markUnderLoad(() => stop);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const killed = apps[victim];
      killed?.child.kill('SIGKILL');
      await killed?.exited;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await start(victim);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      stop = true;
      const { sent, failed } = await load;
      const { resets, drops } = await expectComplete();
      expect(drops).toBeGreaterThan(0);
      expect(resets).toBe(0);
      expect(players.every((player) => player.stream?.connected)).toBe(true);
      // A PUT in flight on the killed instance is retried by nginx on another one (PUT is idempotent).
      console.log(`kill -9 (${variant}): ${sent} marks, ${failed.length} failed, ${drops} streams dropped and resumed`);
    });

    if (variant === 'postgres') {
      it('fails no mark and loses no event in a rolling restart under load', async () => {
        let stop = false;
        const load = markUnderLoad(() => stop);
        for (let index = 0; index < appPorts.length; index++) {
          const app = apps[index];
          if (app !== undefined) await stopApp(app, 'SIGTERM');
          const fresh = await start(index);
          await servedThroughNginx(lb, fresh.port);
          // nginx leaves a refused instance out for fail_timeout (1 s here) before it is used again.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        }
        stop = true;
        const { sent, failed } = await load;
        expect(failed).toEqual([]);
        expect(sent).toBeGreaterThan(players.length);
        const { resets } = await expectComplete();
        expect(resets).toBe(0);
      });
    }
  });
}

clusterSuite('postgres', PORTS.leagues);
clusterSuite('redis', PORTS.leaguesRedis);
