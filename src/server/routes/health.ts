import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { healthz, readyz } from '../../shared/health';
import type { RouteOptions } from '../context';

export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get(healthz.path, { config: { access: 'public' } }, async () => ({ status: 'ok' as const }));

  app.get(readyz.path, { config: { access: 'public' } }, async (request, reply) => {
    const database = ctx.database.kind;
    try {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ready' as const, database };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' as const, database });
    }
  });
};
