import { z } from 'zod';
import { endpoint } from './contract';

export const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process answers.',
  tag: 'Health',
  response: z.object({ status: z.literal('ok') }),
});

export const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  summary: 'Readiness: the database is reachable and the process is not shutting down (503 otherwise).',
  tag: 'Health',
  extraResponses: [
    { status: 503, description: 'The database is unreachable or the process is shutting down: `{ status: "unavailable", database }`.' },
  ],
  response: z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['pglite', 'postgres']) }),
});
