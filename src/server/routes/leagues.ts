import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../../shared/errors';
import {
  ADMIN_LEAGUES_PAGE_SIZE,
  adminCloseLeague,
  adminLeagues,
  closeLeague,
  communityLeagues,
  createDeviceLink,
  createLeague,
  drawForLeague,
  forgetMe,
  getLeague,
  getMe,
  joinLeague,
  leagueEvents,
  leaveLeague,
  openCommunityLeague,
  previewLeague,
  putMarks,
  redeemDeviceLink,
  removeMember,
  renameLeague,
  rotateLeagueCode,
} from '../../shared/leagues';
import type { RouteOptions } from '../context';
import { createLeagueHub } from '../leagues/league-hub';
import { createLeagueReads } from '../leagues/league-reads';
import { createLeagueService, type WithKey } from '../leagues/league-service';
import { postgresSignals, redisSignals } from '../leagues/league-signals';
import { clearedPlayerCookie, playerCookie, playerKeyOf } from '../leagues/player-cookie';
import { route } from '../route';

/**
 * Codes cannot be guessed (31⁶ of them), and a guess costs a request: preview and join are limited
 * per client address; so are the calls that make a player.
 */
export const LEAGUE_RATE_LIMITS = {
  preview: { max: 60, timeWindow: '1 minute' },
  join: { max: 20, timeWindow: '1 minute' },
  create: { max: 10, timeWindow: '1 minute' },
  marks: { max: 120, timeWindow: '1 minute' },
  link: { max: 20, timeWindow: '1 minute' },
} as const;

/** Last-Event-ID (header) or ?lastEventId= (a fresh EventSource): a number, or nothing usable. */
function lastEventIdOf(header: string | undefined, query: number | undefined): number | undefined {
  if (header !== undefined && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return query;
}

/** Leagues (DESIGN §10): players, marks, leagues and their live events. */
export const leagueRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const secure = new URL(ctx.config.publicUrl).protocol === 'https:';
  const signals =
    ctx.config.redisUrl === undefined ? postgresSignals(ctx.database, app.log) : await redisSignals(ctx.config.redisUrl, app.log);
  const leagues = createLeagueService(ctx.database.db, {
    memberLimit: ctx.config.leagueMaxMembers,
    publicUrl: ctx.config.publicUrl,
    signals,
    log: app.log,
  });
  // The hub reads on the live connection: a burst of marks waiting for the pool must not hold up
  // the rounds that deliver them.
  const liveReads = createLeagueReads(ctx.database.liveDb, { memberLimit: ctx.config.leagueMaxMembers, publicUrl: ctx.config.publicUrl });
  const hub = await createLeagueHub({ reads: liveReads, signals, log: app.log, limits: ctx.config.leagueStreams });
  // Streams end (with a retry hint) before the database closes.
  app.addHook('preClose', async () => {
    await hub.close();
    await signals.close();
  });

  const keyOf = (request: FastifyRequest): string | null => playerKeyOf(request.headers.cookie);
  /** Answers for a player; a new key (a new player, a spent device link) becomes the cookie. */
  const withCookie = <T>(reply: FastifyReply, { result, newKey }: WithKey<T>): T => {
    if (newKey !== undefined) reply.header('set-cookie', playerCookie(newKey, secure));
    return result;
  };
  const player = { access: 'player' } as const;
  // Answers that depend on who asks: never stored by browsers or shared caches.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  route(app, getMe, player, async ({ request }) => leagues.me(keyOf(request)));

  route(app, forgetMe, player, async ({ request, reply }) => {
    await leagues.forget(keyOf(request));
    reply.header('set-cookie', clearedPlayerCookie(secure));
    return undefined;
  });

  route(app, putMarks, { ...player, rateLimit: LEAGUE_RATE_LIMITS.marks }, async ({ request, reply, body }) => ({
    marks: withCookie(reply, await leagues.syncMarks(keyOf(request), body.changes)),
  }));

  route(app, createDeviceLink, { ...player, rateLimit: LEAGUE_RATE_LIMITS.link }, async ({ request }) =>
    leagues.createLink(keyOf(request)),
  );

  route(app, redeemDeviceLink, { ...player, rateLimit: LEAGUE_RATE_LIMITS.link }, async ({ params, reply }) =>
    withCookie(reply, await leagues.redeemLink(params.token)),
  );

  route(app, createLeague, { ...player, rateLimit: LEAGUE_RATE_LIMITS.create }, async ({ request, reply, body }) =>
    withCookie(reply, await leagues.createLeague(keyOf(request), body)),
  );

  route(app, previewLeague, { access: 'public', rateLimit: LEAGUE_RATE_LIMITS.preview }, async ({ params }) =>
    leagues.preview(params.code),
  );

  route(app, joinLeague, { ...player, rateLimit: LEAGUE_RATE_LIMITS.join }, async ({ request, reply, params, body }) =>
    withCookie(reply, await leagues.join(keyOf(request), params.code, body.nickname)),
  );

  route(app, getLeague, player, async ({ request, params }) => leagues.league(keyOf(request), params.code));

  route(app, renameLeague, player, async ({ request, params, body }) => leagues.rename(keyOf(request), params.code, body.name));

  route(app, rotateLeagueCode, player, async ({ request, params }) => leagues.rotateCode(keyOf(request), params.code));

  route(app, leaveLeague, player, async ({ request, params }) => {
    await leagues.leave(keyOf(request), params.code);
    return undefined;
  });

  route(app, removeMember, player, async ({ request, params }) => {
    await leagues.removeMember(keyOf(request), params.code, params.id);
    return undefined;
  });

  route(app, drawForLeague, player, async ({ request, params }) => leagues.draw(keyOf(request), params.code));

  route(app, closeLeague, player, async ({ request, params }) => {
    await leagues.close(keyOf(request), params.code);
    return undefined;
  });

  route(app, leagueEvents, { ...player, compress: false }, async ({ request, reply, params, query, headers }) => {
    const { league, member, playerId } = await leagues.membership(keyOf(request), params.code);
    if (!hub.canOpen(playerId, request.ip)) throw rateLimited('Too many live league pages are open: close one and reload.');
    reply.hijack();
    const res = reply.raw;
    // The stream is quiet between events; the heartbeat (25 s) is longer than the idle cut (15 s).
    request.raw.socket.setTimeout(0);
    const headersSoFar = Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    );
    // The body ends with the connection, unframed: the hub writes each event's bytes straight to
    // the socket, once per subscriber (league-hub.ts).
    res.removeHeader('transfer-encoding');
    res.writeHead(200, {
      ...Object.fromEntries(headersSoFar),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'close',
      // nginx: pass each event on at once instead of buffering the response.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    await hub.subscribe({
      leagueId: league.id,
      community: league.community,
      address: request.ip,
      playerId,
      memberId: member.id,
      lastEventId: lastEventIdOf(headers['last-event-id'], query.lastEventId),
      res,
    });
    return reply;
  });

  route(app, communityLeagues, { access: 'public' }, async () => leagues.communityLeagues());

  route(app, openCommunityLeague, { access: 'admin' }, async ({ body }) => leagues.openCommunity(body.year));

  route(app, adminLeagues, { access: 'admin' }, async ({ query }) => leagues.adminList(query, ADMIN_LEAGUES_PAGE_SIZE));

  route(app, adminCloseLeague, { access: 'admin' }, async ({ params }) => {
    await leagues.adminClose(params.code);
    return undefined;
  });
};
