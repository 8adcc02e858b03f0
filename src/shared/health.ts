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
  summary: 'Readiness: the database is reachable (503 when it is not).',
  tag: 'Health',
  extraResponses: [{ status: 503, description: 'The database is unreachable: `{ status: "unavailable", database }`.' }],
  response: z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['pglite', 'postgres']) }),
});
