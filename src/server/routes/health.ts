import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { healthz, readyz } from '../../shared/health';
import type { RouteOptions } from '../context';
import { route } from '../route';

export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  route(app, healthz, { access: 'public' }, async () => ({ status: 'ok' as const }));

  route(app, readyz, { access: 'public' }, async ({ request, reply }) => {
    const database = ctx.database.kind;
    try {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ready' as const, database };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      reply.code(503);
      return { status: 'unavailable' as const, database };
    }
  });
};
